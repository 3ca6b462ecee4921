import { getErrorDetails, getErrorMessage } from './base-api';

function body(error: unknown): Record<string, unknown> {
  const data = typeof error === 'object' && error !== null ? (error as { data?: unknown }).data : undefined;
  return typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
}

/** The `error` field of a failure's JSON body (e.g. "nsfw_detected"), if any. */
export function errorField(error: unknown): unknown {
  return body(error).error;
}

const STATUS_PREFIX = /^\d{3}: /;

/**
 * A message as the user reads it: without the leading "{status}: " of 000 §8's error format
 * ("401: Invalid email or password" reads "Invalid email or password"). The status itself stays
 * in the ApiError's `status` and `message`.
 */
export function withoutStatusPrefix(message: string): string {
  return message.replace(STATUS_PREFIX, '');
}

/**
 * The text a toast or form shows for a failed call: the server's own sentence (the JSON body's
 * `message`, e.g. "Your card was declined." or the local engine's 422 listing the edits it can
 * do), else the text of the general "{status}: {text}" message of 000 §8, else `fallback`.
 * Never with the status prefix.
 */
export function failureText(error: unknown, fallback: string): string {
  return serverMessage(error) ?? (withoutStatusPrefix(getErrorMessage(error, '')) || fallback);
}

/** The `message` field of a failure's JSON body, if it has a non-empty one. */
export function serverMessage(error: unknown): string | undefined {
  const { message } = body(error);
  return typeof message === 'string' && message.trim() !== '' ? message : undefined;
}

/**
 * A failure text the spec fixes (001 §8: "Failed to send message. Please try again."), with the
 * server's own reason after it when there is one. The spec's sentence is always shown whole and
 * first; the reason only adds to it, never replaces it.
 */
export function withReason(text: string, reason: string | undefined): string {
  const extra = reason?.trim();
  return extra && extra !== text ? `${text} ${extra}` : text;
}

/**
 * The server's field messages of a 400 (`details: [{field, messages}]`): the first message of
 * each field, keyed by field name. Entries of any other shape are passed over.
 */
export function fieldMessages(error: unknown): Partial<Record<string, string>> {
  const found: Partial<Record<string, string>> = {};
  const details = getErrorDetails(error);
  if (!Array.isArray(details)) return found;
  for (const entry of details as unknown[]) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { field, messages } = entry as { field?: unknown; messages?: unknown };
    const message = Array.isArray(messages) && typeof messages[0] === 'string' ? messages[0] : undefined;
    if (typeof field === 'string' && message && found[field] === undefined) found[field] = message;
  }
  return found;
}
