import type { CookieOptions, NextFunction, Request, RequestHandler, Response } from 'express';
import type { ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { hasCookie, hasSignedInHint, SIGNED_IN_HINT_COOKIE, SIGNED_IN_HINT_VALUE } from '../http/shared-with-client/signed-in-hint';
import { SESSION_COOKIE, SESSION_TTL_SECONDS } from './session-cookie';

// express-session's own "just before the headers are written" hook (the module and version it
// sets the session cookie with), so the hint is decided after the session cookie is.
const fromExpressSession = createRequire(require.resolve('express-session'));
const onHeaders = fromExpressSession('on-headers') as (res: ServerResponse, listener: (this: ServerResponse) => void) => void;

/** Set on a request once express-session and passport have restored its session without an error. */
const SESSION_CHECKED = Symbol('sessionChecked');
type CheckedRequest = Request & { [SESSION_CHECKED]?: true };

export interface SignedInHintSettings {
  /** The session cookie's Secure flag (D18): the hint travels exactly like it. */
  secure: boolean;
}

/**
 * Issue 24: the signed-in hint (`magic.signed_in=1`, readable by the page, no secret in it) follows
 * the session cookie, so the client asks GET /api/user only when a session may exist and an
 * anonymous visitor's pages make no request that fails. Installed on /api before express-session:
 * its listener then runs after express-session's (on-headers calls the last registered first), when
 * the answer's session cookie is known. For each /api answer:
 * - it sets the session cookie (sign-in, sign-up: anything that logs in) → set the hint, with the
 *   session cookie's lifetime; it clears the session cookie (sign-out, account deletion) → clear
 *   the hint;
 * - it is a 401 and nobody is signed in: the request's hint is cleared, and its session cookie too
 *   once its session was looked up (expired, ended elsewhere, suspended, forged: D21), so the
 *   client's next GET /api/user is not even asked.
 * Any other answer sets no cookie: public answers are cached by shared caches (ADR 0011, the
 * capabilities), and a Set-Cookie has no place in them. A session made before the hint existed
 * gets it from the next page the browser loads (signedInHintForPage).
 */
export function signedInHintFollowsSession(settings: SignedInHintSettings): RequestHandler {
  const { hint, session } = cookieOptions(settings);
  return (req: CheckedRequest, res: Response, next: NextFunction) => {
    const cookies = req.headers.cookie;
    const hadSession = hasCookie(cookies, SESSION_COOKIE);
    const hadHint = hasSignedInHint(cookies);
    onHeaders(res, () => {
      const sessionCookie = setCookieNamed(res, SESSION_COOKIE);
      if (sessionCookie !== null) {
        if (isCleared(sessionCookie)) res.clearCookie(SIGNED_IN_HINT_COOKIE, hint);
        else res.cookie(SIGNED_IN_HINT_COOKIE, SIGNED_IN_HINT_VALUE, { ...hint, maxAge: SESSION_TTL_SECONDS * 1000 });
        return;
      }
      if (res.statusCode !== 401 || req.user) return;
      // Only once the session was really looked up: a store that failed says nothing of the cookie.
      // The app keeps nothing in a session but its signed-in user, so one without a user is dead.
      if (hadSession && req[SESSION_CHECKED]) res.clearCookie(SESSION_COOKIE, session);
      if (hadHint || (hadSession && req[SESSION_CHECKED])) res.clearCookie(SIGNED_IN_HINT_COOKIE, hint);
    });
    next();
  };
}

/** Called once express-session and passport have restored a request's session without an error. */
export function markSessionChecked(req: Request): void {
  (req as CheckedRequest)[SESSION_CHECKED] = true;
}

/**
 * The same rule for the app's HTML (the SPA fallback, where no session is loaded): the hint is set
 * when the session cookie is there, so sessions made before the hint existed keep the user signed
 * in, and cleared when it is not. A session cookie that is no longer good is found out at the
 * page's GET /api/user, which then clears both.
 */
export function signedInHintForPage(settings: SignedInHintSettings): (req: Request, res: Response) => void {
  const { hint } = cookieOptions(settings);
  return (req, res) => {
    const cookies = req.headers.cookie;
    const hadSession = hasCookie(cookies, SESSION_COOKIE);
    const hadHint = hasSignedInHint(cookies);
    if (hadSession && !hadHint) res.cookie(SIGNED_IN_HINT_COOKIE, SIGNED_IN_HINT_VALUE, { ...hint, maxAge: SESSION_TTL_SECONDS * 1000 });
    else if (!hadSession && hadHint) res.clearCookie(SIGNED_IN_HINT_COOKIE, hint);
  };
}

function cookieOptions({ secure }: SignedInHintSettings): { hint: CookieOptions; session: CookieOptions } {
  return {
    // Readable by the page: it only says that a session cookie was set.
    hint: { path: '/', sameSite: 'lax', secure, httpOnly: false },
    // As express-session sets it (configure-app), so that clearing it replaces it.
    session: { path: '/', sameSite: 'lax', secure, httpOnly: true },
  };
}

/** The Set-Cookie line the answer carries for `name`, if any (the last one wins in a browser). */
function setCookieNamed(res: Response, name: string): string | null {
  const header = res.getHeader('set-cookie');
  const lines = Array.isArray(header) ? header : typeof header === 'string' ? [header] : [];
  const prefix = `${name}=`;
  const mine = lines.filter((line) => line.startsWith(prefix));
  return mine.length > 0 ? mine[mine.length - 1]! : null;
}

/** A Set-Cookie line that removes its cookie: an empty value, Max-Age 0 or less, or an expiry in the past. */
function isCleared(line: string): boolean {
  const [pair = '', ...attributes] = line.split(';');
  if (pair.slice(pair.indexOf('=') + 1).trim() === '') return true;
  return attributes.some((attribute) => {
    const [key = '', value = ''] = attribute.split('=');
    const name = key.trim().toLowerCase();
    if (name === 'max-age') return Number(value) <= 0;
    if (name === 'expires') return Date.parse(value.trim()) <= Date.now();
    return false;
  });
}
