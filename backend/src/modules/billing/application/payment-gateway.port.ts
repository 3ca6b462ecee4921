import type { CatalogueItem } from '../domain/catalogue';
import type { PlanTier } from '../domain/entitlement';
import type { PeriodLength } from '../domain/subscription-rules';

/**
 * The payment provider (ARCHITECTURE rule 3). Two adapters: Stripe (D27) and the local test
 * checkout (D30). Fulfilment never trusts a request body: it works from what the provider says
 * (a webhook event whose signature was checked, or an object fetched from the provider).
 *
 * Every time is a Date; every amount is in cents; currency is lower-case ISO 4217.
 */
export type ProviderName = 'stripe' | 'local';

/** What one checkout sells (the catalogue's item). */
export type CheckoutItem = CatalogueItem;

export interface CreateCheckout {
  userId: string;
  email: string;
  customerId: string;
  item: CheckoutItem;
  /** Checkout's display name and amount, from the catalogue (D8, inline price_data, D27). */
  name: string;
  amountCents: number;
  currency: string;
  /** Contains the literal `{CHECKOUT_SESSION_ID}`, which the provider replaces. */
  successUrl: string;
  cancelUrl: string;
}

export interface CreatedCheckout {
  sessionId: string;
  url: string;
}

/**
 * A Checkout Session as the provider reports it. `item` and `userId` come from the metadata we
 * set when creating it (`client_reference_id` = userId, metadata `kind`, `pack` / `tier`).
 */
export interface CheckoutSnapshot {
  sessionId: string;
  userId: string | null;
  item: CheckoutItem | null;
  /** 'complete' with paymentStatus 'paid' (or 'no_payment_required') is ready to fulfil. */
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  amountTotal: number;
  currency: string;
  customerId: string | null;
  /** packs: the PaymentIntent (refunds and disputes name it) */
  paymentIntentId: string | null;
  /** subscriptions */
  subscriptionId: string | null;
}

export type SubscriptionStatus = 'incomplete' | 'incomplete_expired' | 'trialing' | 'active' | 'past_due' | 'canceled' | 'unpaid' | 'paused';

export interface SubscriptionSnapshot {
  subscriptionId: string;
  customerId: string;
  /** from the subscription's metadata (`userId`), null if absent */
  userId: string | null;
  /** The plan the provider will bill next (metadata `tier`, else the item's price). */
  tier: PlanTier | null;
  status: SubscriptionStatus;
  /** the price of the current item, cents per interval */
  amountCents: number;
  currency: string;
  interval: 'month' | 'year' | 'week' | 'day';
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  /** when it ended (status canceled) */
  endedAt: Date | null;
  /**
   * The newest invoice (Stripe: `latest_invoice`, expanded), so the success redirect can fulfil
   * the first invoice before its webhook arrives (D27). null when unknown.
   */
  latestInvoice: InvoiceSnapshot | null;
}

export interface InvoiceSnapshot {
  invoiceId: string;
  customerId: string;
  subscriptionId: string | null;
  /** subscription metadata at the time of the invoice (`userId`, `tier`) */
  userId: string | null;
  tier: PlanTier | null;
  /** subscription_create | subscription_cycle | subscription_update | manual | … */
  billingReason: string | null;
  status: 'draft' | 'open' | 'paid' | 'uncollectible' | 'void';
  amountPaid: number;
  amountDue: number;
  currency: string;
  /** the subscription line's service period */
  periodStart: Date;
  periodEnd: Date;
  hostedInvoiceUrl: string | null;
  created: Date;
}

