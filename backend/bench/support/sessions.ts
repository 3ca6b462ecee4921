import { createHmac, randomBytes, randomUUID } from 'node:crypto';

/** Anything that runs SQL: a pg Client or Pool. */
interface Sql {
  query(text: string, params?: unknown[]): Promise<unknown>;
}

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** express-session's signed cookie value (cookie-signature: HMAC-SHA256, base64 without padding). */
export function signedCookie(sid: string, secret: string): string {
  const mac = createHmac('sha256', secret).update(sid).digest('base64').replace(/=+$/, '');
  return `magic.sid=${encodeURIComponent(`s:${sid}.${mac}`)}`;
}

export interface SeededUser {
  id: string;
  email: string;
  /** the `cookie` header of a signed-in session */
  cookie: string;
}

/**
 * A verified user with `credits` regular credits (one ledger grant) and a session row as
 * express-session + passport write them, signed with `secret` (the app's SESSION_SECRET): what a
 * benchmark needs without going through sign-up, mail and sign-in for each user.
 */
export async function seedSignedInUser(sql: Sql, secret: string, options: { credits?: number; label?: string } = {}): Promise<SeededUser> {
  const id = randomUUID();
  const name = `${options.label ?? 'b'}${id.slice(0, 8)}`;
  const email = `${name}@example.com`;
  await sql.query(`INSERT INTO "user" (id, username, email, password, email_verified) VALUES ($1, $2, $3, 'x', true)`, [id, name, email]);
  if (options.credits) {
    await sql.query(
      `INSERT INTO credit_transaction (user_id, type, credit_kind, credits, description, source_type, idempotency_key)
       VALUES ($1, 'grant', 'regular', $2, 'bench', 'verification', $3)`,
      [id, options.credits, `bench:${id}`],
    );
    await sql.query(`UPDATE credit_transaction SET group_id = id WHERE idempotency_key = $1`, [`bench:${id}`]);
  }
  const sid = randomBytes(24).toString('base64url');
  const expires = new Date(Date.now() + SESSION_TTL_MS);
  const sess = {
    cookie: { originalMaxAge: SESSION_TTL_MS, expires: expires.toISOString(), secure: false, httpOnly: true, path: '/', sameSite: 'lax' },
    passport: { user: id },
  };
  await sql.query(`INSERT INTO "session" (sid, sess, expire) VALUES ($1, $2, to_timestamp($3))`, [sid, JSON.stringify(sess), Math.ceil(expires.getTime() / 1000)]);
  return { id, email, cookie: signedCookie(sid, secret) };
}
