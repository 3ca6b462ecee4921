/**
 * D37 (issue 24): how many of a pack purchase's credits each refund takes back. Plain TypeScript.
 *
 * A refund of part of the price removes floor(refunded / paid × credits); several refunds add up
 * (the shares are taken of the running total, so ten $1 refunds of a $10 pack take what one $10
 * refund takes: all of it) and never more than the purchase granted. Each refund id has its own
 * share, so each counts once. What is already spent cannot be taken back: the ledger caps each
 * share by what is still unspent (D29).
 */
export interface RefundOfPurchase {
  refundId: string;
  /** cents */
  amount: number;
}

export interface RefundShare {
  refundId: string;
  credits: number;
}

/**
 * The credits each refund takes back, in the order given (oldest first). `paidCents` is what the
 * purchase cost, `credits` what it granted. A refund beyond the price counts up to the price.
 */
export function refundShares(credits: number, paidCents: number, refunds: readonly RefundOfPurchase[]): RefundShare[] {
  if (!Number.isInteger(credits) || credits < 0) throw new RangeError('credits must be a whole number of 0 or more');
  let refunded = 0;
  let taken = 0;
  return refunds.map((r) => {
    refunded = Math.min(paidCents, refunded + Math.max(0, r.amount));
    const owed = paidCents > 0 ? Math.floor((refunded * credits) / paidCents) : credits;
    const share = Math.max(0, owed - taken);
    taken += share;
    return { refundId: r.refundId, credits: share };
  });
}
