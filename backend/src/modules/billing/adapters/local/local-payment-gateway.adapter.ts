import { randomBytes } from 'node:crypto';
import type {
  CardSnapshot,
  CheckoutSnapshot,
  CreateCheckout,
  CreatedCheckout,
  InvoiceSnapshot,
  PaymentEvent,
  PaymentGateway,
  PlanSwitch,
  RefundSnapshot,
  SubscriptionSnapshot,
} from '../../application/payment-gateway.port';
import { InvalidWebhookSignatureError } from '../../application/payment-gateway.port';
import { CURRENCY, planOf } from '../../domain/catalogue';
import type { PlanTier } from '../../domain/entitlement';
import { addPeriod, type PeriodLength, upgradeChargeCents } from '../../domain/subscription-rules';
import type { BillingRepository, StoredSubscription } from '../typeorm/billing.repository';

/** The local test checkout's ids look like Stripe's, with an `l` in front (never confused with real ones). */
export const localIds = {
  customer: (userId: string) => `lcus_${userId.replace(/-/g, '')}`,
  session: () => `lcs_${randomBytes(12).toString('hex')}`,
  subscription: () => `lsub_${randomBytes(12).toString('hex')}`,
  paymentIntent: (sessionId: string) => `lpi_${sessionId.slice(4)}`,
  /** One invoice per (subscription, period): the id is derived, so a renewal run twice bills once. */
  invoice: (subscriptionId: string, periodStart: Date) => `lin_${subscriptionId.slice(5)}_${periodStart.getTime()}`,
  /** An upgrade's prorated charge: one per (subscription, period, from, to), like the credits it pays for (D28). */
  upgradeInvoice: (subscriptionId: string, periodStart: Date, from: PlanTier, to: PlanTier) => `lin_${subscriptionId.slice(5)}_${periodStart.getTime()}_${from}-${to}`,
};

/**
 * D30: the zero-config payment provider. No money moves: the provider's state is billing's own
 * tables (a checkout row, the subscription row), and the app's checkout page completes a session
 * through the same fulfilment code Stripe's webhooks use. It answers every call of the port the way
 * Stripe would, so the billing application cannot tell the two apart.
 */
export class LocalPaymentGateway implements PaymentGateway {
  readonly provider = 'local' as const;

  constructor(
    private readonly repo: BillingRepository,
    private readonly period: PeriodLength,
  ) {}

  get billingPeriod(): PeriodLength {
    return this.period;
  }

  ensureCustomer(input: { userId: string; existingCustomerId: string | null }): Promise<string> {
    return Promise.resolve(input.existingCustomerId ?? localIds.customer(input.userId));
  }

  createCheckout(_input: CreateCheckout): Promise<CreatedCheckout> {
    const sessionId = localIds.session();
    return Promise.resolve({ sessionId, url: `/checkout/local/${sessionId}` });
  }

  async retrieveCheckout(sessionId: string): Promise<CheckoutSnapshot | null> {
    const stored = await this.repo.findCheckout(sessionId);
    if (!stored || stored.provider !== 'local') return null;
    const complete = stored.status === 'complete';
    return {
      sessionId,
      userId: stored.userId,
      item: stored.item,
      status: stored.status,
      paymentStatus: complete ? 'paid' : 'unpaid',
      amountTotal: stored.amountCents,
      currency: stored.currency,
      customerId: await this.repo.customerIdOf(stored.userId),
      paymentIntentId: complete && stored.item.kind === 'pack' ? localIds.paymentIntent(sessionId) : null,
      subscriptionId: stored.subscriptionId,
    };
  }

  async expireCheckout(sessionId: string): Promise<'expired' | 'complete'> {
    await this.repo.expireCheckout(sessionId);
    return (await this.repo.findCheckout(sessionId))?.status === 'complete' ? 'complete' : 'expired';
  }

  /**
   * The subscription row as the provider's record. A subscription a paid local checkout created
   * but whose row is not written yet (the pay step crashed before fulfilment) is rebuilt from that
   * checkout: period from its payment, first invoice derived from it.
   */
  async retrieveSubscription(subscriptionId: string): Promise<SubscriptionSnapshot | null> {
    const stored = await this.repo.findSubscription(subscriptionId);
    if (stored) return this.snapshotOf(stored, stored.pendingTier ?? stored.tier);
    const checkout = await this.repo.findCheckoutBySubscription(subscriptionId);
    if (!checkout || checkout.provider !== 'local' || checkout.status !== 'complete' || checkout.item.kind !== 'subscription') return null;
    const start = checkout.completedAt ?? checkout.createdAt;
    const end = addPeriod(start, this.period);
    const tier = checkout.item.tier;
    const customerId = (await this.repo.customerIdOf(checkout.userId)) ?? localIds.customer(checkout.userId);
    return {
      subscriptionId,
      customerId,
      userId: checkout.userId,
      tier,
      status: 'active',
      amountCents: checkout.amountCents,
      currency: checkout.currency,
      interval: 'month',
      currentPeriodStart: start,
      currentPeriodEnd: end,
      cancelAtPeriodEnd: false,
      endedAt: null,
      latestInvoice: this.invoiceFor({ subscriptionId, customerId, userId: checkout.userId, tier, start, end, reason: 'subscription_create' }),
    };
  }

