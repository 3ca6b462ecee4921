import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { createRequire } from 'node:module';
import { PERMISSIONS_POLICY } from './permissions-policy';
import { requestIdFor } from './request-id';

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
  /**
   * The same bytes as text: sent as a string, Node writes head and body in one `write` (a Buffer
   * goes out as a second chunk of a `writev`).
   */
  readonly text: string;
  readonly etag: string;
  private lines?: HeaderLines;

  constructor(value: unknown) {
    this.text = JSON.stringify(value);
    this.body = Buffer.from(this.text, 'utf8');
    this.etag = etagOf(this.body, { weak: true });
  }

  /** Small enough that the pipeline would not compress it (larger ones are left to the pipeline). */
  get sendable(): boolean {
    return this.body.length < COMPRESSION_THRESHOLD_BYTES;
  }

  /** The 200 and 304 header lists for these pipeline headers and extras, made once (the same lists come every time). */
  headerLines(pipelineHeaders: ReadonlyArray<[string, string]>, extra: ReadonlyArray<[string, string]>): HeaderLines {
    const lines = this.lines;
    const sameExtra = lines && (lines.extra === extra || (lines.extra.length === 0 && extra.length === 0));
    if (lines && sameExtra && lines.pipelineHeaders === pipelineHeaders) return lines;
    const common: Record<string, string | number> = {};
    for (const [name, value] of pipelineHeaders) common[name] = value;
    for (const [name, value] of extra) common[name] = value;
    common.etag = this.etag;
    const ok = { ...common, 'content-type': 'application/json; charset=utf-8', 'content-length': this.body.length, vary: 'Accept-Encoding' };
    return (this.lines = { pipelineHeaders, extra, ok: flatHeaderList(ok), notModified: flatHeaderList(common) });
  }
}

/**
 * Prepared answers of a kind whose values repeat (a laugh's `{ laughCount, hasLaughed }` on a hot
 * image): each made once per key and kept, at most `max` of them (all dropped when full; they are
 * remade on demand). The same value always gives the same bytes, so reuse changes no answer.
 */
export class PreparedAnswers<T> {
  private readonly made = new Map<string, PreparedJson>();

  constructor(
    private readonly keyOf: (value: T) => string,
    private readonly max = 1000,
  ) {}

  of(value: T): PreparedJson {
    const key = this.keyOf(value);
    let answer = this.made.get(key);
    if (!answer) {
      if (this.made.size >= this.max) this.made.clear();
      this.made.set(key, (answer = new PreparedJson(value)));
    }
    return answer;
  }
}

/**
 * A prepared answer's headers as flat `[name, value, …]` lists for `writeHead`, ending with an
 * `x-request-id` slot to fill per request. Handed to writeHead whole (no `setHeader` before it),
 * Node writes them straight into the head: no per-request header map (issue 14: the per-request
 * header map was the one allocation of the hot path that lived long enough to be promoted).
 */
export interface HeaderLines {
  readonly pipelineHeaders: ReadonlyArray<[string, string]>;
  readonly extra: ReadonlyArray<[string, string]>;
  readonly ok: readonly string[];
  readonly notModified: readonly string[];
}

function flatHeaderList(headers: Record<string, string | number>): string[] {
  const list: string[] = [];
  for (const [name, value] of Object.entries(headers)) list.push(name, String(value));
  list.push('x-request-id', '');
  return list;
}

/** `lines` with this request's id in its last slot (a copy: the lists are shared). */
export function withRequestId(lines: readonly string[], req: IncomingMessage, res: ServerResponse): string[] {
  const copy = lines.slice();
  // Already set (an Express route: configureApp's first middleware assigned it, and the request log reuses it): kept, so the log and the answer agree.
  const set = res.getHeader('x-request-id');
  copy[copy.length - 1] = typeof set === 'string' ? set : requestIdFor(req);
  return copy;
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
 * ETag, a bodiless 304 when a GET or HEAD is fresh, x-request-id; `status` for an answer other than 200.
 */
export function sendPipelineJson(
  req: IncomingMessage,
  res: ServerResponse,
  answer: PreparedJson,
  pipelineHeaders: ReadonlyArray<[string, string]>,
  extra: ReadonlyArray<[string, string]>,
  status = 200,
): void {
  const lines = answer.headerLines(pipelineHeaders, extra);
  // Express's rule (`req.fresh`: only a GET or HEAD, and "not fresh" at once without a conditional header).
  const conditional =
    (req.method === 'GET' || req.method === 'HEAD') && (req.headers['if-none-match'] !== undefined || req.headers['if-modified-since'] !== undefined);
  if (status === 200 && conditional && isFresh(req.headers, { etag: answer.etag })) {
    res.writeHead(304, withRequestId(lines.notModified, req, res));
    res.end();
    return;
  }
  res.writeHead(status, withRequestId(lines.ok, req, res));
  res.end(answer.text, 'utf8');
}
