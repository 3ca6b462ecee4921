import { isUuid } from '../../../shared/ids';
import { ValidationError } from '../../../shared/errors/domain-error';

/** My Edits pages (issue 11: "paged if long"): 30 by default, at most 100. */
export const MY_EDITS_PAGE_SIZE = 30;
export const MY_EDITS_MAX_PAGE_SIZE = 100;

/** Where the next page starts: the last listed image's creation time and id (newest first). */
export interface MyEditsCursor {
  timestamp: Date;
  id: string;
}

export interface MyEditsPageRequest {
  limit: number;
  after: MyEditsCursor | null;
  favoritesOnly: boolean;
}

/** An opaque cursor (base64url of "iso|id"). */
export function encodeCursor(cursor: MyEditsCursor): string {
  return Buffer.from(`${cursor.timestamp.toISOString()}|${cursor.id}`, 'utf8').toString('base64url');
}

export function decodeCursor(raw: string): MyEditsCursor {
  const [iso, id, ...rest] = Buffer.from(raw, 'base64url').toString('utf8').split('|');
  const timestamp = new Date(iso ?? '');
  if (rest.length || !isUuid(id) || Number.isNaN(timestamp.getTime()) || timestamp.toISOString() !== iso) {
    throw new ValidationError('cursor is not one this list gave out');
  }
  return { timestamp, id };
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