export interface CardSnapshot {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** A webhook event, checked and reduced to what billing handles. */
export type PaymentEvent =
  | { id: string; type: 'checkout.session.completed' | 'checkout.session.async_payment_succeeded'; sessionId: string }
  | { id: string; type: 'invoice.paid'; invoice: InvoiceSnapshot }
  | { id: string; type: 'invoice.payment_failed'; invoice: InvoiceSnapshot }
  | { id: string; type: 'customer.subscription.updated' | 'customer.subscription.deleted'; subscriptionId: string }
  /** Every refund, partial or full (D37): the charge's amount and what has been refunded of it so far. */
  | { id: string; type: 'charge.refunded'; paymentIntentId: string | null; chargeId: string; amount: number; amountRefunded: number }
  | { id: string; type: 'charge.dispute.created'; paymentIntentId: string | null; chargeId: string | null }
  /** Any other type: acknowledged (2xx) and stored, nothing else. */
  | { id: string; type: 'ignored'; originalType: string };

export interface PlanSwitch {
  subscriptionId: string;
  tier: PlanTier;
  name: string;
  amountCents: number;
  currency: string;
  /** D28: 'now' charges the prorated difference at once; 'next_renewal' changes the next invoice. */
  when: 'now' | 'next_renewal';
}

/** The provider could not be reached or answered 5xx: the caller may degrade (billing card). */
export class PaymentProviderUnavailableError extends Error {
  constructor(message = 'The payment provider is unavailable') {
    super(message);
    this.name = 'PaymentProviderUnavailableError';
  }
}

/** One refund of a charge (D37: each refund id counts once). */
export interface RefundSnapshot {
  refundId: string;
  /** cents */
  amount: number;
  /** only 'succeeded' and 'pending' refunds take credits back */
  status: 'pending' | 'succeeded' | 'failed' | 'canceled' | 'requires_action';
  created: Date;
}

/**
 * The provider does not know the stored customer (Stripe keys switched between test and live mode,
 * or the customer deleted in the dashboard): forget it and make a new one at the next checkout.
 */
export class UnknownCustomerError extends Error {
  constructor(readonly customerId: string) {
    super(`The payment provider does not know customer ${customerId}`);
    this.name = 'UnknownCustomerError';
  }
}

/** A signed event in an API shape the mapping does not read (→ 400 and an ERROR log naming the version). */
export class UnsupportedEventVersionError extends Error {
  constructor(
    readonly eventId: string,
    readonly apiVersion: string | null,
    readonly supported: string,
  ) {
    super(`Webhook event ${eventId} is in API version ${apiVersion ?? '(none)'}; this endpoint reads ${supported}`);
    this.name = 'UnsupportedEventVersionError';
  }
}

/** The webhook's signature is missing or wrong (→ 400, nothing changed). */
export class InvalidWebhookSignatureError extends Error {
  constructor(message = 'Invalid webhook signature') {
    super(message);
    this.name = 'InvalidWebhookSignatureError';
  }
}

/** The provider refused a charge (a plan upgrade's prorated payment): its message is for the user. */
export class PaymentDeclinedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PaymentDeclinedError';
  }
}

export interface PaymentGateway {
  readonly provider: ProviderName;
  /** How long one billing period of a plan lasts (D3: credits roll over one of these). */
  readonly billingPeriod: PeriodLength;
  /**
   * The provider's customer for this user, created once: `existingCustomerId` when we have one.
   * `replacing`: the stored customer the provider no longer knows (a new one is made instead).
   */
  ensureCustomer(input: { userId: string; email: string; existingCustomerId: string | null; replacing?: string | null }): Promise<string>;
  /** Throws UnknownCustomerError when `customerId` is not a customer the provider knows. */
  createCheckout(input: CreateCheckout): Promise<CreatedCheckout>;
  /** null when the provider does not know the id. */
  retrieveCheckout(sessionId: string): Promise<CheckoutSnapshot | null>;
  /**
   * Closes an open checkout so it can no longer be paid (a newer one replaces it). Resolves
   * 'complete' when it had been paid already.
   */
  expireCheckout(sessionId: string): Promise<'expired' | 'complete'>;
  /** null when the provider does not know the id. */
  retrieveSubscription(subscriptionId: string): Promise<SubscriptionSnapshot | null>;
  /** D28. Throws PaymentDeclinedError when an upgrade's prorated charge is refused. */
  switchPlan(input: PlanSwitch): Promise<SubscriptionSnapshot>;
  /** Cancel at period end (true) or resume (false). */
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<SubscriptionSnapshot>;
  /**
   * D35: ends the subscription now, not at the period's end (no further invoice). One that has
   * ended already is answered as it is; null when the provider does not know the id.
   */
  cancelNow(subscriptionId: string): Promise<SubscriptionSnapshot | null>;
  /** The customer's cards, newest first (at most 3). Throws UnknownCustomerError for a customer it does not know. */
  listCards(customerId: string): Promise<CardSnapshot[]>;
  /** Every refund of a charge, oldest first (D37). */
  listRefunds(chargeId: string): Promise<RefundSnapshot[]>;
  /**
   * Checks the signature over the raw body (and that its timestamp is neither older nor more than
   * 5 minutes newer than now) and reduces the event. Throws InvalidWebhookSignatureError, or
   * UnsupportedEventVersionError for an event in an API shape it does not read.
   */
  parseWebhook(rawBody: Buffer, signature: string | undefined): PaymentEvent;
}

export const PAYMENT_GATEWAY = Symbol('PAYMENT_GATEWAY');
