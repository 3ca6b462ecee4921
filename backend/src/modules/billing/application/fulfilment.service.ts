import { Inject, Injectable, Logger } from '@nestjs/common';
import { EventBus } from '../../../shared/events/event-bus';
import { CREDITS_API, type CreditsApi } from '../../credits';
import { BillingRepository, ENTITLED_STATUSES, type StoredCheckout, type StoredSubscription } from '../adapters/typeorm/billing.repository';
import { PACK_PURCHASED, type PackPurchased, SUBSCRIPTION_ENDED, SUBSCRIPTION_STARTED, type SubscriptionEnded, type SubscriptionStarted } from '../domain/billing-events';
import { isPackId, offerOf, packOf, planOf } from '../domain/catalogue';
import { afterSubscriptionEnded, afterSubscribing, type PlanTier } from '../domain/entitlement';
import { refundShares } from '../domain/refund-rules';
import { planChange, subscriptionCreditsExpireAt, upgradeCredits } from '../domain/subscription-rules';
import {
  type CheckoutSnapshot,
  type InvoiceSnapshot,
  PAYMENT_GATEWAY,
  type PaymentGateway,
  type ProviderName,
  type SubscriptionSnapshot,
} from './payment-gateway.port';

/** D5, D27: the ledger keys that make each grant happen once, whichever path gets there first. */
export const ledgerKeys = {
  pack: (checkoutId: string) => `pack:${checkoutId}`,
  invoice: (invoiceId: string) => `invoice:${invoiceId}`,
  upgrade: (subscriptionId: string, from: PlanTier, to: PlanTier, periodStart: Date) =>
    `upgrade:${subscriptionId}:${from}-${to}:${Math.floor(periodStart.getTime() / 1000)}`,
  revoke: (checkoutId: string) => `revoke:${checkoutId}`,
  /** D37: one partial (or full) refund of a pack purchase. */
  refund: (checkoutId: string, refundId: string) => `refund:${checkoutId}:${refundId}`,
};

/**
 * D28, issue 24: the invoice an upgrade charged at once (Stripe's `always_invoice`, the local
 * checkout's own): paid and made for a plan change. Its amount is the upgrade's revenue.
 */
function upgradeInvoiceOf(invoice: InvoiceSnapshot | null | undefined): InvoiceSnapshot | null {
  return invoice && invoice.billingReason === 'subscription_update' && invoice.status === 'paid' ? invoice : null;
}

export type CheckoutOutcome = 'fulfilled' | 'not_paid' | 'unknown';

/**
 * Fulfilment (D27-D30): the one code path that turns what the payment provider reports into
 * credits and entitlement, for Stripe's webhooks, the success redirect and the local test checkout.
 *
 * Every step is idempotent on its own (ledger grants by key, conditional updates, upserts), so a
 * replayed event, 20 concurrent deliveries, a redirect racing its webhook, events out of order, or
 * a crash between two steps followed by a retry all end in the same state with each grant made once.
 * Subscription rows and the user's entitlement change together in one transaction under a per-user
 * lock; credits go through CREDITS_API with their own keys.
 */
@Injectable()
export class FulfilmentService {
  private readonly logger = new Logger('Billing');

  constructor(
    private readonly repo: BillingRepository,
    @Inject(CREDITS_API) private readonly credits: CreditsApi,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    private readonly events: EventBus,
  ) {}

  get provider(): ProviderName {
    return this.gateway.provider;
  }

  /** From a checkout id (webhook, success redirect): asks the provider, then fulfils. */
  async fulfilCheckoutById(sessionId: string): Promise<CheckoutOutcome> {
    const snapshot = await this.gateway.retrieveCheckout(sessionId);
    if (!snapshot) return 'unknown';
    return this.checkoutCompleted(snapshot);
  }

