/**
 * The ledger's grouping rule (D2, D3, ADR 0007). Plain TypeScript: no framework, no database.
 *
 * Every positive ledger row starts a *group* (its own id). A `use` or a negative adjustment
 * draws from one group and copies that group's expiry, so when a group expires its unused
 * remainder and its uses leave the balance together.
 */
export type CreditKind = 'regular' | 'watermarked';

export const CREDIT_KINDS: readonly CreditKind[] = ['regular', 'watermarked'];

/** What is left in one group: its credits minus its uses and its active reservations. */
export interface CreditGroup {
  groupId: string;
  kind: CreditKind;
  /** null: never expires (packs, free credits, D3). */
  expiresAt: Date | null;
  remaining: number;
}

/** Soonest-expiring first; a group that never expires comes last; ties by id for a stable order. */
export function compareBySoonestExpiry(a: CreditGroup, b: CreditGroup): number {
  if (a.expiresAt === null && b.expiresAt !== null) return 1;
  if (a.expiresAt !== null && b.expiresAt === null) return -1;
  if (a.expiresAt !== null && b.expiresAt !== null && a.expiresAt.getTime() !== b.expiresAt.getTime()) {
    return a.expiresAt.getTime() - b.expiresAt.getTime();
  }
  return a.groupId < b.groupId ? -1 : a.groupId > b.groupId ? 1 : 0;
}

function unexpired(group: CreditGroup, now: Date): boolean {
  return group.expiresAt === null || group.expiresAt.getTime() > now.getTime();
}

/**
 * D2: the group one generation is paid from: a regular credit if there is one (soonest-expiring
 * first, never-expiring last), otherwise a watermarked one (same order). null: nothing left.
 */
export function chooseGroupForUse(groups: readonly CreditGroup[], now: Date): CreditGroup | null {
  for (const kind of CREDIT_KINDS) {
    const candidates = groups
      .filter((g) => g.kind === kind && g.remaining > 0 && unexpired(g, now))
      .sort(compareBySoonestExpiry);
    if (candidates.length > 0) return candidates[0];
  }
  return null;
}

export interface Draw {
  groupId: string;
  expiresAt: Date | null;
  /** > 0: how many credits this draw takes from the group. */
  credits: number;
}

/**
 * How a debit of `amount` credits of one kind is spread over that kind's groups, soonest-expiring
 * first. null when the kind does not hold that many (a balance never goes below 0, D4).
 */
export function planDebit(groups: readonly CreditGroup[], kind: CreditKind, amount: number, now: Date): Draw[] | null {
  if (!Number.isInteger(amount) || amount <= 0) throw new RangeError(`a debit is a whole number above 0 (got ${amount})`);
  const candidates = groups.filter((g) => g.kind === kind && g.remaining > 0 && unexpired(g, now)).sort(compareBySoonestExpiry);
  const draws: Draw[] = [];
  let left = amount;
  for (const group of candidates) {
    if (left === 0) break;
    const credits = Math.min(left, group.remaining);
    draws.push({ groupId: group.groupId, expiresAt: group.expiresAt, credits });
    left -= credits;
  }
  return left === 0 ? draws : null;
}
