import { Logger } from '@nestjs/common';
import Stripe from 'stripe';
import type {
  CardSnapshot,
  CheckoutItem,
  CheckoutSnapshot,
  CreateCheckout,
  CreatedCheckout,
  InvoiceSnapshot,
  PaymentEvent,
  PaymentGateway,
  PlanSwitch,
  RefundSnapshot,
  SubscriptionSnapshot,
  SubscriptionStatus,
} from '../../application/payment-gateway.port';
import {
  InvalidWebhookSignatureError,
  PaymentDeclinedError,
  PaymentProviderUnavailableError,
  UnknownCustomerError,
  UnsupportedEventVersionError,
} from '../../application/payment-gateway.port';
import type { StripeSettings } from '../../billing.config';
import { isPackId, planByPrice } from '../../domain/catalogue';
import { isPlanTier, type PlanTier } from '../../domain/entitlement';
import type { PeriodLength } from '../../domain/subscription-rules';

/**
 * The API version the mapping below is written for. Pinned (rather than left to the SDK's default)
 * so that upgrading the SDK to a newer API version fails the type check here and the shapes get
 * looked at again: basil (2025-03-31) moved the subscription period onto the items, the invoice's
 * subscription under `parent.subscription_details` and a line's price under `pricing`.
 */
const API_VERSION = '2026-10-28.endive';

/**
 * Issue 24: the webhook events this mapping reads. Events are sent in the API version of the
 * webhook endpoint (set when the endpoint is created), not the SDK's: one older than basil
 * (2025-03-31) names an invoice's subscription and a subscription's period where this code does
 * not look, and one newer than API_VERSION may have moved something again. Such an event is
 * refused (400, and an ERROR log naming its version): Stripe retries it for three days, so nothing
 * is lost once the endpoint is set to a version in this range (docs/billing.md).
 */
export const WEBHOOK_API_VERSIONS = { oldest: '2025-03-31', newest: API_VERSION } as const;

export function isSupportedEventVersion(version: string | null | undefined): boolean {
  const day = /^(\d{4}-\d{2}-\d{2})(\.[a-z]+)?$/.exec(version ?? '')?.[1];
  return day !== undefined && day >= WEBHOOK_API_VERSIONS.oldest && day <= WEBHOOK_API_VERSIONS.newest.slice(0, 10);
}

/** A signature timestamp newer than this (seconds) is refused, as one older than the SDK's 300 s is. */
const FUTURE_TOLERANCE_SECONDS = 300;

/** The port's unions; anything else Stripe may add later is mapped to the state that grants nothing. */
const SUBSCRIPTION_STATUSES: readonly SubscriptionStatus[] = ['incomplete', 'incomplete_expired', 'trialing', 'active', 'past_due', 'canceled', 'unpaid', 'paused'];
const INVOICE_STATUSES: readonly InvoiceSnapshot['status'][] = ['draft', 'open', 'paid', 'uncollectible', 'void'];
const CHECKOUT_STATUSES: readonly CheckoutSnapshot['status'][] = ['open', 'complete', 'expired'];
const PAYMENT_STATUSES: readonly CheckoutSnapshot['paymentStatus'][] = ['paid', 'unpaid', 'no_payment_required'];
const INTERVALS: readonly SubscriptionSnapshot['interval'][] = ['month', 'year', 'week', 'day'];

type LogSink = Pick<Logger, 'warn'>;

/**
 * D27: Stripe behind the PaymentGateway port, through the official SDK. Every price is sent inline
 * (`price_data`, D8): nothing is set up in the Stripe dashboard. Fulfilment works from what Stripe
 * says: signed webhook events, or objects fetched here.
 *
 * Errors: Stripe unreachable, timing out, answering 5xx or rate-limiting us after the SDK's one
 * retry → PaymentProviderUnavailableError (the caller degrades); a refused card on a plan upgrade →
 * PaymentDeclinedError with Stripe's message; an unknown id on a retrieve → null; anything else (a
 * bad key, a request Stripe rejects) is rethrown as the SDK's error, since it is a bug or a
 * misconfiguration, not a state to handle. The secret key is never logged nor put in an error.
 */
export class StripePaymentGateway implements PaymentGateway {
  readonly provider = 'stripe' as const;
  /** Our plans are monthly (`recurring: month`): one calendar month. */
  readonly billingPeriod: PeriodLength = { months: 1 };
  private readonly stripe: Stripe;
  private readonly webhookSecret: string;
  private readonly log: LogSink;