  /** A Checkout Session the provider reports. Only a complete and paid one is fulfilled. */
  private async checkoutCompleted(snapshot: CheckoutSnapshot): Promise<CheckoutOutcome> {
    const stored = await this.storedCheckoutFor(snapshot);
    if (!stored) return 'unknown';
    if (snapshot.status !== 'complete' || snapshot.paymentStatus === 'unpaid') return 'not_paid';
    await this.repo.markCheckoutComplete(stored.id, { paymentIntentId: snapshot.paymentIntentId, subscriptionId: snapshot.subscriptionId });

    if (stored.item.kind === 'pack') {
      await this.fulfilPack({ ...stored, paymentIntentId: stored.paymentIntentId ?? snapshot.paymentIntentId });
    } else if (snapshot.subscriptionId) {
      const subscription = await this.gateway.retrieveSubscription(snapshot.subscriptionId);
      if (!subscription) {
        this.logger.error(`Checkout ${stored.id} names subscription ${snapshot.subscriptionId}, which the provider does not know`);
        return 'not_paid';
      }
      await this.syncSubscription(subscription, { userId: stored.userId, tier: stored.item.tier });
      // D27: the first invoice is fulfilled from here too, so a user back before the webhook has the credits.
      if (subscription.latestInvoice?.status === 'paid') await this.invoicePaid(subscription.latestInvoice, stored.userId);
    }
    await this.repo.markCheckoutFulfilled(stored.id);
    return 'fulfilled';
  }

  /** D6: regular credits that never expire, free → paid. */
  private async fulfilPack(stored: StoredCheckout): Promise<void> {
    if (stored.item.kind !== 'pack') return;
    const pack = packOf(stored.item.pack);
    const grant = await this.credits.grant({
      userId: stored.userId,
      credits: pack.credits,
      kind: 'regular',
      type: 'purchase',
      sourceType: 'pack',
      description: `Credit pack: ${pack.name}`,
      idempotencyKey: ledgerKeys.pack(stored.id),
      expiresAt: null,
      stripeTransactionId: stored.paymentIntentId ?? stored.id,
      purchaseAmount: stored.amountCents,
      currency: stored.currency,
      packType: pack.id,
    });
    await this.repo.userTransaction(stored.userId, async (tx) => {
      await tx.markPackBuyer(stored.userId);
    });
    if (grant.applied) {
      this.logger.log(`Pack ${pack.id} fulfilled for user ${stored.userId} (checkout ${stored.id})`);
      const event: PackPurchased = { type: PACK_PURCHASED, userId: stored.userId, pack: pack.id, credits: pack.credits };
      await this.events.publish(event);
    }
  }

  /**
   * The checkout as we stored it when we opened it. A session we have no row for (the row's
   * insert failed after the provider created it) is taken from the provider's metadata when its
   * amount is the catalogue's price for what it names.
   */
  private async storedCheckoutFor(snapshot: CheckoutSnapshot): Promise<StoredCheckout | null> {
    const stored = await this.repo.findCheckout(snapshot.sessionId);
    if (stored) {
      if (snapshot.userId && snapshot.userId !== stored.userId) {
        this.logger.error(`Checkout ${snapshot.sessionId}: provider names user ${snapshot.userId}, we stored ${stored.userId}; not fulfilled`);
        return null;
      }
      return stored;
    }
    const { userId, item } = snapshot;
    if (!userId || !item || !(await this.repo.userExists(userId))) {
      this.logger.warn(`Checkout ${snapshot.sessionId} is not one of ours (no user or item in its metadata); ignored`);
      return null;
    }
    const { credits, amountCents, name } = offerOf(item);
    if (snapshot.amountTotal !== amountCents) {
      this.logger.error(`Checkout ${snapshot.sessionId} charged ${snapshot.amountTotal} for ${name}, catalogue says ${amountCents}; not fulfilled`);
      return null;
    }
    await this.repo.insertCheckout({ id: snapshot.sessionId, provider: this.provider, userId, item, credits, amountCents, currency: snapshot.currency, url: '' });
    return this.repo.findCheckout(snapshot.sessionId);
  }

