import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { CREDITS_API, type CreditsApi } from '../../src/modules/credits';
import { IDENTITY_API, type IdentityApi } from '../../src/modules/identity';
import { COMMUNITY_CACHE } from '../../src/modules/community/application/community-cache';
import type { FeedCache } from '../../src/modules/community/application/feed-cache';
import { signUpBody, sql } from '../identity/identity-helpers';
import type { TestApp } from './test-app';

/**
 * The shared fixtures of the integration tier (issue 25): the actors and images a test needs, each
 * made in one call, so that no test file seeds its own way. Users come in two kinds:
 *
 * - `newUser(t, {...})`: signed up through the API (the real sign-up, so signed in on `agent`),
 *   then given what the options ask for. The actors of the permission tests are made with it:
 *   `newUser(t, { verified: false })`, `{ plan: 'pro' }`, `{ admin: true }`, `{ suspended: true }`.
 * - `newAccount(t, {...})`: a row only (no session, no usable password), for tests that need a
 *   user to own rows (the ledger, billing's entitlement, images, admin lists).
 *
 * `newImage(t, userId, {...})`: an image row as the feed, the leaderboard and My Edits read it.
 */

/** D6: the tier billing keeps on the user (ADR 0012). */
export type Plan = 'free' | 'paid' | 'starter' | 'creator' | 'pro';
const SUBSCRIBED_PLANS: readonly Plan[] = ['starter', 'creator', 'pro'];

export type Agent = ReturnType<typeof request.agent>;

export interface NewUserOptions {
  /** The e-mail address is verified (default true, D20). */
  verified?: boolean;
  /** Regular credits, granted as a pack purchase (default none). */
  credits?: number;
  /** Watermarked credits, granted as the verification grant (default none). */
  watermarkedCredits?: number;
  /** Billing's entitlement: 'free' (default), 'paid' (bought a pack) or a plan's tier (subscribed). */
  plan?: Plan;
  /** An admin (D22, D25): the first address of the app's ADMIN_EMAILS that has no account yet. */
  admin?: boolean;
  /** Suspended after signing in (D21): the session was open, and stops at once. */
  suspended?: boolean;
  /** The address to sign up with (default a fresh one). */
  email?: string;
}

export interface NewUser {
  id: string;
  email: string;
  username: string;
  password: string;
  /** Signed in: sends the session cookie with every request. */
  agent: Agent;
}

/** A user signed up through the API and signed in on `agent`, as the options say (see the top of this file). */
export async function newUser(t: TestApp, options: NewUserOptions = {}): Promise<NewUser> {
  const email = options.email ?? (options.admin ? await freeAdminEmail(t) : undefined);
  const body = signUpBody(email ? { email } : {});
  const agent = request.agent(t.http);
  const res = await agent.post('/api/register').send(body).expect(201);
  const id = res.body.id as string;
  const plan = options.plan ?? 'free';
  const verified = options.verified ?? true;
  if (verified || plan !== 'free') {
    await sql(t, `UPDATE "user" SET email_verified = $2, subscription_tier = $3, is_subscribed = $4 WHERE id = $1`, [
      id,
      verified,
      plan,
      SUBSCRIBED_PLANS.includes(plan),
    ]);
  }
  await grantCredits(t, id, { regular: options.credits, watermarked: options.watermarkedCredits });
  if (options.suspended) await t.app.get<IdentityApi>(IDENTITY_API).suspend(id);
  return { id, email: body.email, username: body.username, password: body.password, agent };
}

/** The first address of ADMIN_EMAILS that no account has yet. */
async function freeAdminEmail(t: TestApp): Promise<string> {
  const listed = t.config.adminEmails;
  if (listed.length === 0) throw new Error('newUser({ admin: true }) needs an app whose ADMIN_EMAILS lists an address');
  const taken = await sql<{ email: string }>(t, `SELECT lower(email) AS email FROM "user" WHERE lower(email) = ANY($1)`, [listed]);
  const free = listed.find((address) => !taken.some((row) => row.email === address));
  if (!free) throw new Error(`every address of ADMIN_EMAILS (${listed.join(', ')}) has an account already`);
  return free;
}

