/**
 * A plan or credit pack chosen while signed out (001 §3 "Browser storage keys", §4): the
 * pricing page stores it before sending the visitor to /auth, sign-in reads it to decide where
 * to go next, and the pricing page clears it once used. Kept in localStorage across the login.
 */
export const PENDING_SUBSCRIPTION_KEY = 'pendingSubscription';
export const PENDING_CREDIT_PACK_KEY = 'pendingCreditPack';

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Storage can be blocked (privacy settings); then nothing is pending.
    return null;
  }
}

function read(key: string): string | null {
  try {
    const value = storage()?.getItem(key) ?? null;
    return value === '' ? null : value;
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) storage()?.removeItem(key);
    else storage()?.setItem(key, value);
  } catch {
    // Nothing to do: the choice is simply not remembered.
  }
}

/** The stored plan tier (starter, creator, pro), if any. */
export function getPendingSubscription(): string | null {
  return read(PENDING_SUBSCRIPTION_KEY);
}

/** The stored credit pack id (pack1, pack7, pack15, pack45), if any. */
export function getPendingCreditPack(): string | null {
  return read(PENDING_CREDIT_PACK_KEY);
}

export function setPendingSubscription(tier: string | null): void {
  write(PENDING_SUBSCRIPTION_KEY, tier);
}

export function setPendingCreditPack(pack: string | null): void {
  write(PENDING_CREDIT_PACK_KEY, pack);
}

export function hasPendingChoice(): boolean {
  return getPendingSubscription() !== null || getPendingCreditPack() !== null;
}

/** 001 §2 / §4: after sign-in or registration, /pricing when a choice is pending, else /dashboard. */
export function postSignInPath(): '/pricing' | '/dashboard' {
  return hasPendingChoice() ? '/pricing' : '/dashboard';
}
