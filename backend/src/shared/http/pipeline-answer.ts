import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { createRequire } from 'node:module';
import { PERMISSIONS_POLICY } from './permissions-policy';
import { assignRequestId } from './request-id';

// Express's own ETag and freshness rules (the very modules it uses), so a hot-path answer carries
// the ETag the pipeline would send and answers 304 exactly when the pipeline would.
const fromExpress = createRequire(require.resolve('express'));
const etagOf = fromExpress('etag') as (body: Buffer, options: { weak: boolean }) => string;
const isFresh = fromExpress('fresh') as (reqHeaders: Record<string, unknown>, resHeaders: Record<string, unknown>) => boolean;

/** Below this the compression middleware sends a body as it is (its default threshold). */
const COMPRESSION_THRESHOLD_BYTES = 1024;

/** A JSON answer's bytes and the weak ETag Express would give them. */
export class PreparedJson {
  readonly body: Buffer;
  readonly etag: string;

  constructor(value: unknown) {
    this.body = Buffer.from(JSON.stringify(value), 'utf8');
    this.etag = etagOf(this.body, { weak: true });
  }

  /** Small enough that the pipeline would not compress it (larger ones are left to the pipeline). */
  get sendable(): boolean {
    return this.body.length < COMPRESSION_THRESHOLD_BYTES;
  }
}

/**
 * The headers the pipeline's own middleware sets on every answer (helmet as configured, the
 * Permissions-Policy), read once by running that middleware against a real response object,
 * so a hot-path answer cannot drift from the pipeline's (ADR 0021; test/scale/hot-path compares them).
 */
type NodeMiddleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

export function headersSetBy(middleware: NodeMiddleware[]): ReadonlyArray<[string, string]> {
  const req = new IncomingMessage(new Socket());
  req.method = 'GET';
  req.url = '/api/health';
  const res = new ServerResponse(req);
  for (const m of middleware) {
    let passed = false;
    m(req, res, (err?: unknown) => {
      if (err) throw err instanceof Error ? err : new Error(String(err));
      passed = true;
    });
    if (!passed) throw new Error('A pipeline header middleware did not pass the request on synchronously');
  }
  const headers: Array<[string, string]> = [];
  for (const [name, value] of Object.entries(res.getHeaders())) {
    if (value !== undefined) headers.push([name, Array.isArray(value) ? value.join(', ') : String(value)]);
  }
  return headers;
}

/** The pipeline's headers when configureApp did not provide them (the Permissions-Policy only: hot paths then stay off). */
export const NO_PIPELINE_HEADERS: ReadonlyArray<[string, string]> = [['permissions-policy', PERMISSIONS_POLICY]];

/**
 * Sends a small JSON answer from a hot path exactly as the pipeline sends it (Express's res.json
 * behind compression and helmet): the pipeline's headers, `extra` (e.g. cache-control), the weak
 * ETag, a bodiless 304 when the request is fresh, x-request-id.
 */
export function sendPipelineJson(
  req: IncomingMessage,
  res: ServerResponse,
  answer: PreparedJson,
  pipelineHeaders: ReadonlyArray<[string, string]>,
  extra: ReadonlyArray<[string, string]>,
): void {
  assignRequestId(req, res);
  const headers: Record<string, string | number> = {};
  for (const [name, value] of pipelineHeaders) headers[name] = value;
  for (const [name, value] of extra) headers[name] = value;
  headers.etag = answer.etag;
  if (isFresh(req.headers, { etag: answer.etag })) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  headers['content-type'] = 'application/json; charset=utf-8';
  headers['content-length'] = answer.body.length;
  headers.vary = 'Accept-Encoding';
  res.writeHead(200, headers);
  res.end(answer.body);
}
