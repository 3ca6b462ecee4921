/** Name of the session cookie (D18). Shared by the HTTP pipeline and sign-out. */
export const SESSION_COOKIE = 'magic.sid';
