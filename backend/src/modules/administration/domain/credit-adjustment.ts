/** 001 §5 Adjust credits: reason choices, and the limits the server checks as the form does. */
export const ADJUSTMENT_REASONS = ['refund', 'gift', 'compensation', 'penalty', 'correction'] as const;
export type AdjustmentReason = (typeof ADJUSTMENT_REASONS)[number];

/** The largest single adjustment either way (a typo guard; bigger ones are several adjustments). */
export const MAX_ADJUSTMENT = 100_000;
export const NOTES_MAX = 500;

/** What a client's Idempotency-Key header may be. */
export const CLIENT_KEY_PATTERN = /^[A-Za-z0-9_:.-]{1,100}$/;

/**
 * D5, D32: the ledger key of an adjustment. The client's key is scoped to the user and the kind
 * of credit, so the same key sent for another user or kind is another adjustment, never a silent
 * no-op that looks applied.
 */
export function adjustmentKey(userId: string, kind: 'regular' | 'watermarked', clientKey: string): string {
  return `admin-adjust:${userId}:${kind}:${clientKey}`;
}