  /**
   * D28: a paid invoice grants its plan's monthly credits (first invoice and renewals), expiring
   * as D3 says. An upgrade's proration invoice grants nothing here: the upgrade's credits are
   * granted when the switch is made. It also brings the subscription up to its newest paid period.
   */
  async invoicePaid(invoice: InvoiceSnapshot, knownUserId?: string): Promise<void> {
    const userId = await this.userOfInvoice(invoice, knownUserId);
    if (!userId) return;
    await this.repo.upsertInvoice(this.provider, userId, invoice);
    const tier = invoice.tier;
    if (!tier) {
      this.logger.error(`Invoice ${invoice.invoiceId} names no plan (tier metadata or a catalogue price); no credits granted`);
      return;
    }
    const plan = planOf(tier);

    if (invoice.billingReason === 'subscription_update') {
      // An upgrade's prorated charge (D28): its credits are the upgrade's, granted once whichever
      // of the switch's answer, this invoice or the subscription's update event comes first. The
      // subscription as the provider has it now says from which plan to which.
      if (invoice.subscriptionId) await this.syncSubscriptionById(invoice.subscriptionId, upgradeInvoiceOf(invoice));
      return;
    }

    let started = false;
    if (invoice.subscriptionId) {
      const subscriptionId = invoice.subscriptionId;
      started = await this.repo.userTransaction(userId, async (tx) => {
        const existing = await tx.findSubscription(subscriptionId);
        if (!existing) {
          const live = await tx.liveSubscriptionOf(userId);
          if (live) {
            this.logger.error(`Invoice ${invoice.invoiceId}: user ${userId} already has subscription ${live.id}; ${subscriptionId} not linked`);
            return false;
          }
          // Out of order: the invoice came before its checkout or subscription event.
          await tx.upsertSubscription(
            this.provider,
            userId,
            {
              subscriptionId,
              customerId: invoice.customerId,
              status: 'active',
              amountCents: plan.priceCents,
              currency: invoice.currency,
              interval: 'month',
              currentPeriodStart: invoice.periodStart,
              currentPeriodEnd: invoice.periodEnd,
              cancelAtPeriodEnd: false,
            },
            tier,
          );
        } else {
          if (existing.endedAt) return false;
          await tx.applyPaidPeriod(subscriptionId, invoice.periodStart, invoice.periodEnd, tier, plan.priceCents);
        }
        const now = await tx.findSubscription(subscriptionId);
        if (now && !now.endedAt && ENTITLED_STATUSES.includes(now.status)) {
          await tx.setEntitlement(userId, afterSubscribing(now.tier), { id: now.id, status: now.status });
        }
        return !existing;
      });
    }

    const grant = await this.credits.grant({
      userId,
      credits: plan.monthlyCredits,
      kind: 'regular',
      type: 'subscription',
      sourceType: 'subscription',
      description: `${plan.name} plan: ${plan.monthlyCredits} monthly credits`,
      idempotencyKey: ledgerKeys.invoice(invoice.invoiceId),
      // D3: they roll over one month.
      expiresAt: subscriptionCreditsExpireAt(invoice.periodEnd, this.gateway.billingPeriod),
      stripeTransactionId: invoice.invoiceId,
      purchaseAmount: invoice.amountPaid,
      currency: invoice.currency,
    });
    if (grant.applied) this.logger.log(`Invoice ${invoice.invoiceId} paid: ${plan.monthlyCredits} credits for user ${userId}`);
    if (started) {
      const event: SubscriptionStarted = { type: SUBSCRIPTION_STARTED, userId, tier };
      await this.events.publish(event);
    }
  }

  /** D29: the subscription is past due; the tier stays while the provider retries. */
  async invoicePaymentFailed(invoice: InvoiceSnapshot): Promise<void> {
    const userId = await this.userOfInvoice(invoice);
    if (!userId) return;
    await this.repo.upsertInvoice(this.provider, userId, invoice);
    const subscriptionId = invoice.subscriptionId;
    if (!subscriptionId) return;
    await this.repo.userTransaction(userId, async (tx) => {
      const sub = await tx.findSubscription(subscriptionId);
      if (!sub || sub.endedAt) return;
      // A failure for an older period than the one already paid is stale news.
      if (invoice.periodEnd < sub.currentPeriodEnd) return;
      await tx.setStatus(subscriptionId, 'past_due');
      await tx.setEntitlement(userId, afterSubscribing(sub.tier), { id: sub.id, status: 'past_due' });
    });
    this.logger.warn(`Invoice ${invoice.invoiceId} payment failed: subscription ${subscriptionId} is past due`);
  }

  /**
   * From a subscription id (webhook): asks the provider for its current state, so order does not
   * matter. `upgradeInvoice`: the paid invoice of a plan change that brought us here.
   */
  async syncSubscriptionById(subscriptionId: string, upgradeInvoice?: InvoiceSnapshot | null): Promise<void> {
    const snapshot = await this.gateway.retrieveSubscription(subscriptionId);
    if (!snapshot) {
      this.logger.warn(`Subscription ${subscriptionId} is unknown to the provider; ignored`);
      return;
    }
    await this.syncSubscriptionReporting(snapshot, undefined, upgradeInvoice);
  }

  /**
   * Brings our row and the user's entitlement to the provider's state (status, period, cancel at
   * period end). A plan the provider bills that is dearer than ours is an upgrade (its credits are
   * granted here too if the switch's own grant was lost); a cheaper one is a downgrade waiting for
   * the next renewal (D28).
   */
  async syncSubscription(snapshot: SubscriptionSnapshot, hint?: { userId: string; tier: PlanTier }): Promise<StoredSubscription | null> {
    return (await this.syncSubscriptionReporting(snapshot, hint)).sub;
  }

