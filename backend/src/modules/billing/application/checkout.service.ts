import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import type { AuthUser } from '../../../shared/auth/auth-user';
import { CREDITS_API, type CreditBalance, type CreditsApi } from '../../credits';
import { BillingRepository, ENTITLED_STATUSES, type StoredCheckout } from '../adapters/typeorm/billing.repository';
import {
  CheckoutBusyError,
  CheckoutNotFoundError,
  EmailNotVerifiedError,
  PaymentsUnavailableError,
  CardDeclinedError,
  SamePlanError,
  SubscriptionEndingError,
  SubscriptionPaymentPendingError,
} from '../domain/billing-errors';
import { CURRENCY, type CatalogueItem, offerOf, type PackId, planOf } from '../domain/catalogue';
import type { PlanTier } from '../domain/entitlement';
import { planChange } from '../domain/subscription-rules';
import { KeyedQueue } from '../../../shared/concurrency/keyed-queue';
import { CheckoutConfirmThrottle } from './checkout-confirm-throttle';
import { FulfilmentService } from './fulfilment.service';
import {
  type CheckoutItem,
  PAYMENT_GATEWAY,
  PaymentDeclinedError,
  type PaymentGateway,
  PaymentProviderUnavailableError,
  UnknownCustomerError,
} from './payment-gateway.port';

/**
 * A checkout left open for the same thing is reused for this long (D28: one subscription; issue
 * 24: one open checkout per account); older ones, and open ones for anything else, are closed
 * before a new one opens, so at most one can ever be paid.
 */
const REUSE_OPEN_CHECKOUT_MINUTES = 30;
/**
 * Issue 24: how long one request may hold an account's checkout claim (its provider calls take at
 * most about 2 × 10 s each); after a crash the claim expires by itself.
 */
const CHECKOUT_CLAIM_SECONDS = 90;

/** Issue 24: one request at a time per account opens checkouts or changes plans on this instance. */
const checkoutOpenings = new KeyedQueue();

export interface PlanChangeAnswer {
  from: PlanTier;
  to: PlanTier;
  effective: 'now' | 'next_renewal';
  /** ISO */
  effectiveAt: string;
  creditsGranted: number;
}

export type SubscribeAnswer = { checkoutUrl: string } | { checkoutUrl: null; planChange: PlanChangeAnswer };

/** What a checkout sells, as the success and local checkout pages show it. */
export type CheckoutItemView = CheckoutItem & { name: string; credits: number };

export function checkoutItemView(stored: StoredCheckout): CheckoutItemView {
  return { ...stored.item, name: offerOf(stored.item).name, credits: stored.credits };
}

export interface CheckoutStatus {
  sessionId: string;
  status: 'open' | 'complete' | 'expired';
  fulfilled: boolean;
  item: CheckoutItemView;
  amountCents: number;
  currency: string;
  credits: CreditBalance;
}

/** Maps the provider being down to the API's 503 (nothing was charged). */
export async function providerCall<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof PaymentProviderUnavailableError) throw new PaymentsUnavailableError();
    if (e instanceof PaymentDeclinedError) throw new CardDeclinedError(e.message, 'BILLING.PAYMENT_DECLINED');
    throw e;
  }
}

/**
 * Opening checkouts (001 §7 `/api/purchase-credits`, `/api/create-subscription`), plan changes
 * in place (D28), and the success page's status (D27: fulfilment from the redirect).
 */
@Injectable()
export class CheckoutService {
  private readonly logger = new Logger('Billing');

  constructor(
    private readonly repo: BillingRepository,
    private readonly fulfilment: FulfilmentService,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    @Inject(CREDITS_API) private readonly credits: CreditsApi,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly confirmThrottle: CheckoutConfirmThrottle,
  ) {}

  async purchasePack(user: AuthUser, pack: PackId): Promise<{ checkoutUrl: string }> {
    if (!user.emailVerified) throw new EmailNotVerifiedError();
    return this.oneAtATime(user.id, async () => ({ checkoutUrl: await this.openOrReuse(user, { kind: 'pack', pack }) }));
  }

