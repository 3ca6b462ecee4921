import { DomainError, DomainErrorKind } from '../errors/domain-error';

/** The body every failed /api call answers with (the spec's client reads message and error). */
export interface ErrorBody {
  message: string;
  error: string;
  code: string;
  details?: unknown;
  correlationId?: string;
}

export const STATUS_BY_KIND: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported_media_type: 415,
  unprocessable: 422,
  rate_limited: 429,
  unavailable: 503,
};

const CODE_BY_STATUS: Record<number, string> = {
  400: 'HTTP.BAD_REQUEST',
  401: 'HTTP.UNAUTHENTICATED',
  402: 'HTTP.PAYMENT_REQUIRED',
  403: 'HTTP.FORBIDDEN',
  404: 'HTTP.NOT_FOUND',
  405: 'HTTP.METHOD_NOT_ALLOWED',
  409: 'HTTP.CONFLICT',
  413: 'HTTP.PAYLOAD_TOO_LARGE',
  415: 'HTTP.UNSUPPORTED_MEDIA_TYPE',
  422: 'HTTP.UNPROCESSABLE',
  429: 'HTTP.RATE_LIMITED',
  503: 'HTTP.UNAVAILABLE',
};

/** Shape of the errors thrown by Nest's HttpException and by body-parser / http-errors. */
interface HttpLikeError {
  getStatus?: () => number;
  getResponse?: () => unknown;
  status?: unknown;
  statusCode?: unknown;
  expose?: unknown;
  type?: unknown;
  message?: unknown;
}

export interface MappedError {
  status: number;
  body: ErrorBody;
  /** True when the cause is unknown: logged in full, shown to the client only as a 500. */
  unexpected: boolean;
}

/**
 * Turns anything thrown while serving a request into a status and the spec's body.
 * Never leaks a stack trace or an internal message for an unexpected error.
 */
export function mapError(exception: unknown, correlationId: string): MappedError {
  if (exception instanceof DomainError) {
    const body: ErrorBody = { message: exception.message, error: exception.error, code: exception.code };
    if (exception.details !== undefined) body.details = exception.details;
    return { status: STATUS_BY_KIND[exception.kind], body, unexpected: false };
  }

  const http = exception as HttpLikeError | null;
  if (http && typeof http.getStatus === 'function') {
    const status = http.getStatus();
    if (status >= 500) return internal(correlationId);
    const message = httpExceptionMessage(http.getResponse?.(), http.message);
    return { status, body: { message, error: message, code: CODE_BY_STATUS[status] ?? `HTTP.${status}` }, unexpected: false };
  }

  // body-parser and friends: http-errors with `expose` for client errors.
  const status = Number(http?.status ?? http?.statusCode);
  if (http && Number.isInteger(status) && status >= 400 && status < 500 && http.expose === true) {
    const rawMessage = String(http.message ?? 'Bad request');
    if (http.type === 'entity.parse.failed' && /call stack/i.test(rawMessage)) {
      // JSON.parse itself ran out of stack on a deeply nested body (engines that parse recursively).
      const message = TOO_DEEP_MESSAGE;
      return { status: 400, body: { message, error: message, code: 'HTTP.BODY_TOO_DEEP' }, unexpected: false };
    }
    const message = bodyParserMessage(http.type, status, rawMessage);
    return { status, body: { message, error: message, code: CODE_BY_STATUS[status] ?? `HTTP.${status}` }, unexpected: false };
  }

  // Issue 9, the safety net behind safeInputOnly: text PostgreSQL cannot store (a NUL character
  // in a field no middleware saw, e.g. a multipart prompt or a path segment) is the caller's
  // input, not our failure. Node strings always encode to valid UTF-8, so NUL is the only cause.
  if (UNSTORABLE_TEXT_CODES.has(postgresErrorCode(exception) ?? '')) {
    const message = NUL_MESSAGE;
    return { status: 400, body: { message, error: message, code: 'HTTP.NUL_CHARACTER' }, unexpected: false };
  }

  // Issue 24: the database's own limits (DB_LOCK_TIMEOUT_MS, DB_STATEMENT_TIMEOUT_MS,
  // DB_POOL_WAIT_MS) say "too busy right now", not "broken": a 503 the client may retry, logged as
  // a warning by the caller, never a 500.
  if (isDatabaseBusy(exception)) {
    const message = BUSY_MESSAGE;
    return { status: 503, body: { message, error: message, code: 'DATABASE.BUSY' }, unexpected: false };
  }

  return internal(correlationId);
}

export const BUSY_MESSAGE = 'The server is busy right now. Please try again in a moment.';

/**
 * 55P03 lock_not_available (lock_timeout), 57014 query_canceled (statement_timeout), or no pooled
 * connection came free within DB_POOL_WAIT_MS (node-postgres' pool timeout, which has no SQLSTATE).
 */
export function isDatabaseBusy(error: unknown): boolean {
  const code = postgresErrorCode(error);
  if (code === '55P03' || code === '57014') return true;
  const message = error instanceof Error ? error.message : '';
  return /timeout exceeded when trying to connect/i.test(message);
}

export const NUL_MESSAGE = 'The request must not contain the NUL character (\\u0000).';
const TOO_DEEP_MESSAGE = 'The request body is nested too deeply.';

/** 22021 character_not_in_repertoire ("invalid byte sequence ... 0x00"), 22P05 untranslatable_character (jsonb). */
const UNSTORABLE_TEXT_CODES = new Set(['22021', '22P05']);

/** The SQLSTATE of a pg error, bare or wrapped by TypeORM (QueryFailedError.driverError). */
function postgresErrorCode(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { driverError, code, severity } = error as { driverError?: { code?: unknown }; code?: unknown; severity?: unknown };
  const found = driverError && typeof driverError === 'object' ? driverError.code : severity !== undefined ? code : undefined;
  return typeof found === 'string' ? found : undefined;
}

function internal(correlationId: string): MappedError {
  const message = 'Something went wrong on our side. Please try again.';
  return {
    status: 500,
    body: { message, error: 'Internal server error', code: 'INTERNAL', correlationId },
    unexpected: true,
  };
}

function httpExceptionMessage(response: unknown, fallback: unknown): string {
  if (typeof response === 'string') return response;
  if (response && typeof response === 'object' && 'message' in response) {
    const m = (response as { message: unknown }).message;
    if (Array.isArray(m)) return m.map(String).join('; ');
    if (typeof m === 'string') return m;
  }
  return typeof fallback === 'string' ? fallback : 'Request failed';
}

function bodyParserMessage(type: unknown, status: number, message: string): string {
  if (type === 'entity.too.large' || status === 413) return 'The request body is too large.';
  if (type === 'entity.parse.failed') return 'The request body is not valid JSON.';
  return message;
}
