import { getErrorMessage } from '../../../shared/api/base-api';

/**
 * The text a billing toast or form shows for a failed call, the way the editor shows its
 * failures (features/editor/lib/error-text.ts): the server's own sentence (the JSON body's
 * `message`, e.g. "You are already subscribed to this plan" or "Your card was declined."),
 * else the general "{status}: {text}" message of 000 §8, else `fallback`.
 */
export function failureText(error: unknown, fallback: string): string {
  return serverMessage(error) ?? (getErrorMessage(error, '') || fallback);
}

/** The `message` field of a failure's JSON body, if it has a non-empty one. */
export function serverMessage(error: unknown): string | undefined {
  const data = typeof error === 'object' && error !== null ? (error as { data?: unknown }).data : undefined;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return undefined;
  const { message } = data as { message?: unknown };
  return typeof message === 'string' && message.trim() !== '' ? message : undefined;
}
