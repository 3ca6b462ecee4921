import type { Entitlement } from './domain/entitlement';

/**
 * ENTITLEMENT_API: billing's synchronous surface for other contexts (ARCHITECTURE rule 2, ADR
 * 0012). Billing owns tier, isSubscribed and the paid-plan rule; ask here instead of reading the
 * user row's columns.
 */
export interface EntitlementApi {
  /** The user's tier and subscription; an unknown user is free. */
  entitlementOf(userId: string): Promise<Entitlement>;
  /** D7: may save to My Edits. */
  hasPaidPlan(userId: string): Promise<boolean>;
  /** D7 for many users in one read: those of `userIds` without a paid plan (unknown ids included). */
  withoutPaidPlan(userIds: readonly string[]): Promise<string[]>;
  /** Each of these users' entitlement in one read (an unknown id is free). */
  entitlementsOf(userIds: readonly string[]): Promise<Map<string, Entitlement>>;
  /** How many accounts are subscribed now (isSubscribed). */
  subscribedCount(): Promise<number>;
}

export const ENTITLEMENT_API = Symbol('ENTITLEMENT_API');

/** A subscription as the data export shows it (D35). Times are Dates; amounts in cents. */
export interface SubscriptionRecord {
  id: string;
  provider: 'stripe' | 'local';
  status: string;
  tier: string;
  planName: string;
  /** A downgrade waiting for the next renewal (D28). */
  pendingTier: string | null;
  amountCents: number;
  currency: string;
  interval: string;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  endedAt: Date | null;
  createdAt: Date;
}

/** An invoice as the data export shows it (D35). */
export interface InvoiceRecord {
  id: string;
  status: string;
  amountPaidCents: number;
  currency: string;
  createdAt: Date;
}

/** What billing holds about one account (D35: the data export). */
export interface BillingRecord {
  entitlement: Entitlement;
  /** Every subscription, the oldest first (at most one has not ended, D28). */
  subscriptions: SubscriptionRecord[];
  /** The newest invoices first. */
  invoices: InvoiceRecord[];
}

/** What ending an account's billing did (D35). */
export interface EndedBilling {
  /** The subscription ended now; null when there was none running. */
  endedSubscriptionId: string | null;
  /** Checkouts closed so they can no longer be paid. */
  closedCheckouts: number;
}

/**
 * BILLING_API: billing's account-level operations for the privacy context (D35, ADR 0019).
 * Entitlement questions go to ENTITLEMENT_API.
 */
export interface BillingApi {
  /** The account's entitlement, subscriptions and invoices. */
  recordOf(userId: string): Promise<BillingRecord>;
  /**
   * D35: nothing of the account may be billed again. Open checkouts are closed (one the customer
   * paid meanwhile is fulfilled, so its plan ends below), then the running subscription ends at
   * once, not at the period's end (Stripe: cancelled now), and the tier falls back (D6, D9).
   * Idempotent: with nothing running it changes nothing. Throws PaymentsUnavailableError (503)
   * when the provider cannot be reached; nothing is then marked ended.
   */
  endSubscriptionNow(userId: string): Promise<EndedBilling>;
}

export const BILLING_API = Symbol('BILLING_API');
