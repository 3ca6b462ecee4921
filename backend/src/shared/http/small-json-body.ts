import type { IncomingMessage } from 'node:http';

/** The bodies a write hot path reads at most (a laugh's is ~60 bytes); larger ones go the normal way. */
export const SMALL_JSON_BODY_MAX_BYTES = 4096;

/**
 * The length of a body a hot path may read exactly as `express.json()` would parse it: declared by
 * Content-Length (1 to `limit` bytes, at most SMALL_JSON_BODY_MAX_BYTES), `application/json` in
 * UTF-8, not compressed, not chunked. null for anything else: the request is then left unread to
 * the pipeline, whose parser answers it.
 */
export function smallJsonBodyLength(req: IncomingMessage, limit: number): number | null {
  const headers = req.headers;
  if (headers['transfer-encoding'] !== undefined || headers['content-encoding'] !== undefined) return null;
  const type = headers['content-type'];
  if (type === undefined || !isUtf8Json(type)) return null;
  const declared = headers['content-length'];
  if (declared === undefined || !/^[0-9]{1,7}$/.test(declared)) return null;
  const length = Number(declared);
  return length >= 1 && length <= Math.min(limit, SMALL_JSON_BODY_MAX_BYTES) ? length : null;
}

function isUtf8Json(contentType: string): boolean {
  const [mime, ...params] = contentType.toLowerCase().split(';').map((part) => part.trim());
  return mime === 'application/json' && params.every((p) => p === 'charset=utf-8' || p === 'charset="utf-8"');
}

/** body-parser's refusal of a body that is not JSON, as mapError reads it (400, "not valid JSON"). */
export class JsonBodyParseError extends Error {
  readonly status = 400;
  readonly statusCode = 400;
  readonly expose = true;
  readonly type = 'entity.parse.failed';
}

/** The client went away before the whole body arrived: there is nobody to answer. */
export class BodyAbortedError extends Error {}

const decoder = new TextDecoder('utf-8'); // strips a BOM and replaces broken sequences, as the parser's decoder does

/**
 * Reads a body whose length smallJsonBodyLength accepted and parses it with express.json()'s rules
 * (strict: an object or an array only): the value, or a JsonBodyParseError, or BodyAbortedError.
 */
export function readSmallJsonBody(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('error', () => reject(new BodyAbortedError('The request was aborted')));
    req.on('close', () => {
      if (!req.complete) reject(new BodyAbortedError('The request was aborted'));
    });
    req.on('end', () => {
      const text = decoder.decode(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
      const first = /^[\x20\x09\x0a\x0d]*([^\x20\x09\x0a\x0d])/.exec(text)?.[1];
      if (first !== '{' && first !== '[') return reject(new JsonBodyParseError('The body is not a JSON object or array'));
      try {
        resolve(JSON.parse(text));
      } catch (e) {
        reject(new JsonBodyParseError((e as Error).message));
      }
    });
  });
}
