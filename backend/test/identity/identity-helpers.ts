import { randomBytes } from 'node:crypto';
import type { Response } from 'supertest';
import { SESSION_COOKIE } from '../../src/shared/auth/session-cookie';
import { heardEverything } from '../support/hot-cache-barrier';
import { mailsTo } from '../support/outbox';
import { poolFor } from '../support/sql';
import type { TestApp } from '../support/test-app';

let counter = 0;

/** A fresh, valid sign-up body. */
export function signUpBody(overrides: Record<string, unknown> = {}): { email: string; username: string; password: string } & Record<string, unknown> {
  counter += 1;
  const id = `${counter}${randomBytes(3).toString('hex')}`;
  return { email: `user${id}@example.com`, username: `user_${id}`, password: 'secret-pass-1', ...overrides };
}

/** A device fingerprint as the client sends it: SHA-256 hex. */
export function fingerprint(): string {
  return randomBytes(32).toString('hex');
}

/**
 * Runs SQL on the app's database (on a pooled connection, support/sql.ts). A statement that is not a plain SELECT returns once the app has
 * heard the notifications it caused, so the app's next answer reflects it (hot-cache-barrier.ts).
 */
export async function sql<T = Record<string, unknown>>(t: TestApp, query: string, params: unknown[] = []): Promise<T[]> {
  const client = await poolFor(t.db.url).connect();
  try {
    const rows = (await client.query(query, params)).rows as T[];
    if (!/^\s*SELECT\b/i.test(query)) await heardEverything(t, client);
    return rows;
  } finally {
    client.release();
  }
}

/** The token of the newest verification mail to `email` (from the link to /confirm-email/{token}). */
export function verificationTokenFor(t: TestApp, email: string): string {
  const mails = mailsTo(t.outboxDir, email).filter((m) => m.subject === 'Verify your email for Magic Editor');
  const last = mails[mails.length - 1];
  if (!last) throw new Error(`no verification mail to ${email}`);
  const match = new RegExp(`${t.config.publicUrl.origin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/confirm-email/([A-Za-z0-9_-]+)`).exec(last.text);
  if (!match) throw new Error(`no verification link in: ${last.text}`);
  return match[1];
}

/** The session cookie ("magic.sid=…") a response sets, if any. */
export function sessionCookie(res: Response): string | undefined {
  const cookies = (res.headers['set-cookie'] as unknown as string[] | undefined) ?? [];
  return cookies.find((c) => c.startsWith(`${SESSION_COOKIE}=`))?.split(';')[0];
}

/** The session id inside a signed cookie value ("s:<sid>.<signature>"). */
export function sessionIdOf(cookie: string): string {
  const value = decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1));
  return value.slice(2, value.lastIndexOf('.'));
}

/**
 * Fails when a response's body or headers (Set-Cookie included) contain any of the secrets, or its
 * body contains one of `bodyOnly` (the session id, which its own cookie necessarily carries).
 */
export function expectNoSecrets(res: Response, secrets: string[], bodyOnly: string[] = []): void {
  const body = res.text ?? '';
  const headers = JSON.stringify(res.headers);
  for (const secret of [...secrets, ...bodyOnly].filter(Boolean)) {
    if (body.includes(secret)) throw new Error(`response body leaks a secret (${secret.slice(0, 12)}…): ${body}`);
  }
  for (const secret of secrets.filter(Boolean)) {
    if (headers.includes(secret)) throw new Error(`response headers leak a secret (${secret.slice(0, 12)}…)`);
  }
}

export const USER_VIEW_KEYS = [
  'createdAt',
  'email',
  'emailVerified',
  'firstName',
  'id',
  'isAdmin',
  'isSubscribed',
  'lastName',
  'subscriptionTier',
  'username',
];
