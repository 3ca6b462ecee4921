import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query/react';

/**
 * The one error shape every endpoint rejects with (spec 000 §8 "General"): a non-OK answer
 * becomes `{status, message, data}` where `message` is `"{status}: {text}"` and `text` is the
 * JSON body's `message` field, else the raw body text, else the status text.
 * `status` is 0 when no usable HTTP answer arrived (network failure, timeout, an answer that did
 * not match the endpoint's schema).
 */
export interface ApiError {
  status: number;
  message: string;
  /** The parsed JSON body when it was JSON, else the raw text, else null. */
  data: unknown;
}

export const NETWORK_ERROR_MESSAGE =
  'Network connection error. Please check your internet connection and try again.';
export const TIMEOUT_ERROR_MESSAGE = 'The server took too long to answer. Please try again.';
/** An answer arrived but did not match the endpoint's zod schema (see parse-response.ts). */
export const UNREADABLE_ANSWER_MESSAGE = 'The server sent an answer that could not be read. Please try again.';

/**
 * The error for an answer that failed its endpoint's schema: status 0 like the other failures
 * without a usable HTTP answer, the schema's issues as `data`. The screen shows its error state.
 */
export function unreadableAnswerError(issues: readonly unknown[]): ApiError {
  return { status: 0, message: UNREADABLE_ANSWER_MESSAGE, data: { issues } };
}

/** Every cache tag the product uses; features provide and invalidate these, never each other. */
export const TAG_TYPES = [
  'User',
  'Credits',
  'CommunityFeed',
  'Leaderboard',
  'Laugh',
  'MyEdits',
  'Billing',
  'Catalogue',
  'AdminUsers',
  'AdminUserStats',
  'AdminUserCredits',
  'AdminTransactions',
  'AdminStats',
  'Fallback',
  'AdminAudit',
  'AdminModeration',
  'MyReports',
] as const;
export type TagType = (typeof TAG_TYPES)[number];

/** Absolute, so that it also works under jsdom (STACK.md). */
export function apiBaseUrl(): string {
  return new URL('/api', globalThis.location.origin).href;
}

// Reason phrases for answers that arrive without one (HTTP/2 has no status text).
const REASON_PHRASES: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

function messageField(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('message' in body)) return undefined;
  const message = (body as { message: unknown }).message;
  if (typeof message === 'string' && message.trim() !== '') return message;
  // Validation errors may carry a list of messages.
  if (Array.isArray(message) && message.length > 0 && message.every((m) => typeof m === 'string')) {
    return message.join('; ');
  }
  return undefined;
}

/** Builds the 000 §8 "General" error from a non-OK answer's status, status text and raw body. */
export function toApiError(status: number, statusText: string, bodyText: string): ApiError {
  const parsed = bodyText === '' ? undefined : parseJson(bodyText);
  const data = parsed === undefined ? null : parsed.ok ? parsed.value : bodyText;
  const fromJson = parsed?.ok ? messageField(parsed.value) : undefined;
  const text =
    fromJson ??
    (bodyText.trim() !== '' ? bodyText : statusText || REASON_PHRASES[status] || 'Request failed');
  return { status, message: `${status}: ${text}`, data };
}

// Success bodies are parsed as JSON when they are JSON (empty body: null, other text: the text).
// Error bodies are kept as raw text so the error message can use "the raw body text" verbatim.
async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!response.ok) return text;
  if (text === '') return null;
  const parsed = parseJson(text);
  return parsed.ok ? parsed.value : text;
}

// 000 §7 shared request behaviour: cookies on every call; plain-object bodies are sent as JSON
// with a JSON content-type (fetchBaseQuery does this), FormData passes through untouched so the
// browser sets the multipart boundary.
const rawBaseQuery = fetchBaseQuery({
  baseUrl: apiBaseUrl(),
  credentials: 'include',
  responseHandler: readBody,
});

function requestUrl(args: string | FetchArgs): string {
  return typeof args === 'string' ? args : args.url;
}

