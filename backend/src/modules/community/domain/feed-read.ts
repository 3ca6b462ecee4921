import { ValidationError } from '../../../shared/errors/domain-error';

export const FEED_DEFAULT_LIMIT = 20;
export const LEADERBOARD_PAGE_SIZE = 10;
export const MAX_LIMIT = 50;
/** D44: `?page` and `?offset` reach the first 100 pages; later pages are read by cursor. */
export const MAX_NUMBERED_PAGES = 100;
export const MAX_OFFSET = (MAX_NUMBERED_PAGES - 1) * LEADERBOARD_PAGE_SIZE;

/** A feed or leaderboard read, normalised (D16): equal reads share one cache entry. */
export type FeedRead =
  | { kind: 'recent'; limit: number }
  | { kind: 'leaderboard'; limit: number; offset: number }
  /** D44: the page after a cursor (X-Next-Cursor of the page before). */
  | { kind: 'leaderboard'; limit: number; cursor: string };

export type FeedReadParams = Partial<Record<'limit' | 'page' | 'offset' | 'cursor', string>>;

/** The query parameters a feed read may carry; any other one is not a read this API documents. */
export const FEED_READ_PARAMS: ReadonlySet<string> = new Set(['limit', 'page', 'offset', 'cursor']);

/** An integer query parameter within [min, max]; absent or empty means `def`. */
export function parseIntParam(name: string, raw: unknown, def: number, min: number, max: number): number {
  if (raw === undefined || raw === '') return def;
  const s = String(raw);
  if (!/^-?\d+$/.test(s)) throw new ValidationError(`${name} must be an integer between ${min} and ${max}`);
  const n = Number(s);
  if (n < min || n > max) throw new ValidationError(`${name} must be an integer between ${min} and ${max}`);
  return n;
}

/**
 * Validates like the API documents it; throws ValidationError (400) on a bad value. The recent feed
 * takes `limit` (1..50, default 20); the leaderboard takes `page` (pages of 10, 1..100), which wins
 * over `limit` (1..50, default 10) and `offset` (0..990, default 0); or, after the 100th page,
 * `cursor` (with `limit`, not with `page` or `offset`), checked by whoever holds the key (D44).
 */
export function parseFeedRead(kind: FeedRead['kind'], q: FeedReadParams): FeedRead {
  if (kind === 'recent') return { kind, limit: parseIntParam('limit', q.limit, FEED_DEFAULT_LIMIT, 1, MAX_LIMIT) };
  const has = (v: string | undefined) => v !== undefined && v !== '';
  if (has(q.cursor)) {
    if (has(q.page) || has(q.offset)) throw new ValidationError('cursor cannot be combined with page or offset');
    return { kind, limit: parseIntParam('limit', q.limit, LEADERBOARD_PAGE_SIZE, 1, MAX_LIMIT), cursor: q.cursor! };
  }
  if (has(q.page)) {
    if (/^\d+$/.test(q.page!) && Number(q.page) > MAX_NUMBERED_PAGES) {
      throw new ValidationError(`page must be an integer between 1 and ${MAX_NUMBERED_PAGES}; later pages are read with cursor (each page's X-Next-Cursor header)`);
    }
    const page = parseIntParam('page', q.page, 1, 1, MAX_NUMBERED_PAGES);
    return { kind, limit: LEADERBOARD_PAGE_SIZE, offset: (page - 1) * LEADERBOARD_PAGE_SIZE };
  }
  return {
    kind,
    limit: parseIntParam('limit', q.limit, LEADERBOARD_PAGE_SIZE, 1, MAX_LIMIT),
    offset: parseIntParam('offset', q.offset, 0, 0, MAX_OFFSET),
  };
}

/** The cache key of a normalised read (`recent:20`, `leaderboard:10:0`, `leaderboard:10:c:…`). */
export function feedReadKey(read: FeedRead): string {
  if (read.kind === 'recent') return `recent:${read.limit}`;
  return 'cursor' in read ? `leaderboard:${read.limit}:c:${read.cursor}` : `leaderboard:${read.limit}:${read.offset}`;
}
