import { ValidationError } from './errors/domain-error';

/** D32: admin lists are paged on the server, 50 a page, newest first. */
export const PAGE_SIZE = 50;
/** The largest page any list answers. */
export const MAX_PAGE_SIZE = 200;

/** What a caller asks for; both are optional. */
export interface PageRequest {
  /** 1 to MAX_PAGE_SIZE; PAGE_SIZE when left out. */
  limit?: number;
  /** 0 or more; 0 when left out. */
  offset?: number;
}

/** One page of a list and how many items match in all (for the pager). */
export interface Page<T> {
  items: T[];
  total: number;
  limit: number;
  offset: number;
  /** D44: `total` is the planner's estimate (only ever above ESTIMATE_ABOVE rows). */
  totalIsEstimate?: boolean;
}

/** D44: a list's total is counted exactly up to this many rows; above, it may be an estimate, and says so. */
export const ESTIMATE_ABOVE = 10_000;

/** The page asked for, with the defaults filled in; anything out of range is a ValidationError (400). */
export function pageRequest(request: PageRequest = {}): { limit: number; offset: number } {
  const limit = request.limit ?? PAGE_SIZE;
  const offset = request.offset ?? 0;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE_SIZE) {
    throw new ValidationError(`limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`);
  }
  if (!Number.isInteger(offset) || offset < 0) throw new ValidationError('offset must be a whole number, 0 or more');
  return { limit, offset };
}

/**
 * Keyset cursors (issue 29, D44): a row's timestamp as PostgreSQL holds it, to the microsecond, in
 * UTC. A cursor made from a JavaScript Date keeps milliseconds only and skips the rows that share
 * one (variants share one `now()`).
 */
export function exactTimestampSql(column: string): string {
  return `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/** What exactTimestampSql writes (and a Date's toISOString, for cursors given out before). */
export const EXACT_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;
