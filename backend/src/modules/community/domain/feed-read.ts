import { ValidationError } from '../../../shared/errors/domain-error';

export const FEED_DEFAULT_LIMIT = 20;
export const LEADERBOARD_PAGE_SIZE = 10;
export const MAX_LIMIT = 50;

/** A feed or leaderboard read, normalised (D16): equal reads share one cache entry. */
export type FeedRead = { kind: 'recent'; limit: number } | { kind: 'leaderboard'; limit: number; offset: number };

export type FeedReadParams = Partial<Record<'limit' | 'page' | 'offset', string>>;

/** The query parameters a feed read may carry; any other one is not a read this API documents. */
export const FEED_READ_PARAMS: ReadonlySet<string> = new Set(['limit', 'page', 'offset']);

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
 * takes `limit` (1..50, default 20); the leaderboard takes `page` (pages of 10, from 1), which wins
 * over `limit` (1..50, default 10) and `offset` (default 0).
 */
export function parseFeedRead(kind: FeedRead['kind'], q: FeedReadParams): FeedRead {
  if (kind === 'recent') return { kind, limit: parseIntParam('limit', q.limit, FEED_DEFAULT_LIMIT, 1, MAX_LIMIT) };
  if (q.page !== undefined && q.page !== '') {
    const page = parseIntParam('page', q.page, 1, 1, 1_000_000);
    return { kind, limit: LEADERBOARD_PAGE_SIZE, offset: (page - 1) * LEADERBOARD_PAGE_SIZE };
  }
  return {
    kind,
    limit: parseIntParam('limit', q.limit, LEADERBOARD_PAGE_SIZE, 1, MAX_LIMIT),
    offset: parseIntParam('offset', q.offset, 0, 0, 1_000_000_000),
  };
}

/** The cache key of a normalised read (`recent:20`, `leaderboard:10:0`). */
export function feedReadKey(read: FeedRead): string {
  return read.kind === 'recent' ? `recent:${read.limit}` : `leaderboard:${read.limit}:${read.offset}`;
}
