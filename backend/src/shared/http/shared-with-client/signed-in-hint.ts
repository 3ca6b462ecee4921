/**
 * Issue 24: the signed-in hint, a cookie the page can read (the session cookie `magic.sid` is
 * HttpOnly, D18) that says "this browser has a session", and nothing else: no id, no secret. The
 * server sets it whenever it sets the session cookie and clears it whenever the session cookie goes
 * or turns out to be no good (shared/auth/signed-in-hint.ts); the client asks GET /api/user only
 * while it is there, so an anonymous visitor's pages make no request that answers 401. The client
 * imports this file as `@page-meta/signed-in-hint`. Plain TypeScript with no imports.
 */

export const SIGNED_IN_HINT_COOKIE = 'magic.signed_in';
export const SIGNED_IN_HINT_VALUE = '1';

/** Whether a Cookie header (or `document.cookie`) carries the cookie `name` with a value. */
export function hasCookie(cookies: string | null | undefined, name: string): boolean {
  if (!cookies) return false;
  const prefix = `${name}=`;
  return cookies.split(';').some((pair) => {
    const trimmed = pair.trim();
    return trimmed.startsWith(prefix) && trimmed.length > prefix.length;
  });
}

/** Whether a Cookie header (or `document.cookie`) carries the signed-in hint. */
export function hasSignedInHint(cookies: string | null | undefined): boolean {
  return hasCookie(cookies, SIGNED_IN_HINT_COOKIE);
}
