import { isUuid } from '../../../shared/ids';
import { ValidationError } from '../../../shared/errors/domain-error';

/** My Edits pages (issue 11: "paged if long"): 30 by default, at most 100. */
export const MY_EDITS_PAGE_SIZE = 30;
export const MY_EDITS_MAX_PAGE_SIZE = 100;

/**
 * Where the next page starts: the last listed image's creation time and id (newest first). The
 * time as PostgreSQL holds it, to the microsecond (issue 29): cut to the millisecond, a cursor
 * skipped the images of the same millisecond (variants share one).
 */
export interface MyEditsCursor {
  /** ISO 8601 in UTC with up to 6 fractional digits (cursors given out before had 3). */
  timestamp: string;
  id: string;
}

/** PostgreSQL's text of the time (shared/pagination's exactTimestampSql), or a Date's ISO form from cursors given out before. */
const CURSOR_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;

export interface MyEditsPageRequest {
  limit: number;
  after: MyEditsCursor | null;
  favoritesOnly: boolean;
}

/** An opaque cursor (base64url of "iso|id"). */
export function encodeCursor(cursor: MyEditsCursor): string {
  return Buffer.from(`${cursor.timestamp}|${cursor.id}`, 'utf8').toString('base64url');
}

export function decodeCursor(raw: string): MyEditsCursor {
  const [iso, id, ...rest] = Buffer.from(raw, 'base64url').toString('utf8').split('|');
  if (rest.length || !isUuid(id) || !CURSOR_TIME.test(iso ?? '') || Number.isNaN(new Date(iso).getTime())) {
    throw new ValidationError('cursor is not one this list gave out');
  }
  return { timestamp: iso, id };
}

/** The query string of GET /api/my-edits, checked: limit 1-100, cursor from a previous page, favorites=true|false. */
export function myEditsPageRequest(query: { limit?: unknown; cursor?: unknown; favorites?: unknown }): MyEditsPageRequest {
  let limit = MY_EDITS_PAGE_SIZE;
  if (query.limit !== undefined) {
    limit = typeof query.limit === 'string' && /^\d{1,3}$/.test(query.limit) ? Number(query.limit) : NaN;
    if (!(limit >= 1 && limit <= MY_EDITS_MAX_PAGE_SIZE)) {
      throw new ValidationError(`limit must be a whole number from 1 to ${MY_EDITS_MAX_PAGE_SIZE}`);
    }
  }
  let after: MyEditsCursor | null = null;
  if (query.cursor !== undefined && query.cursor !== '') {
    if (typeof query.cursor !== 'string' || query.cursor.length > 200) throw new ValidationError('cursor is not one this list gave out');
    after = decodeCursor(query.cursor);
  }
  if (query.favorites !== undefined && query.favorites !== 'true' && query.favorites !== 'false') {
    throw new ValidationError('favorites must be true or false');
  }
  return { limit, after, favoritesOnly: query.favorites === 'true' };
}
