import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

/** A request's id: a well-formed incoming `x-request-id` is kept, so a proxy's id follows the request through; otherwise a new UUID. */
export function requestIdFor(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * The request id of a request (requestIdFor), set as the `x-request-id` response header; the one
 * already set when it has one (configureApp assigns it first thing, so answers given before the
 * request log runs, such as the NUL or cross-site refusals, carry it too, and the log agrees).
 */
export function assignRequestId(req: IncomingMessage, res: ServerResponse): string {
  const set = res.getHeader('x-request-id');
  if (typeof set === 'string') return set;
  const id = requestIdFor(req);
  res.setHeader('x-request-id', id);
  return id;
}
