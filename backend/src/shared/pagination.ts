import { createHash } from 'node:crypto';
import { ValidationError } from './errors/domain-error';
import { isUuid } from './ids';

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
  /**
   * D44: where a list that pages by keyset starts: the X-Next-Cursor of the page before. Never with
   * `offset`; read only by the lists that give cursors out (each checks it is one of its own).
   */
  cursor?: string;
}

/** One page of a list and how many items match in all (for the pager). */
export interface Page<T> {
  items: T[];
  total: number;
  limit: number;
  offset: number;
  /** D44: `total` is the planner's estimate (only ever above ESTIMATE_ABOVE rows). */
  totalIsEstimate?: boolean;
  /** D44: a full page of a keyset list names the page after it (sent as X-Next-Cursor). */
  nextCursor?: string;
}

/** D44: a list's total is counted exactly up to this many rows; above, it may be an estimate, and says so. */
export const ESTIMATE_ABOVE = 10_000;

/** The page asked for, with the defaults filled in; anything out of range is a ValidationError (400). */
export function pageRequest(request: PageRequest = {}): { limit: number; offset: number; cursor?: string } {
  const limit = request.limit ?? PAGE_SIZE;
  const offset = request.offset ?? 0;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE_SIZE) {
    throw new ValidationError(`limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`);
  }
  if (!Number.isInteger(offset) || offset < 0) throw new ValidationError('offset must be a whole number, 0 or more');
  if (request.cursor === undefined || request.cursor === '') return { limit, offset };
  if (request.offset !== undefined) throw new ValidationError('cursor and offset cannot be used together');
  return { limit, offset, cursor: request.cursor };
}

/** The header a full page of a keyset list names the next page's cursor in (the leaderboard, My Edits, the admin lists). */
export const NEXT_CURSOR_HEADER = 'x-next-cursor';
/** The 400's message for a cursor that is not one of the list's own (every keyset list: D44, My Edits). */
export const CURSOR_REFUSED = 'cursor is not one this list gave out';
const LIST_CURSOR_MAX = 300;

/**
 * D44, issue 29: the cursors of the admin lists. base64url of "list|part|part…": opaque to the
 * client, and each list accepts only its own (a users cursor on the ledger is a 400). They are not
 * signed (unlike the leaderboard's, ADR 0035): they carry no rank to forge, only where to start,
 * and whoever may read a page may read every row of the list.
 */
export function encodeListCursor(list: string, parts: readonly string[]): string {
  return Buffer.from([list, ...parts].join('|'), 'utf8').toString('base64url');
}

/** The parts of `list`'s cursor; a ValidationError (400) for anything else. */
export function decodeListCursor(list: string, raw: string, count: number): string[] {
  if (raw.length > LIST_CURSOR_MAX || !/^[A-Za-z0-9_-]+$/.test(raw)) throw new ValidationError(CURSOR_REFUSED);
  const text = Buffer.from(raw, 'base64url').toString('utf8');
  // Only the text we wrote: base64url decoding ignores a last character's spare bits (and bytes
  // that are not UTF-8 would read as U+FFFD), so the cursor must be what its text encodes to.
  if (Buffer.from(text, 'utf8').toString('base64url') !== raw) throw new ValidationError(CURSOR_REFUSED);
  const [tag, ...parts] = text.split('|');
  if (tag !== list || parts.length !== count || parts.some((p) => p === '')) throw new ValidationError(CURSOR_REFUSED);
  return parts;
}

/** A row of a list newest first by (time, uuid): the time as exactTimestampSql writes it. */
export interface TimeKey {
  timestamp: string;
  id: string;
}

/**
 * What a cursor was given out for besides its list: the search text or filters of the page (a page
 * of another search after it would start at a row its reader never saw). A short hash, so that a
 * long search keeps the cursor short.
 */
export function cursorScope(...filters: ReadonlyArray<string | undefined>): string {
  return createHash('sha256').update(JSON.stringify(filters.map((f) => f ?? null))).digest('base64url').slice(0, 12);
}

export function encodeTimeCursor(list: string, key: TimeKey, scope: string): string {
  return encodeListCursor(list, [key.timestamp, key.id, scope]);
}

/** The key of `list`'s cursor given out for `scope` (cursorScope); a ValidationError (400) for anything else. */
export function decodeTimeCursor(list: string, raw: string, scope: string): TimeKey {
  const [timestamp, id, given] = decodeListCursor(list, raw, 3);
  if (!EXACT_TIMESTAMP.test(timestamp) || Number.isNaN(new Date(timestamp).getTime()) || !isUuid(id) || given !== scope) {
    throw new ValidationError(CURSOR_REFUSED);
  }
  return { timestamp, id: id.toLowerCase() };
}

/**
 * The rows after `(timestamp, id)` in a list ordered `column DESC, idColumn DESC`, as SQL over two
 * parameters ($ts, $id). The lone `column <=` lets an index on the time alone seek to the cursor;
 * the row comparison then drops the ties already shown.
 */
export function timeKeyAfterSql(column: string, idColumn: string, tsParam: string, idParam: string): string {
  return `(${column} <= ${tsParam}::timestamptz AND (${column}, ${idColumn}) < (${tsParam}::timestamptz, ${idParam}::uuid))`;
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
