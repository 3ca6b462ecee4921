/**
 * The identity context's account, as its use cases see it. Plain TypeScript (ARCHITECTURE rule 1).
 */
/** An account without its secrets: what a use case hands back to an adapter. */
export interface Account {
  id: string;
  /** Stored trimmed and lower-cased. */
  email: string;
  username: string;
  firstName: string | null;
  lastName: string | null;
  emailVerified: boolean;
  isSubscribed: boolean;
  /** Billing's tier (ADR 0012: billing owns the column and its type; identity only presents it). */
  subscriptionTier: string;
  isSuspended: boolean;
  createdAt: Date;
}

/** An account with its password hash: only repositories and the use cases that check it see this. */
export interface AccountWithSecret extends Account {
  passwordHash: string;
}

/** Drops the secret so it cannot travel further by accident. */
export function withoutSecret(account: AccountWithSecret): Account {
  const { passwordHash: _drop, ...rest } = account;
  void _drop;
  return rest;
}