  async subscribe(user: AuthUser, tier: PlanTier): Promise<SubscribeAnswer> {
    if (!user.emailVerified) throw new EmailNotVerifiedError();
    // One at a time per account (every instance): two tabs cannot open two subscriptions.
    return this.oneAtATime(user.id, async () => {
      const live = await this.repo.liveSubscriptionOf(user.id);
      if (live) {
        if (!ENTITLED_STATUSES.includes(live.status)) throw new SubscriptionPaymentPendingError();
        return { checkoutUrl: null, planChange: await this.switchPlan(live.id, tier) };
      }
      return { checkoutUrl: await this.openOrReuse(user, { kind: 'subscription', tier }) };
    });
  }

  /**
   * Issue 24: an account's checkout openings and plan changes run one at a time: queued in this
   * process (no connection held while waiting), then under a claim row with an expiry that another
   * instance's request sees (409 CheckoutBusyError). No transaction stays open while the provider
   * is called (ARCHITECTURE rule 6).
   */
  private oneAtATime<T>(userId: string, work: () => Promise<T>): Promise<T> {
    return checkoutOpenings.run(userId, async () => {
      const claim = await this.repo.claimCheckoutOpening(userId, CHECKOUT_CLAIM_SECONDS);
      if (!claim) throw new CheckoutBusyError();
      try {
        return await work();
      } finally {
        await this.repo.releaseCheckoutOpening(userId, claim);
      }
    });
  }

  /**
   * Issue 24, D28: at most one open checkout per account. One already open for the same item (and
   * younger than REUSE_OPEN_CHECKOUT_MINUTES) is answered again; every other open one is closed at
   * the provider first, so at most one can ever be paid.
   */
  private async openOrReuse(user: AuthUser, item: CatalogueItem): Promise<string> {
    const reuseAfter = Date.now() - REUSE_OPEN_CHECKOUT_MINUTES * 60_000;
    const open = await this.repo.openCheckoutsOf(user.id);
    const reusable = open.find((c) => sameItem(c.item, item) && c.url !== '' && c.createdAt.getTime() > reuseAfter && c.provider === this.gateway.provider);
    for (const other of open) {
      if (other === reusable) continue;
      const outcome = await providerCall(() => this.gateway.expireCheckout(other.id));
      if (outcome === 'complete') {
        // Paid meanwhile: its fulfilment comes by webhook or redirect. A plan paid for means a
        // subscription is on its way: no second one.
        if (other.item.kind === 'subscription' && item.kind === 'subscription') throw new SubscriptionPaymentPendingError();
        continue;
      }
      await this.repo.expireCheckout(other.id);
    }
    return reusable ? reusable.url : this.open(user, item);
  }

  /** D28: upgrade now (prorated charge and credits), downgrade at the next renewal. */
  private async switchPlan(subscriptionId: string, tier: PlanTier): Promise<PlanChangeAnswer> {
    const sub = await this.repo.findSubscription(subscriptionId);
    if (!sub) throw new SubscriptionPaymentPendingError();
    const billedNext = sub.pendingTier ?? sub.tier;
    if (tier === sub.tier && billedNext === sub.tier) throw new SamePlanError();
    if (sub.cancelAtPeriodEnd) throw new SubscriptionEndingError();
    const plan = planOf(tier);
    const change = planChange(sub.tier, tier);
    const when = change === 'upgrade' ? 'now' : 'next_renewal';
    const snapshot = await providerCall(() =>
      this.gateway.switchPlan({ subscriptionId, tier, name: `${plan.name} plan`, amountCents: plan.priceCents, currency: CURRENCY, when }),
    );
    const now = new Date();
    const { sub: synced, upgradeCredits: creditsGranted } = await this.fulfilment.syncSubscriptionReporting(snapshot, { userId: sub.userId, tier, from: sub.tier });
    this.logger.log(`Subscription ${subscriptionId}: ${sub.tier} → ${tier} (${when})`);
    return {
      from: sub.tier,
      to: tier,
      effective: change === 'same' ? 'now' : when,
      effectiveAt: (when === 'now' ? now : (synced?.currentPeriodEnd ?? sub.currentPeriodEnd)).toISOString(),
      creditsGranted,
    };
  }