  constructor(settings: StripeSettings, logger?: LogSink) {
    this.stripe = new Stripe(settings.secretKey, {
      apiVersion: API_VERSION,
      // One retry (the SDK sends an Idempotency-Key with every POST, so a retried create is safe),
      // and a bound on how long a user waits on a page that talks to Stripe.
      maxNetworkRetries: 1,
      timeout: 10_000,
      ...(settings.api ? { host: settings.api.host, port: settings.api.port, protocol: settings.api.protocol } : {}),
    });
    this.webhookSecret = settings.webhookSecret;
    this.log = logger ?? new Logger(StripePaymentGateway.name);
  }

  async ensureCustomer(input: { userId: string; email: string; existingCustomerId: string | null; replacing?: string | null }): Promise<string> {
    if (input.existingCustomerId) return input.existingCustomerId;
    // The key is the user: two concurrent first checkouts get the same customer, not two. A
    // replacement has its own key (the same key would answer the customer Stripe no longer knows).
    const key = input.replacing ? `customer:${input.userId}:replacing:${input.replacing}` : `customer:${input.userId}`;
    const customer = await this.call('create customer', () =>
      this.stripe.customers.create({ email: input.email, metadata: { userId: input.userId } }, { idempotencyKey: key }),
    );
    return customer.id;
  }

