import { ApiQuery } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthUser } from '../../../../shared/auth/auth-user';
import { ValidationError } from '../../../../shared/errors/domain-error';
import { ApiErrors } from '../../../../shared/http/openapi/api-errors';
import { NEXT_CURSOR_HEADER, type Page, type PageRequest } from '../../../../shared/pagination';
import type { AdminActor } from '../../domain/audit';
import { CLIENT_KEY_PATTERN } from '../../domain/credit-adjustment';

/** The paging query every admin list takes: `?limit=&offset=` (whole numbers; ranges checked by pageRequest); `cursor` on keyset lists. */
export interface PageQuery {
  limit?: unknown;
  offset?: unknown;
  cursor?: unknown;
}

function wholeNumber(name: string, value: unknown): number | undefined {
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || !/^\d{1,9}$/.test(value)) throw new ValidationError(`${name} must be a whole number`);
  return Number(value);
}

/** The paging query of every admin list in the API document (ADR 0027), and its 400. */
export function PagingQuery(): MethodDecorator {
  return (target, key, descriptor) => {
    ApiQuery({ name: 'limit', required: false, type: Number, description: '1-200, default 50 (D32).' })(target, key, descriptor);
    ApiQuery({ name: 'offset', required: false, type: Number, description: '0 or more.' })(target, key, descriptor);
    ApiErrors({ 400: { 'VALIDATION.FAILED': 'limit (1-200) or offset (0 or more) is not a whole number in range.' } })(target, key, descriptor);
  };
}

/**
 * D44: the paging query of the admin lists that page by keyset: `?limit=&offset=` as every list,
 * or `?cursor=` (a page's X-Next-Cursor; never with offset).
 */
export function CursorPagingQuery(): MethodDecorator {
  return (target, key, descriptor) => {
    ApiQuery({ name: 'limit', required: false, type: Number, description: '1-200, default 50 (D32).' })(target, key, descriptor);
    ApiQuery({ name: 'offset', required: false, type: Number, description: '0 or more; never with cursor.' })(target, key, descriptor);
    ApiQuery({ name: 'cursor', required: false, type: String, description: "D44: the page after a full page's X-Next-Cursor (this list's own, for the same filters)." })(
      target,
      key,
      descriptor,
    );
    ApiErrors({
      400: { 'VALIDATION.FAILED': 'limit (1-200) or offset (0 or more) is not a whole number in range, cursor is not one this list gave out, or cursor with offset.' },
    })(target, key, descriptor);
  };
}

/** The header of every admin list's answer (listAnswer). */
export const TOTAL_COUNT = {
  'X-Total-Count': { description: 'How many there are over all pages (D32); above 10,000 possibly an estimate (D44).', schema: { type: 'integer' } },
  'X-Total-Count-Estimated': { description: "D44: 'true' when X-Total-Count is the planner's estimate (only above 10,000).", required: false, schema: { type: 'string' } },
} as const;

/** The headers of a keyset list's answer: TOTAL_COUNT and, on a full page, the next page's cursor. */
export const TOTAL_COUNT_AND_CURSOR = {
  ...TOTAL_COUNT,
  'X-Next-Cursor': { description: 'D44: on a full page, `cursor` for the page after it.', required: false, schema: { type: 'string' } },
} as const;

export function pageOf(query: PageQuery): PageRequest {
  return { limit: wholeNumber('limit', query.limit), offset: wholeNumber('offset', query.offset) };
}

/** pageOf and D44's `cursor` (at most 300 characters; empty is none; whose it is, the list checks). */
export function cursorPageOf(query: PageQuery): PageRequest {
  const cursor = textParam('cursor', query.cursor, 300);
  return { ...pageOf(query), ...(cursor ? { cursor } : {}) };
}

/** An optional text query parameter given at most once. */
export function textParam(name: string, value: unknown, max = 255): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new ValidationError(`${name} may be given once`);
  if (value.length > max) throw new ValidationError(`${name} must be at most ${max} characters`);
  return value;
}

/**
 * The spec's lists answer the list itself (001 §7); the total over all pages travels in
 * X-Total-Count (D32: the dashboard pages through it).
 */
export function listAnswer<T>(res: Response, page: Page<T>): T[] {
  res.setHeader('X-Total-Count', String(page.total));
  if (page.totalIsEstimate) res.setHeader('X-Total-Count-Estimated', 'true');
  if (page.nextCursor) res.setHeader(NEXT_CURSOR_HEADER, page.nextCursor);
  return page.items;
}

export function actorOf(user: AuthUser): AdminActor {
  return { id: user.id, email: user.email };
}

/** D32: the dashboard's Idempotency-Key, when sent; a malformed one is a 400, not ignored. */
export function clientKeyOf(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (!CLIENT_KEY_PATTERN.test(header)) throw new ValidationError('Idempotency-Key must be 1-100 letters, digits or _ : . -');
  return header;
}