  /**
   * syncSubscription, also saying how many upgrade credits this call granted (D28). The invoice an
   * upgrade was charged with (`upgradeInvoice`, else the snapshot's newest invoice when it is one)
   * is recorded (Recent Invoices, the export) and its amount goes with the credits (revenue).
   */
  async syncSubscriptionReporting(
    snapshot: SubscriptionSnapshot,
    hint?: { userId: string; tier: PlanTier; from?: PlanTier },
    upgradeInvoice?: InvoiceSnapshot | null,
  ): Promise<{ sub: StoredSubscription | null; upgradeCredits: number }> {
    const userId = snapshot.userId ?? hint?.userId ?? (await this.repo.userIdByCustomer(snapshot.customerId));
    if (!userId || !(await this.repo.userExists(userId))) {
      this.logger.warn(`Subscription ${snapshot.subscriptionId} belongs to no user we know; ignored`);
      return { sub: null, upgradeCredits: 0 };
    }
    if (snapshot.status === 'canceled' || snapshot.status === 'incomplete_expired' || snapshot.endedAt) {
      await this.endSubscription(snapshot.subscriptionId, userId, snapshot.endedAt ?? new Date());
      return { sub: await this.repo.findSubscription(snapshot.subscriptionId), upgradeCredits: 0 };
    }
    const billed = snapshot.tier ?? hint?.tier;
    if (!billed) {
      this.logger.error(`Subscription ${snapshot.subscriptionId} names no plan; not synced`);
      return { sub: null, upgradeCredits: 0 };
    }
    const result = await this.repo.userTransaction(userId, async (tx) => {
      const existing = await tx.findSubscription(snapshot.subscriptionId);
      if (existing?.endedAt) return { sub: existing, upgradeFrom: null };
      if (!existing) {
        const live = await tx.liveSubscriptionOf(userId);
        if (live) {
          this.logger.error(`Subscription ${snapshot.subscriptionId}: user ${userId} already has subscription ${live.id}; not linked (D28)`);
          return { sub: null, upgradeFrom: null };
        }
      }
      await tx.upsertSubscription(this.provider, userId, snapshot, existing?.tier ?? billed);
      let upgradeFrom: PlanTier | null = null;
      if (existing && billed !== existing.tier) {
        if (planChange(existing.tier, billed) === 'upgrade') {
          upgradeFrom = existing.tier;
          await tx.setTier(snapshot.subscriptionId, billed, null);
        } else {
          await tx.setTier(snapshot.subscriptionId, existing.tier, billed);
        }
      } else if (existing?.pendingTier && billed === existing.tier) {
        await tx.setTier(snapshot.subscriptionId, existing.tier, null); // a waiting downgrade was taken back
      }
      const sub = await tx.findSubscription(snapshot.subscriptionId);
      if (sub) {
        const entitled = ENTITLED_STATUSES.includes(sub.status);
        await tx.setEntitlement(userId, entitled ? afterSubscribing(sub.tier) : afterSubscriptionEnded(await tx.everBoughtPack(userId)), {
          id: sub.id,
          status: sub.status,
        });
      }
      return { sub, upgradeFrom };
    });
    const charged = upgradeInvoice ?? upgradeInvoiceOf(snapshot.latestInvoice);
    if (charged && result.sub) await this.repo.upsertInvoice(this.provider, userId, charged);
    // The caller that changed the plan (hint.from) reports the upgrade's credits even when the
    // provider's webhook synced the new tier first: the grant is keyed per (period, from, to), so
    // whichever comes second grants nothing and reads what the first granted.
    const upgradeFrom =
      result.upgradeFrom ??
      (hint?.from && result.sub?.tier === hint.tier && planChange(hint.from, hint.tier) === 'upgrade' ? hint.from : null);
    const upgradeCredits = result.sub && upgradeFrom ? await this.grantUpgrade(result.sub, upgradeFrom, new Date(), charged) : 0;
    return { sub: result.sub, upgradeCredits };
  }