  async createCheckout(input: CreateCheckout): Promise<CreatedCheckout> {
    const { item } = input;
    const itemMetadata: Record<string, string> = item.kind === 'pack' ? { pack: item.pack } : { tier: item.tier };
    const params: Stripe.Checkout.SessionCreateParams = {
      customer: input.customerId,
      client_reference_id: input.userId,
      metadata: { userId: input.userId, kind: item.kind, ...itemMetadata },
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: input.currency,
            unit_amount: input.amountCents,
            product_data: { name: input.name },
            ...(item.kind === 'subscription' ? { recurring: { interval: 'month' as const } } : {}),
          },
        },
      ],
      mode: item.kind === 'pack' ? 'payment' : 'subscription',
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
      // A plan's checkout is reused for 30 minutes and then replaced (D28: one subscription per
      // account); Stripe's shortest lifetime is 30 minutes, so it closes just after that.
      ...(item.kind === 'subscription' ? { expires_at: Math.floor(Date.now() / 1000) + 31 * 60 } : {}),
      // The metadata is copied onto what the session creates, so refunds and disputes (which name
      // the PaymentIntent) and invoices (which snapshot the subscription's metadata) carry the user.
      ...(item.kind === 'pack'
        ? { payment_intent_data: { metadata: { userId: input.userId, pack: item.pack } } }
        : { subscription_data: { metadata: { userId: input.userId, tier: item.tier } } }),
    };
    let session: Stripe.Checkout.Session;
    try {
      session = await this.call('create checkout session', () => this.stripe.checkout.sessions.create(params));
    } catch (error) {
      if (isMissing(error) && (error as Stripe.errors.StripeInvalidRequestError).param === 'customer') throw new UnknownCustomerError(input.customerId);
      throw error;
    }
    if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a URL`);
    return { sessionId: session.id, url: session.url };
  }

  async retrieveCheckout(sessionId: string): Promise<CheckoutSnapshot | null> {
    const session = await this.orNull('retrieve checkout session', () => this.stripe.checkout.sessions.retrieve(sessionId));
    return session && checkoutSnapshot(session);
  }

  async expireCheckout(sessionId: string): Promise<'expired' | 'complete'> {
    try {
      await this.call('expire checkout session', () => this.stripe.checkout.sessions.expire(sessionId));
      return 'expired';
    } catch (error) {
      // Stripe refuses to expire a session that is not open (400) or that it does not know (404):
      // what it is now decides. One the customer paid in the meantime is 'complete'.
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
      const session = await this.orNull('retrieve checkout session', () => this.stripe.checkout.sessions.retrieve(sessionId));
      if (!session || session.status === 'expired') return 'expired';
      if (session.status === 'complete') return 'complete';
      throw error;
    }
  }

  async retrieveSubscription(subscriptionId: string): Promise<SubscriptionSnapshot | null> {
    const subscription = await this.orNull('retrieve subscription', () => this.stripe.subscriptions.retrieve(subscriptionId, { expand: ['latest_invoice'] }));
    return subscription && subscriptionSnapshot(subscription);
  }

  async switchPlan(input: PlanSwitch): Promise<SubscriptionSnapshot> {
    const current = await this.call('retrieve subscription', () => this.stripe.subscriptions.retrieve(input.subscriptionId));
    const item = firstItem(current);
    const product = idOf(item.price.product);
    if (!product) throw new Error(`subscription ${current.id}'s item has no product`);
    const now = input.when === 'now';
    try {
      const updated = await this.call('switch plan', () =>
        this.stripe.subscriptions.update(current.id, {
          // A subscription item's price_data names an existing product (it has no product_data):
          // the product the checkout created is kept, only the price changes.
          items: [{ id: item.id, price_data: { currency: input.currency, unit_amount: input.amountCents, product, recurring: { interval: 'month' } } }],
          metadata: { ...current.metadata, tier: input.tier },
          // D28: 'now' charges the prorated difference at once, and error_if_incomplete makes Stripe
          // refuse the whole change (402) when that charge fails instead of leaving it past_due.
          // 'next_renewal' changes the price without proration: the next invoice bills the new plan.
          proration_behavior: now ? 'always_invoice' : 'none',
          payment_behavior: now ? 'error_if_incomplete' : undefined,
          // The snapshot carries the invoice the switch made (the prorated charge), if any.
          expand: ['latest_invoice'],
        }),
      );
      return subscriptionSnapshot(updated);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError) throw new PaymentDeclinedError(error.message);
      throw error;
    }
  }

  async setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<SubscriptionSnapshot> {
    const updated = await this.call('cancel at period end', () => this.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel, expand: ['latest_invoice'] }));
    return subscriptionSnapshot(updated);
  }

  async cancelNow(subscriptionId: string): Promise<SubscriptionSnapshot | null> {
    try {
      const cancelled = await this.call('cancel subscription', () => this.stripe.subscriptions.cancel(subscriptionId));
      return subscriptionSnapshot(cancelled);
    } catch (error) {
      // Stripe refuses to cancel a subscription that has ended already (or that it does not know):
      // what it is now decides. One that is still running was refused for another reason.
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
      const current = await this.retrieveSubscription(subscriptionId);
      if (!current) return null;
      if (current.status === 'canceled' || current.status === 'incomplete_expired' || current.endedAt) return current;
      throw error;
    }
  }

  async listCards(customerId: string): Promise<CardSnapshot[]> {
    // Stripe lists newest first.
    let list: Stripe.ApiList<Stripe.PaymentMethod>;
    try {
      list = await this.call('list cards', () => this.stripe.customers.listPaymentMethods(customerId, { type: 'card', limit: 3 }));
    } catch (error) {
      if (isMissing(error)) throw new UnknownCustomerError(customerId);
      throw error;
    }
    return list.data.flatMap((method) =>
      method.card ? [{ brand: method.card.brand, last4: method.card.last4, expMonth: method.card.exp_month, expYear: method.card.exp_year }] : [],
    );
  }

  /** D37: every refund of the charge, oldest first. */
  async listRefunds(chargeId: string): Promise<RefundSnapshot[]> {
    const refunds: Stripe.Refund[] = [];
    let startingAfter: string | undefined;
    // Newest first, 100 a page; a charge has a handful.
    for (let page = 0; page < 20; page++) {
      const list = await this.call('list refunds', () => this.stripe.refunds.list({ charge: chargeId, limit: 100, ...(startingAfter ? { starting_after: startingAfter } : {}) }));
      refunds.push(...list.data);
      if (!list.has_more || list.data.length === 0) break;
      startingAfter = list.data[list.data.length - 1].id;
    }
    // Oldest first: Stripe's order reversed, then a stable sort by time (refunds within one second
    // keep Stripe's order), so each refund always gets the same share (D37).
    return refunds
      .reverse()
      .map((r) => ({ refundId: r.id, amount: r.amount, status: oneOf(REFUND_STATUSES, r.status, 'pending'), created: date(r.created) }))
      .sort((a, b) => a.created.getTime() - b.created.getTime());
  }

  parseWebhook(rawBody: Buffer, signature: string | undefined): PaymentEvent {
    if (!signature) throw new InvalidWebhookSignatureError('Missing Stripe-Signature header');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature, this.webhookSecret);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeSignatureVerificationError) throw new InvalidWebhookSignatureError();
      throw error;
    }
    // The SDK refuses a timestamp older than 5 minutes (a replay), not one from the future.
    const timestamp = Number(/(?:^|,)\s*t=(\d+)/.exec(signature)?.[1]);
    if (!Number.isFinite(timestamp) || timestamp > Math.floor(Date.now() / 1000) + FUTURE_TOLERANCE_SECONDS) {
      throw new InvalidWebhookSignatureError('Stripe-Signature timestamp is in the future');
    }
    const version = (event as { api_version?: string | null }).api_version ?? null;
    if (!isSupportedEventVersion(version)) {
      throw new UnsupportedEventVersionError(event.id, version, `${WEBHOOK_API_VERSIONS.oldest} to ${WEBHOOK_API_VERSIONS.newest}`);
    }
    return paymentEvent(event);
  }

  /** Runs one SDK call, turning "Stripe is not there" into PaymentProviderUnavailableError. */
  private async call<T>(what: string, request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      if (isUnavailable(error)) {
        this.log.warn(`Stripe ${what}: unavailable (${describe(error)})`);
        throw new PaymentProviderUnavailableError(`The payment provider is unavailable (${what})`);
      }
      throw error;
    }
  }

  /** As call(), with null for an id Stripe does not know. */
  private async orNull<T>(what: string, request: () => Promise<T>): Promise<T | null> {
    try {
      return await this.call(what, request);
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }
}

