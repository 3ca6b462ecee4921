import { getErrorMessage } from './base-api';

function body(error: unknown): Record<string, unknown> {
  const data = typeof error === 'object' && error !== null ? (error as { data?: unknown }).data : undefined;
  return typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
}

/** The `error` field of a failure's JSON body (e.g. "nsfw_detected"), if any. */
export function errorField(error: unknown): unknown {
  return body(error).error;
}

/**
 * The text a toast or form shows for a failed call: the server's own sentence (the JSON body's
 * `message`, e.g. "Your card was declined." or the local engine's 422 listing the edits it can
 * do), else the general "{status}: {text}" message of 000 §8, else `fallback`. The sentence is
 * shown without the status prefix.
 */
export function failureText(error: unknown, fallback: string): string {
  return serverMessage(error) ?? (getErrorMessage(error, '') || fallback);
}

/** The `message` field of a failure's JSON body, if it has a non-empty one. */
export function serverMessage(error: unknown): string | undefined {
  const { message } = body(error);
  return typeof message === 'string' && message.trim() !== '' ? message : undefined;
}
