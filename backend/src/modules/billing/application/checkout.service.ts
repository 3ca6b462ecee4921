import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import type { AuthUser } from '../../../shared/auth/auth-user';
import { CREDITS_API, type CreditBalance, type CreditsApi } from '../../credits';
import { BillingRepository, ENTITLED_STATUSES, type StoredCheckout } from '../adapters/typeorm/billing.repository';
import {
  CheckoutNotFoundError,
  EmailNotVerifiedError,
  PaymentsUnavailableError,
  CardDeclinedError,
  SamePlanError,
  SubscriptionEndingError,
  SubscriptionPaymentPendingError,
} from '../domain/billing-errors';
import { CURRENCY, offerOf, type PackId, planOf } from '../domain/catalogue';
import type { PlanTier } from '../domain/entitlement';
import { planChange } from '../domain/subscription-rules';
import { FulfilmentService } from './fulfilment.service';
import {
  type CheckoutItem,
  PAYMENT_GATEWAY,
  PaymentDeclinedError,
  type PaymentGateway,
  PaymentProviderUnavailableError,
} from './payment-gateway.port';

/** A subscription checkout left open is reused (same plan) or closed (another plan) for this long (D28: one subscription). */
const OPEN_SUBSCRIPTION_CHECKOUT_MINUTES = 30;

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
  ) {}

  async purchasePack(user: AuthUser, pack: PackId): Promise<{ checkoutUrl: string }> {
    if (!user.emailVerified) throw new EmailNotVerifiedError();
    return { checkoutUrl: await this.open(user, { kind: 'pack', pack }) };
  }

  async subscribe(user: AuthUser, tier: PlanTier): Promise<SubscribeAnswer> {
    if (!user.emailVerified) throw new EmailNotVerifiedError();
    // One subscribe at a time per account (every instance): two tabs cannot open two subscriptions.
    return this.repo.transaction(async (tx) => {
      await tx.lockSubscribe(user.id);
      const live = await this.repo.liveSubscriptionOf(user.id);
      if (live) {
        if (!ENTITLED_STATUSES.includes(live.status)) throw new SubscriptionPaymentPendingError();
        return { checkoutUrl: null, planChange: await this.switchPlan(live.id, tier) };
      }
      const open = await this.repo.openSubscriptionCheckout(user.id, OPEN_SUBSCRIPTION_CHECKOUT_MINUTES);
      if (open && open.item.kind === 'subscription') {
        if (open.item.tier === tier && open.url) return { checkoutUrl: open.url };
        // Another plan: the older checkout is closed first, so at most one can ever be paid.
        const outcome = await providerCall(() => this.gateway.expireCheckout(open.id));
        if (outcome === 'complete') throw new SubscriptionPaymentPendingError();
        await this.repo.expireCheckout(open.id);
      }
      return { checkoutUrl: await this.open(user, { kind: 'subscription', tier }) };
    });
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
    const { sub: synced, upgradeCredits: creditsGranted } = await this.fulfilment.syncSubscriptionReporting(snapshot, { userId: sub.userId, tier });
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
    const customerId = await this.customerFor(user);
    const origin = this.config.publicUrl.origin;
    const created = await providerCall(() =>
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

  /** The success page (D27): fulfils from the redirect when the provider says it is paid. Owner only. */
  async confirm(userId: string, sessionId: string): Promise<CheckoutStatus> {
    let stored = await this.owned(userId, sessionId);
    if (!stored.fulfilledAt) {
      await providerCall(() => this.fulfilment.fulfilCheckoutById(stored.id));
      stored = await this.owned(userId, sessionId);
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