/** An id Stripe does not know (404 resource_missing, or 400 "No such customer" on a create). */
function isMissing(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing';
}

const REFUND_STATUSES: readonly RefundSnapshot['status'][] = ['pending', 'succeeded', 'failed', 'canceled', 'requires_action'];

function isUnavailable(error: unknown): boolean {
  if (error instanceof Stripe.errors.StripeConnectionError) return true; // includes timeouts
  if (error instanceof Stripe.errors.StripeAPIError) return true; // 5xx, or a body that is not JSON
  if (error instanceof Stripe.errors.StripeRateLimitError) return true; // 429 after the SDK's retry
  return error instanceof Stripe.errors.StripeError && (error.statusCode ?? 0) >= 500;
}

/** The SDK's error class and status, never its request (which carries the key). */
function describe(error: unknown): string {
  if (error instanceof Stripe.errors.StripeError) return `${error.type}${error.statusCode ? ` ${error.statusCode}` : ''}: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}

/** An expandable field: an id, or the object when it was expanded. */
function idOf(value: string | { id: string } | null | undefined): string | null {
  if (value == null) return null;
  return typeof value === 'string' ? value : value.id;
}

function oneOf<T extends string>(allowed: readonly T[], value: string | null | undefined, fallback: T): T {
  return value != null && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

const date = (seconds: number) => new Date(seconds * 1000);

function checkoutItem(metadata: Stripe.Metadata | null): CheckoutItem | null {
  if (metadata?.kind === 'pack' && isPackId(metadata.pack)) return { kind: 'pack', pack: metadata.pack };
  if (metadata?.kind === 'subscription' && isPlanTier(metadata.tier)) return { kind: 'subscription', tier: metadata.tier };
  return null;
}

function checkoutSnapshot(session: Stripe.Checkout.Session): CheckoutSnapshot {
  return {
    sessionId: session.id,
    userId: session.client_reference_id ?? session.metadata?.userId ?? null,
    item: checkoutItem(session.metadata),
    // An unknown state is taken as not (yet) paid: nothing is fulfilled from it.
    status: oneOf(CHECKOUT_STATUSES, session.status, 'open'),
    paymentStatus: oneOf(PAYMENT_STATUSES, session.payment_status, 'unpaid'),
    amountTotal: session.amount_total ?? 0,
    currency: session.currency ?? '',
    customerId: idOf(session.customer),
    paymentIntentId: idOf(session.payment_intent),
    subscriptionId: idOf(session.subscription),
  };
}

function firstItem(subscription: Stripe.Subscription): Stripe.SubscriptionItem {
  // Checkout creates one item per line and ours have one line.
  const item = subscription.items.data[0];
  if (!item) throw new Error(`Stripe subscription ${subscription.id} has no items`);
  return item;
}

function tierOf(metadataTier: string | undefined, amountCents: number | null): PlanTier | null {
  if (isPlanTier(metadataTier)) return metadataTier;
  return amountCents == null ? null : (planByPrice(amountCents)?.tier ?? null);
}

function subscriptionSnapshot(subscription: Stripe.Subscription): SubscriptionSnapshot {
  const item = firstItem(subscription);
  return {
    subscriptionId: subscription.id,
    customerId: idOf(subscription.customer) ?? '',
    userId: subscription.metadata?.userId ?? null,
    tier: tierOf(subscription.metadata?.tier, item.price.unit_amount),
    // 'incomplete' grants nothing, so a state this code does not know cannot grant a plan.
    status: oneOf(SUBSCRIPTION_STATUSES, subscription.status, 'incomplete'),
    amountCents: item.price.unit_amount ?? 0,
    currency: item.price.currency,
    interval: oneOf(INTERVALS, item.price.recurring?.interval, 'month'),
    // Since basil the billing period is per item (items may have different intervals).
    currentPeriodStart: date(item.current_period_start),
    currentPeriodEnd: date(item.current_period_end),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    endedAt: subscription.ended_at == null ? null : date(subscription.ended_at),
    // Only when the call expanded it (an id alone says nothing about the invoice).
    latestInvoice: subscription.latest_invoice && typeof subscription.latest_invoice === 'object' ? invoiceSnapshot(subscription.latest_invoice) : null,
  };
}

/**
 * The line that bills the subscription's item. A plain renewal has one; a plan change invoiced at
 * once has two prorations (unused time on the old price, remaining time on the new one): the last
 * is the new plan's.
 */
function subscriptionLine(invoice: Stripe.Invoice): Stripe.InvoiceLineItem | null {
  const lines = invoice.lines?.data ?? [];
  const itemLines = lines.filter((line) => line.parent?.type === 'subscription_item_details');
  return itemLines.find((line) => !line.parent?.subscription_item_details?.proration) ?? itemLines.at(-1) ?? lines[0] ?? null;
}

function invoiceSnapshot(invoice: Stripe.Invoice): InvoiceSnapshot {
  const details = invoice.parent?.subscription_details ?? null;
  const line = subscriptionLine(invoice);
  return {
    invoiceId: invoice.id,
    // Billing only sees invoices of its own subscriptions, which always have a customer.
    customerId: idOf(invoice.customer) ?? '',
    subscriptionId: idOf(details?.subscription),
    userId: details?.metadata?.userId ?? null,
    tier: tierOf(details?.metadata?.tier, line?.amount ?? null),
    billingReason: invoice.billing_reason ?? null,
    // An unknown state is taken as not paid.
    status: oneOf(INVOICE_STATUSES, invoice.status, 'draft'),
    amountPaid: invoice.amount_paid,
    amountDue: invoice.amount_due,
    currency: invoice.currency,
    // invoice.period_* is the period *before* the invoice for subscription invoices (both equal to
    // the creation time on the first one): the line's period is the one being paid for.
    periodStart: date(line?.period.start ?? invoice.period_start),
    periodEnd: date(line?.period.end ?? invoice.period_end),
    hostedInvoiceUrl: invoice.hosted_invoice_url ?? null,
    created: date(invoice.created),
  };
}

function paymentEvent(event: Stripe.Event): PaymentEvent {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return { id: event.id, type: event.type, sessionId: event.data.object.id };
    case 'invoice.paid':
    case 'invoice.payment_failed':
      return { id: event.id, type: event.type, invoice: invoiceSnapshot(event.data.object) };
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      // The handler fetches the subscription: events arrive out of order, the fetch is current.
      return { id: event.id, type: event.type, subscriptionId: event.data.object.id };
    case 'charge.refunded': {
      const charge = event.data.object;
      return { id: event.id, type: event.type, paymentIntentId: idOf(charge.payment_intent), chargeId: charge.id, amount: charge.amount, amountRefunded: charge.amount_refunded };
    }
    case 'charge.dispute.created':
      return { id: event.id, type: event.type, paymentIntentId: idOf(event.data.object.payment_intent), chargeId: idOf(event.data.object.charge) };
    default:
      return { id: event.id, type: 'ignored', originalType: event.type };
  }
}
