/**
 * Secrets that travel in a path: the e-mail verification link (D1) and the password reset link
 * (D36) carry a live single-use token as their last segment. Request logs keep the route and drop
 * the token, so a log reader cannot verify an address or take over an account.
 */
const TOKEN_IN_PATH = /(\/(?:api\/)?(?:confirm-email|reset-password)\/)[^/?#]+/gi;

export function redactUrl(url: string | undefined): string | undefined {
  return url?.replace(TOKEN_IN_PATH, '$1[redacted]');
}