/** Grants regular credits as a pack purchase and watermarked ones as the verification grant, through the ledger. */
export async function grantCredits(t: TestApp, userId: string, credits: { regular?: number; watermarked?: number }): Promise<void> {
  const api = t.app.get<CreditsApi>(CREDITS_API);
  if (credits.regular) {
    await api.grant({ userId, credits: credits.regular, kind: 'regular', type: 'purchase', sourceType: 'pack', description: 'test pack', idempotencyKey: `test:${randomUUID()}` });
  }
  if (credits.watermarked) {
    await api.grant({ userId, credits: credits.watermarked, kind: 'watermarked', type: 'grant', sourceType: 'verification', description: 'test grant', idempotencyKey: `test:${randomUUID()}` });
  }
}

/** Anything that runs SQL: a pg Client or Pool. */
interface Sql {
  query(text: string, params?: unknown[]): Promise<unknown>;
}

export interface NewAccountOptions {
  plan?: Plan;
  /** Billing's flag; default: subscribed exactly when the plan is a plan's tier. */
  isSubscribed?: boolean;
  /** Default true. */
  verified?: boolean;
  suspended?: boolean;
}

/** A user row only (no sign-up, no session, no usable password): a fresh id, unique name and e-mail. */
export async function newAccount(db: TestApp | Sql, options: NewAccountOptions = {}): Promise<string> {
  const id = randomUUID();
  const name = `u${id.slice(0, 8)}`;
  const plan = options.plan ?? 'free';
  const run: Sql = 'query' in db ? db : { query: (text, params) => sql(db, text, params) };
  await run.query(
    `INSERT INTO "user" (id, username, email, password, subscription_tier, is_subscribed, email_verified, is_suspended)
     VALUES ($1, $2, $3, 'x', $4, $5, $6, $7)`,
    [id, name, `${name}@example.com`, plan, options.isSubscribed ?? SUBSCRIBED_PLANS.includes(plan), options.verified ?? true, options.suspended ?? false],
  );
  return id;
}

export interface NewImageOptions {
  /** Default 'completed'. */
  status?: string;
  /** Shared to the community (default true). */
  isPublic?: boolean;
  /** Hidden by an admin. */
  hidden?: boolean;
  laughs?: number;
  /** Seconds before now (default 0). */
  ageSeconds?: number;
  prompt?: string;
}

/** The app's community cache (ADR 0011). */
export function feedCache(t: TestApp): FeedCache {
  return t.app.get<symbol, FeedCache>(COMMUNITY_CACHE, { strict: false });
}

/**
 * Runs a write straight to the database and waits until the trigger's notification has dropped
 * the app's community cache, as it would for a write by another instance. (A notification arrives
 * a moment after the commit; a request sent in that moment could still get the previous answer.)
 */
export async function feedWrite<T>(t: TestApp, write: () => Promise<T>, timeoutMs = 3000): Promise<T> {
  const cache = feedCache(t);
  const before = cache.invalidations;
  const result = await write();
  const deadline = Date.now() + timeoutMs;
  while (cache.invalidations === before) {
    if (Date.now() > deadline) throw new Error('The community cache was not invalidated after a database write');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return result;
}

/**
 * An image row of `userId`, inserted directly (the feed, the leaderboard and the lists read rows;
 * generation itself is exercised through POST /api/generate). A visible one is announced, and the
 * call returns once the app's community cache has heard of it.
 */
export async function newImage(t: TestApp, userId: string, options: NewImageOptions = {}): Promise<string> {
  const visible = (options.status ?? 'completed') === 'completed' && (options.isPublic ?? true) && !options.hidden;
  const insert = () =>
    sql<{ id: string }>(
      t,
      `INSERT INTO image (user_id, prompt, style, status, is_public, is_hidden_by_admin, laugh_count, timestamp)
       VALUES ($1, $2, 'funny', $3, $4, $5, $6, now() - make_interval(secs => $7)) RETURNING id`,
      [userId, options.prompt ?? 'a prompt', options.status ?? 'completed', options.isPublic ?? true, options.hidden ?? false, options.laughs ?? 0, options.ageSeconds ?? 0],
    );
  // Only a visible image is announced; an invisible one changes nothing the feed shows.
  const rows = visible ? await feedWrite(t, insert) : await insert();
  return rows[0].id;
}
