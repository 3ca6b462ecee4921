import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { matchesIfNoneMatch } from './if-none-match';
import { PERMISSIONS_POLICY } from './permissions-policy';
import { withRequestId } from './pipeline-answer';

/** Below this size gzip is not worth it (the compression middleware's default threshold). */
const GZIP_THRESHOLD_BYTES = 1024;

/**
 * A JSON answer serialised once and sent many times: its bytes, a strong ETag over them, and the
 * gzip form made on first demand.
 */
export class CachedJson {
  readonly body: Buffer;
  readonly etag: string;
  private gzipped?: Buffer;
  /** The header lists of its answers (304, as is, gzipped), made on first use (pipeline-answer's HeaderLines). */
  private lines?: { notModified: string[]; identity: string[]; gzip?: string[] };

  /** `headers`: more headers for every answer of it (a leaderboard page's X-Next-Cursor, D44). */
  constructor(
    value: unknown,
    private readonly headers: ReadonlyArray<[string, string]> = [],
  ) {
    this.body = Buffer.from(JSON.stringify(value), 'utf8');
    this.etag = `"${createHash('sha1').update(this.body).digest('base64url')}"`;
  }

  get gzip(): Buffer {
    this.gzipped ??= gzipSync(this.body, { level: 6 });
    return this.gzipped;
  }

  /** The flat header list of one of its answers, ending with an `x-request-id` slot (withRequestId). */
  headerLines(kind: 'notModified' | 'identity' | 'gzip'): readonly string[] {
    const lines = (this.lines ??= {
      notModified: headerList(this.etag, this.headers),
      identity: headerList(this.etag, [...this.headers, ['content-length', String(this.body.length)]]),
    });
    if (kind === 'gzip') {
      return (lines.gzip ??= headerList(this.etag, [...this.headers, ['content-encoding', 'gzip'], ['content-length', String(this.gzip.length)]]));
    }
    return lines[kind];
  }
}

function headerList(etag: string, more: ReadonlyArray<[string, string]>): string[] {
  const list = ['etag', etag];
  for (const [name, value] of [...BASE_HEADERS, ...more]) list.push(name, value);
  list.push('x-request-id', '');
  return list;
}

/**
 * Headers of a cached public JSON answer. The hot path skips helmet, so the ones that matter for a
 * JSON document are set here (a JSON answer needs no script or frame allowance at all).
 */
const BASE_HEADERS: ReadonlyArray<[string, string]> = [
  ['content-type', 'application/json; charset=utf-8'],
  // Public, but a laugh or a new edit must show on the next read: always revalidate (ETag).
  ['cache-control', 'no-cache'],
  ['vary', 'Accept-Encoding'],
  ['x-content-type-options', 'nosniff'],
  ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
  ['cross-origin-resource-policy', 'same-origin'],
  ['referrer-policy', 'no-referrer'],
  ['permissions-policy', PERMISSIONS_POLICY],
];

function acceptsGzip(req: IncomingMessage): boolean {
  const accept = req.headers['accept-encoding'];
  return typeof accept === 'string' && /\bgzip\b(?!;q=0(\.0*)?(,|$))/.test(accept);
}

/**
 * Sends a cached JSON answer: 304 on a matching If-None-Match, gzip when accepted. Headers go out
 * in one writeHead (merged with any set earlier, e.g. by helmet on the Express path).
 */
export function sendCachedJson(req: IncomingMessage, res: ServerResponse, cached: CachedJson): void {
  if (matchesIfNoneMatch(req.headers['if-none-match'], cached.etag)) {
    res.writeHead(304, withRequestId(cached.headerLines('notModified'), req, res));
    res.end();
    return;
  }
  const gzip = cached.body.length >= GZIP_THRESHOLD_BYTES && acceptsGzip(req);
  res.writeHead(200, withRequestId(cached.headerLines(gzip ? 'gzip' : 'identity'), req, res));
  res.end(req.method === 'HEAD' ? undefined : gzip ? cached.gzip : cached.body);
}