export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, ApiError, object, FetchBaseQueryMeta> =
  async (args, api, extraOptions) => {
    const result = await rawBaseQuery(args, api, extraOptions);
    if (!result.error) return { data: result.data, meta: result.meta };

    const { error, meta } = result;
    // D21: a 401 from any other call means the session ended behind the page's back (suspended,
    // signed out in another tab, password changed elsewhere): ask who is signed in again, so
    // the shell turns signed-out at once instead of polling on with a dead session.
    if (error.status === 401 && requestUrl(args) !== '/user') api.dispatch(baseApi.util.invalidateTags(['User']));
    if (typeof error.status === 'number') {
      const bodyText = typeof error.data === 'string' ? error.data : '';
      return {
        error: toApiError(error.status, meta?.response?.statusText ?? '', bodyText),
        ...(meta ? { meta } : {}),
      };
    }
    switch (error.status) {
      case 'FETCH_ERROR':
        return { error: { status: 0, message: NETWORK_ERROR_MESSAGE, data: null } };
      case 'TIMEOUT_ERROR':
        return { error: { status: 0, message: TIMEOUT_ERROR_MESSAGE, data: null } };
      case 'PARSING_ERROR':
        return {
          error: toApiError(error.originalStatus, meta?.response?.statusText ?? '', error.data),
        };
      case 'CUSTOM_ERROR':
        return { error: { status: 0, message: error.error, data: error.data ?? null } };
    }
  };

/**
 * The ONE API slice. Features add endpoints with `baseApi.injectEndpoints` in
 * `features/<feature>/api/<feature>.api.ts` and refresh each other only through TAG_TYPES.
 * Defaults per 000 §7: cached data never goes stale, no refetch on focus or reconnect, no
 * polling, no retries (the base query never retries). Endpoints that the spec polls set
 * `pollingInterval` where they are used.
 * Every answer is parsed with its endpoint's zod schema (parse-response.ts); an answer that
 * fails it rejects with `unreadableAnswerError` instead of reaching a component.
 */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: TAG_TYPES,
  keepUnusedDataFor: 60,
  refetchOnFocus: false,
  refetchOnReconnect: false,
  refetchOnMountOrArgChange: false,
  catchSchemaFailure: (failure) => unreadableAnswerError(failure.issues),
  endpoints: () => ({}),
});

function isApiError(error: unknown): error is ApiError {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { status?: unknown }).status === 'number' &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}

/**
 * The display message of an error from an RTK Query hook or `unwrap()`: the ApiError message,
 * a SerializedError's message (a thrown exception inside a queryFn), or the fallback.
 */
export function getErrorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (isApiError(error)) return error.message;
  if (typeof error === 'object' && error !== null) {
    const message = (error as { message?: unknown }).message;
    if (typeof message === 'string' && message !== '') return message;
  }
  return fallback;
}

/** The HTTP status of an error from an RTK Query hook or `unwrap()`; 0 when there was none. */
export function getErrorStatus(error: unknown): number {
  return isApiError(error) ? error.status : 0;
}

function errorBody(error: unknown): Record<string, unknown> | null {
  if (!isApiError(error)) return null;
  const { data } = error;
  return typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>) : null;
}

/**
 * The server's own text for a failure, without the "{status}: " prefix: the body's `error`
 * field, else its `message` field; undefined when the body was not JSON or had neither (or no
 * answer arrived). For the screens whose spec reads `{error}` from the body (001 §7-§8).
 */
export function getServerErrorText(error: unknown): string | undefined {
  const body = errorBody(error);
  if (!body) return undefined;
  for (const field of ['error', 'message'] as const) {
    const value = body[field];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return undefined;
}

/** The stable `code` of a failure body (ARCHITECTURE rule 7), e.g. "IDENTITY.CAPTCHA_REQUIRED". */
export function getErrorCode(error: unknown): string | undefined {
  const code = errorBody(error)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The `details` of a failure body: field errors for validation, hints such as `requiresCaptcha`. */
export function getErrorDetails(error: unknown): unknown {
  return errorBody(error)?.details;
}
