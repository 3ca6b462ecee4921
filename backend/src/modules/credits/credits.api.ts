/**
 * CREDITS_API: the ledger's synchronous surface for other contexts (ARCHITECTURE rule 2).
 * D2-D5: signed ledger rows; a balance is the sum of unexpired rows minus active reservations;
 * every movement from outside carries an idempotency key; a balance never goes below 0.
 */
export type CreditKind = 'regular' | 'watermarked';

export interface CreditBalance {
  /** regular + watermarked (D2). */
  balance: number;
  regular: number;
  watermarked: number;
}

export interface GrantCredits {
  userId: string;
  /** > 0 */
  credits: number;
  kind: CreditKind;
  /** Ledger row type (max 20): 'grant' (verification, gifts), 'purchase', 'subscription', 'refund'. */
  type: 'grant' | 'purchase' | 'subscription' | 'refund';
  /** Where it came from (max 20): 'verification', 'pack', 'subscription', 'admin', … */
  sourceType: string;
  description: string;
  /** D5: the same key twice changes nothing the second time. */
  idempotencyKey: string;
  /** D3: subscription credits expire; packs and free credits do not (null). */
  expiresAt?: Date | null;
  stripeTransactionId?: string;
  /** cents */
  purchaseAmount?: number;
  currency?: string;
  packType?: string;
  createdBy?: string;
}

export interface GrantResult {
  transactionId: string;
  /** false when the idempotency key had been used already (nothing changed). */
  applied: boolean;
}

export interface AdjustCredits {
  userId: string;
  /** Signed, not 0. A negative adjustment may not take that kind's balance below 0. */
  credits: number;
  kind: CreditKind;
  reason: 'refund' | 'gift' | 'compensation' | 'penalty' | 'correction';
  notes?: string;
  adminId: string;
  idempotencyKey: string;
}

export interface ReserveCredit {
  userId: string;
  /** D5: a retried request reserves once. */
  idempotencyKey: string;
  imageId?: string;
}

export interface Reservation {
  id: string;
  /** D2: the generation is watermarked exactly when this is 'watermarked'. */
  kind: CreditKind;
}

export interface CreditsApi {
  balance(userId: string): Promise<CreditBalance>;
  grant(command: GrantCredits): Promise<GrantResult>;
  adjust(command: AdjustCredits): Promise<GrantResult>;
  /**
   * Holds 1 credit (regular first, soonest-expiring first; else watermarked).
   * Throws DomainError payment_required `CREDITS.INSUFFICIENT` "Insufficient credits".
   */
  reserve(command: ReserveCredit): Promise<Reservation>;
  /** Turns the hold into a `use` row. Idempotent. */
  capture(reservationId: string, imageId?: string): Promise<void>;
  /** Gives the credit back. Idempotent; a captured reservation stays captured. */
  release(reservationId: string): Promise<void>;
}

export const CREDITS_API = Symbol('CREDITS_API');