  /**
   * D28: the difference in monthly credits, prorated by the time left, once per (period, from, to),
   * carrying the invoice that charged for it (issue 24: its amount is revenue in the sales figures).
   * Answers the credits granted for that upgrade, by this call or by an earlier one.
   */
  async grantUpgrade(sub: StoredSubscription, from: PlanTier, now: Date, invoice: InvoiceSnapshot | null = null): Promise<number> {
    const credits = upgradeCredits(from, sub.tier, sub.currentPeriodStart, sub.currentPeriodEnd, now);
    if (credits <= 0) return 0;
    const to = planOf(sub.tier);
    const grant = await this.credits.grant({
      userId: sub.userId,
      credits,
      kind: 'regular',
      type: 'subscription',
      sourceType: 'subscription',
      description: `Upgrade to ${to.name}: ${credits} prorated credits`,
      idempotencyKey: ledgerKeys.upgrade(sub.id, from, sub.tier, sub.currentPeriodStart),
      expiresAt: subscriptionCreditsExpireAt(sub.currentPeriodEnd, this.gateway.billingPeriod),
      stripeTransactionId: invoice?.invoiceId ?? sub.id,
      ...(invoice ? { purchaseAmount: invoice.amountPaid } : {}),
      currency: invoice?.currency ?? sub.currency,
    });
    return grant.credits;
  }

  /** D6, D9: the plan is over; the tier falls back; My Edits is emptied (SubscriptionEnded, once). */
  async endSubscription(subscriptionId: string, userId: string, endedAt: Date): Promise<void> {
    const ended = await this.repo.userTransaction(userId, async (tx) => {
      const endedNow = await tx.endSubscription(subscriptionId, endedAt);
      const live = await tx.liveSubscriptionOf(userId);
      if (!live) await tx.setEntitlement(userId, afterSubscriptionEnded(await tx.everBoughtPack(userId)), { id: null, status: 'canceled' });
      return endedNow;
    });
    if (ended) {
      this.logger.log(`Subscription ${subscriptionId} of user ${userId} ended`);
      const event: SubscriptionEnded = { type: SUBSCRIPTION_ENDED, userId, subscriptionId };
      await this.events.publish(event);
    }
  }

  /**
   * D29, D37: a refund of a pack purchase takes back its share of the pack's credits, for each
   * refund id once (the provider lists them, so replays and events out of order change nothing);
   * a dispute takes back all that is unspent. Subscriptions are not touched.
   */
  async packRefunded(event: { paymentIntentId: string | null; chargeId: string | null }, why: 'refund' | 'dispute'): Promise<void> {
    if (!event.paymentIntentId) return;
    const stored = await this.repo.findCheckoutByPaymentIntent(event.paymentIntentId);
    if (!stored || stored.item.kind !== 'pack' || !isPackId(stored.item.pack)) return;
    const pack = packOf(stored.item.pack);
    const grantIdempotencyKey = ledgerKeys.pack(stored.id);
    let removed = 0;
    if (why === 'dispute' || !event.chargeId) {
      const result = await this.credits.revokeUnspent({
        userId: stored.userId,
        grantIdempotencyKey,
        idempotencyKey: ledgerKeys.revoke(stored.id),
        description: why === 'refund' ? `Refund of ${pack.name}` : `Disputed payment for ${pack.name}`,
      });
      removed = result.revoked;
    } else {
      const refunds = (await this.gateway.listRefunds(event.chargeId)).filter((r) => r.status === 'succeeded' || r.status === 'pending');
      for (const share of refundShares(stored.credits, stored.amountCents, refunds)) {
        const refund = refunds.find((r) => r.refundId === share.refundId);
        const partial = refund !== undefined && refund.amount < stored.amountCents;
        const result = await this.credits.revokeUnspent({
          userId: stored.userId,
          grantIdempotencyKey,
          idempotencyKey: ledgerKeys.refund(stored.id, share.refundId),
          credits: share.credits,
          description: partial ? `Partial refund of ${pack.name} (${money(refund.amount, stored.currency)})` : `Refund of ${pack.name}`,
        });
        removed += result.revoked;
      }
    }
    await this.repo.markCheckoutRefunded(stored.id);
    if (removed > 0) this.logger.warn(`Pack purchase ${stored.id} ${why}: ${removed} unspent credits removed`);
  }

  private async userOfInvoice(invoice: InvoiceSnapshot, knownUserId?: string): Promise<string | null> {
    const candidate = knownUserId ?? invoice.userId ?? (await this.repo.userIdByCustomer(invoice.customerId));
    if (!candidate || !(await this.repo.userExists(candidate))) {
      this.logger.warn(`Invoice ${invoice.invoiceId} belongs to no user we know (customer ${invoice.customerId}); ignored`);
      return null;
    }
    return candidate;
  }
}

function money(cents: number, currency: string): string {
  return `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
}