  private async open(user: AuthUser, item: CheckoutItem): Promise<string> {
    const offer = offerOf(item);
    // The name Stripe's page and receipt show.
    const name = item.kind === 'pack' ? `${offer.name} (Magic Editor)` : `Magic Editor ${offer.name} plan`;
    const origin = this.config.publicUrl.origin;
    const create = (customerId: string) =>
      providerCall(() =>
        this.gateway.createCheckout({
          userId: user.id,
          email: user.email,
          customerId,
          item,
          name,
          amountCents: offer.amountCents,
          currency: CURRENCY,
          successUrl: `${origin}/checkout/success?session_id={CHECKOUT_SESSION_ID}`,
          cancelUrl: `${origin}/pricing?checkout=cancelled`,
        }),
      );
    const customerId = await this.customerFor(user);
    let created;
    try {
      created = await create(customerId);
    } catch (e) {
      // Issue 24: the provider no longer knows the stored customer (test keys switched to live, or
      // deleted in the dashboard): a new customer replaces it, once.
      if (!(e instanceof UnknownCustomerError)) throw e;
      this.logger.warn(`Customer ${customerId} of user ${user.id} is unknown to the provider; a new one replaces it`);
      created = await create(await this.replaceCustomer(user, customerId));
    }
    await this.repo.insertCheckout({
      id: created.sessionId,
      provider: this.gateway.provider,
      userId: user.id,
      item,
      credits: offer.credits,
      amountCents: offer.amountCents,
      currency: CURRENCY,
      url: created.url,
    });
    return created.url;
  }

  /** The provider's customer, created once and kept (`stripeCustomerId`). */
  private async customerFor(user: AuthUser): Promise<string> {
    const existing = await this.repo.customerIdOf(user.id);
    if (existing) return existing;
    const created = await providerCall(() => this.gateway.ensureCustomer({ userId: user.id, email: user.email, existingCustomerId: null }));
    return this.repo.rememberCustomer(user.id, created);
  }

  private async replaceCustomer(user: AuthUser, unknown: string): Promise<string> {
    const created = await providerCall(() => this.gateway.ensureCustomer({ userId: user.id, email: user.email, existingCustomerId: null, replacing: unknown }));
    return this.repo.replaceCustomer(user.id, unknown, created);
  }

  /**
   * The success page (D27): fulfils from the redirect when the provider says it is paid. Owner
   * only. Issue 24: a session the provider said was not paid yet is not asked about again for a few
   * seconds, and each user has a budget of provider checks (CheckoutConfirmThrottle); past it, or
   * within that time, the answer is what the database knows (the webhook still fulfils it).
   */
  async confirm(userId: string, sessionId: string): Promise<CheckoutStatus> {
    let stored = await this.owned(userId, sessionId);
    if (!stored.fulfilledAt && stored.status !== 'expired') {
      const id = stored.id;
      const asked = await this.confirmThrottle.check(userId, id, () => providerCall(() => this.fulfilment.fulfilCheckoutById(id)));
      if (asked) stored = await this.owned(userId, sessionId);
    }
    return this.statusOf(stored);
  }

  async status(userId: string, sessionId: string): Promise<CheckoutStatus> {
    return this.statusOf(await this.owned(userId, sessionId));
  }

  private async statusOf(stored: StoredCheckout): Promise<CheckoutStatus> {
    return {
      sessionId: stored.id,
      status: stored.status,
      fulfilled: stored.fulfilledAt !== null,
      item: checkoutItemView(stored),
      amountCents: stored.amountCents,
      currency: stored.currency,
      credits: await this.credits.balance(stored.userId),
    };
  }

  private async owned(userId: string, sessionId: string): Promise<StoredCheckout> {
    const stored = await this.repo.findCheckout(sessionId);
    if (!stored || stored.userId !== userId) throw new CheckoutNotFoundError();
    return stored;
  }
}

function sameItem(a: CatalogueItem, b: CatalogueItem): boolean {
  return a.kind === 'pack' && b.kind === 'pack' ? a.pack === b.pack : a.kind === 'subscription' && b.kind === 'subscription' && a.tier === b.tier;
}
