import type { Page, PageRequest } from '../../shared/pagination';

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

/** What a grant did: also the credits granted under its key, by this call or by the earlier one. */
export interface GrantedCredits extends GrantResult {
  credits: number;
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
  /**
   * Issue 9: refuse when the user already holds this many active reservations (generations in
   * flight, on any instance), with `TooManyActiveReservationsError`. Checked under the same
   * per-user lock as the balance, so a burst cannot slip past it. Unset: no limit.
   */
  maxActive?: number;
}

/** D39: several credits held together (the variants of one request). */
export interface ReserveCredits {
  userId: string;
  /** One per credit; D5: the same keys again return the same reservations. */
  holds: ReadonlyArray<{ idempotencyKey: string; imageId?: string }>;
  /** As ReserveCredit's, counting the reservations active before these. */
  maxActive?: number;
}

export interface Reservation {
  id: string;
  /** D2: the generation is watermarked exactly when this is 'watermarked'. */
  kind: CreditKind;
}

/** A ledger row's public fields (issue 9: admin and billing lists). */
export interface CreditTransaction {
  id: string;
  /** null once the account was deleted: the row stays for accounting, anonymised (D35, ADR 0019). */
  userId: string | null;
  /** grant | purchase | subscription | refund | use | adjustment */
  type: string;
  kind: CreditKind;
  /** signed */
  credits: number;
  description: string | null;
  sourceType: string | null;
  expiresAt: Date | null;
  stripeTransactionId: string | null;
  /** cents */
  purchaseAmount: number | null;
  currency: string;
  packType: string | null;
  imageId: string | null;
  createdBy: string | null;
  createdAt: Date;
}

/** Which rows, one page at a time (shared/pagination: 50 a page, at most 200; out of range is a 400). */
export interface TransactionQuery extends PageRequest {
  userId?: string;
  /** e.g. 'pack', 'subscription', 'admin', 'generation', 'verification' */
  sourceType?: string;
}

/** Newest first; `total` counts the rows matching the filter over all pages. */
export type TransactionPage = Page<CreditTransaction>;

export interface UserCreditStats {
  /** What balance() says now (regular + watermarked). */
  balance: number;
  regular: number;
  watermarked: number;
  /** Credits bought over all time: the positive purchase and subscription rows. */
  totalPurchased: number;
  /** Credits spent on generations over all time (captured reservations). */
  totalUsed: number;
}

/**
 * D29: a refunded or disputed purchase takes back what is left of the credits it granted: its
 * group's unspent remainder (never more, so a balance never goes below 0). Idempotent on
 * `idempotencyKey`.
 */
export interface RevokeUnspent {
  userId: string;
  /** The idempotency key the purchase's grant was made with. */
  grantIdempotencyKey: string;
  idempotencyKey: string;
  description: string;
  /**
   * D37: the most to take back (a partial refund's share); never more than the group still holds.
   * Absent: everything it still holds (a full refund, a dispute).
   */
  credits?: number;
}

export interface RevokeResult {
  /** Credits taken back (0 when all were spent, or the grant is unknown). */
  revoked: number;
  /** false when this key had been used already (nothing changed). */
  applied: boolean;
}

/**
 * Issue 12 (001 §2 Sales Analytics): the ledger's sales figures, each computed in SQL. A purchase
 * is a positive `purchase` (pack) or `subscription` row.
 */
export interface SalesFigures {
  /** Sum of the purchases' purchaseAmount (cents). */
  revenueCents: number;
  /** Credits the purchases granted. */
  creditsSold: number;
  /** How many purchases. */
  totalPurchases: number;
  /** Credits spent on generations (captured `use` rows). */
  creditsUsed: number;
  /** How many `use` rows. */
  useTransactions: number;
  /** The newest purchases, newest first. */
  recentPurchases: CreditTransaction[];
  /** Per pack type that has sold (pack rows only): sales, credits, revenue in cents. */
  packs: Array<{ packType: string; sales: number; credits: number; revenueCents: number }>;
  /** Revenue per UTC day (YYYY-MM-DD), the oldest first, today last; 0 on days without sales. */
  revenueCentsByDay: Array<{ date: string; cents: number }>;
}

export interface CreditsApi {
  balance(userId: string): Promise<CreditBalance>;
  grant(command: GrantCredits): Promise<GrantedCredits>;
  adjust(command: AdjustCredits): Promise<GrantResult>;
  /**
   * Holds 1 credit (regular first, soonest-expiring first; else watermarked).
   * Throws InsufficientCreditsError (payment_required `CREDITS.INSUFFICIENT` "Insufficient credits"),
   * or TooManyActiveReservationsError when `maxActive` is reached.
   */
  reserve(command: ReserveCredit): Promise<Reservation>;
  /**
   * D39: holds one credit per entry of `holds`, all or none (InsufficientCreditsError when fewer
   * are available; TooManyActiveReservationsError as reserve()).
   */
  reserveMany(command: ReserveCredits): Promise<Reservation[]>;
  /** Turns the hold into a `use` row. Idempotent. */
  capture(reservationId: string, imageId?: string): Promise<void>;
  /** Gives the credit back. Idempotent; a captured reservation stays captured. */
  release(reservationId: string): Promise<void>;
  /** D29, D37: takes back a purchase's unspent credits (all, or at most `credits`) as one `refund` row. */
  revokeUnspent(command: RevokeUnspent): Promise<RevokeResult>;
  /** Ledger rows, newest first, one page at a time. */
  transactions(query: TransactionQuery): Promise<TransactionPage>;
  /** A user's balance with their all-time purchased and used totals. */
  userStats(userId: string): Promise<UserCreditStats>;
  /** The sales figures, with `recent` newest purchases and revenue for the last `days` days. */
  salesFigures(options: { recent: number; days: number }): Promise<SalesFigures>;
}

export const CREDITS_API = Symbol('CREDITS_API');
