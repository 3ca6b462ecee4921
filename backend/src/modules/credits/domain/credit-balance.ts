import type { CreditGroup, CreditKind } from './credit-group';

/** D2: `balance` is regular + watermarked. */
export interface KindBalances {
  balance: number;
  regular: number;
  watermarked: number;
}

/**
 * D3: a balance is computed from the ledger, never stored. Per kind it is what is left in the
 * unexpired groups (each group: its signed rows minus its active reservations). A group that has
 * expired takes its unused remainder *and* its uses with it, so the other groups' counts stay right.
 */
export function balanceOf(groups: readonly CreditGroup[], now: Date): KindBalances {
  const sum: Record<CreditKind, number> = { regular: 0, watermarked: 0 };
  for (const g of groups) {
    if (g.expiresAt !== null && g.expiresAt.getTime() <= now.getTime()) continue;
    sum[g.kind] += g.remaining;
  }
  return { balance: sum.regular + sum.watermarked, regular: sum.regular, watermarked: sum.watermarked };
}
