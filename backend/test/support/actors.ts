import { randomUUID } from 'node:crypto';

/** Anything that runs SQL: a pg Client or Pool. */
interface Sql {
  query(text: string, params?: unknown[]): Promise<unknown>;
}

export interface UserSeed {
  /** Billing's entitlement columns (ADR 0012). */
  tier?: 'free' | 'paid' | 'starter' | 'creator' | 'pro';
  isSubscribed?: boolean;
  emailVerified?: boolean;
}

/**
 * The usual actor of a test that needs a user row but not the sign-up flow (the ledger, billing's
 * entitlement, images): a fresh id, unique name and e-mail, no usable password.
 */
export async function seedUser(sql: Sql, seed: UserSeed = {}): Promise<string> {
  const id = randomUUID();
  const name = `u${id.slice(0, 8)}`;
  await sql.query(
    `INSERT INTO "user" (id, username, email, password, subscription_tier, is_subscribed, email_verified)
     VALUES ($1, $2, $3, 'x', $4, $5, $6)`,
    [id, name, `${name}@example.com`, seed.tier ?? 'free', seed.isSubscribed ?? false, seed.emailVerified ?? true],
  );
  return id;
}
