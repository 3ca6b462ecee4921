import { Inject, Injectable, Logger } from '@nestjs/common';
import { BillingRepository } from '../adapters/typeorm/billing.repository';
import type { BillingApi, BillingRecord, EndedBilling } from '../billing.api';
import { planOf } from '../domain/catalogue';
import { providerCall } from './checkout.service';
import { EntitlementService } from './entitlement.service';
import { FulfilmentService } from './fulfilment.service';
import { PAYMENT_GATEWAY, type PaymentGateway } from './payment-gateway.port';

/** Invoices an export lists (a monthly plan makes 12 a year). */
const EXPORTED_INVOICES = 1000;

/** BILLING_API (billing.api.ts): what the privacy context asks of billing (D35, ADR 0019). */
@Injectable()
export class BillingApiService implements BillingApi {
  private readonly logger = new Logger('Billing');

  constructor(
    private readonly repo: BillingRepository,
    private readonly entitlements: EntitlementService,
    private readonly fulfilment: FulfilmentService,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
  ) {}

  async recordOf(userId: string): Promise<BillingRecord> {
    const [entitlement, subscriptions, invoices] = await Promise.all([
      this.entitlements.entitlementOf(userId),
      this.repo.subscriptionsOf(userId),
      this.repo.recentInvoices(userId, EXPORTED_INVOICES),
    ]);
    return {
      entitlement,
      subscriptions: subscriptions.map((s) => ({
        id: s.id,
        provider: s.provider,
        status: s.status,
        tier: s.tier,
        planName: planOf(s.tier).name,
        pendingTier: s.pendingTier,
        amountCents: s.amountCents,
        currency: s.currency,
        interval: s.interval,
        currentPeriodStart: s.currentPeriodStart,
        currentPeriodEnd: s.currentPeriodEnd,
        cancelAtPeriodEnd: s.cancelAtPeriodEnd,
        endedAt: s.endedAt,
        createdAt: s.createdAt,
      })),
      invoices: invoices.map((i) => ({ id: i.id, status: i.status, amountPaidCents: i.amountPaid, currency: i.currency, createdAt: i.createdAt })),
    };
  }

  async endSubscriptionNow(userId: string): Promise<EndedBilling> {
    // Nothing may be paid once the account is going: close what is open first. One the customer
    // paid in the meantime is fulfilled, so a plan it started is found and ended below.
    let closedCheckouts = 0;
    for (const checkout of await this.repo.openCheckoutsOf(userId)) {
      const outcome = await providerCall(() => this.gateway.expireCheckout(checkout.id));
      if (outcome === 'complete') {
        await this.fulfilment.fulfilCheckoutById(checkout.id);
      } else {
        await this.repo.expireCheckout(checkout.id);
        closedCheckouts += 1;
      }
    }
    const live = await this.repo.liveSubscriptionOf(userId);
    if (!live) return { endedSubscriptionId: null, closedCheckouts };
    // The provider first: if it cannot be reached, nothing here says the plan has ended.
    const snapshot = await providerCall(() => this.gateway.cancelNow(live.id));
    await this.fulfilment.endSubscription(live.id, userId, snapshot?.endedAt ?? new Date());
    this.logger.log(`Subscription ${live.id} of user ${userId} ended at once (account deletion)`);
    return { endedSubscriptionId: live.id, closedCheckouts };
  }
}