  /**
   * D28 as Stripe does it: a downgrade changes the next invoice; an upgrade is charged at once
   * (Stripe's `always_invoice`): an invoice for the price difference over the time left in the
   * period, paid with the test card on file, which the snapshot carries as its newest invoice so
   * fulfilment records it and grants the upgrade's credits from it (issue 24).
   */
  async switchPlan(input: PlanSwitch): Promise<SubscriptionSnapshot> {
    const stored = await this.repo.findSubscription(input.subscriptionId);
    if (!stored) throw new Error(`local subscription ${input.subscriptionId} not found`);
    const snapshot = { ...this.snapshotOf(stored, input.tier), amountCents: input.amountCents };
    if (input.when !== 'now') return snapshot;
    const now = new Date();
    const amount = upgradeChargeCents(planOf(stored.tier).priceCents, input.amountCents, stored.currentPeriodStart, stored.currentPeriodEnd, now);
    const id = localIds.upgradeInvoice(stored.id, stored.currentPeriodStart, stored.tier, input.tier);
    return {
      ...snapshot,
      latestInvoice: {
        invoiceId: id,
        customerId: stored.customerId,
        subscriptionId: stored.id,
        userId: stored.userId,
        tier: input.tier,
        billingReason: 'subscription_update',
        status: 'paid',
        amountPaid: amount,
        amountDue: amount,
        currency: stored.currency,
        periodStart: now,
        periodEnd: stored.currentPeriodEnd,
        hostedInvoiceUrl: `/api/local-checkout/invoices/${id}`,
        created: now,
      },
    };
  }

  async setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<SubscriptionSnapshot> {
    const stored = await this.repo.findSubscription(subscriptionId);
    if (!stored) throw new Error(`local subscription ${subscriptionId} not found`);
    return { ...this.snapshotOf(stored, stored.pendingTier ?? stored.tier), cancelAtPeriodEnd: cancel };
  }

  /** The local provider's record is billing's own row: it is ended by the caller's endSubscription. */
  async cancelNow(subscriptionId: string): Promise<SubscriptionSnapshot | null> {
    const stored = await this.repo.findSubscription(subscriptionId);
    if (!stored) return null;
    return { ...this.snapshotOf(stored, stored.pendingTier ?? stored.tier), status: 'canceled', endedAt: stored.endedAt ?? new Date() };
  }

  async listCards(customerId: string): Promise<CardSnapshot[]> {
    const userId = await this.repo.userIdByCustomer(customerId);
    const card = userId ? await this.repo.lastLocalCard(userId) : null;
    return card ? [card] : [];
  }

  /** The local checkout takes no money, so there is nothing to refund. */
  listRefunds(_chargeId: string): Promise<RefundSnapshot[]> {
    return Promise.resolve([]);
  }

  parseWebhook(_rawBody: Buffer, _signature: string | undefined): PaymentEvent {
    // No webhooks: the local checkout fulfils directly. Anything posted here is not from Stripe.
    throw new InvalidWebhookSignatureError('Stripe is not configured (payments use the local test checkout)');
  }

  /** The next period's invoice for a due subscription (the renewal job bills it). */
  renewalInvoice(sub: StoredSubscription): InvoiceSnapshot {
    const start = sub.currentPeriodEnd;
    return this.invoiceFor({
      subscriptionId: sub.id,
      customerId: sub.customerId,
      userId: sub.userId,
      tier: sub.pendingTier ?? sub.tier,
      start,
      end: addPeriod(start, this.period),
      reason: 'subscription_cycle',
    });
  }

  private snapshotOf(stored: StoredSubscription, billedTier: PlanTier): SubscriptionSnapshot {
    return {
      subscriptionId: stored.id,
      customerId: stored.customerId,
      userId: stored.userId,
      tier: billedTier,
      status: stored.status,
      amountCents: planOf(billedTier).priceCents,
      currency: stored.currency,
      interval: 'month',
      currentPeriodStart: stored.currentPeriodStart,
      currentPeriodEnd: stored.currentPeriodEnd,
      cancelAtPeriodEnd: stored.cancelAtPeriodEnd,
      endedAt: stored.endedAt,
      latestInvoice: null,
    };
  }

  private invoiceFor(i: { subscriptionId: string; customerId: string; userId: string; tier: PlanTier; start: Date; end: Date; reason: string }): InvoiceSnapshot {
    const id = localIds.invoice(i.subscriptionId, i.start);
    const amount = planOf(i.tier).priceCents;
    return {
      invoiceId: id,
      customerId: i.customerId,
      subscriptionId: i.subscriptionId,
      userId: i.userId,
      tier: i.tier,
      billingReason: i.reason,
      status: 'paid',
      amountPaid: amount,
      amountDue: amount,
      currency: CURRENCY,
      periodStart: i.start,
      periodEnd: i.end,
      hostedInvoiceUrl: `/api/local-checkout/invoices/${id}`,
      created: new Date(),
    };
  }
}
