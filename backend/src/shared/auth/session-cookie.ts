/** Name of the session cookie (D18). Shared by the HTTP pipeline and sign-out. */
export const SESSION_COOKIE = 'magic.sid';

/** How long a session lives: its row in the store, and its cookie (set once, when it is made). */
export const SESSION_TTL_SECONDS = 30 * 24 * 60 * 60;
