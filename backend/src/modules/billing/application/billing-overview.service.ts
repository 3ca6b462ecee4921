import { Inject, Injectable, Logger } from '@nestjs/common';
import { BillingRepository, type StoredSubscription } from '../adapters/typeorm/billing.repository';
import { isPackId, packOf, planOf } from '../domain/catalogue';
import { PAYMENT_GATEWAY, type CardSnapshot, type PaymentGateway, PaymentProviderUnavailableError, type ProviderName, UnknownCustomerError } from './payment-gateway.port';

/** 001 §3 "Billing response", with what the profile card needs besides (pendingTier, unavailable). */
export interface SubscriptionView {
  id: string;
  status: string;
  tier: string;
  planName: string;
  /** cents */
  amount: number | null;
  currency: string;
  interval: string;
  /** seconds */
  currentPeriodEnd: number | null;
  cancelAtPeriodEnd: boolean;
  pendingTier: string | null;
}

/** 001 §3 "subscription" of the billing response. */
export function subscriptionView(live: StoredSubscription): SubscriptionView {
  return {
    id: live.id,
    status: live.status,
    tier: live.tier,
    planName: planOf(live.tier).name,
    amount: live.amountCents,
    currency: live.currency,
    interval: live.interval,
    currentPeriodEnd: Math.floor(live.currentPeriodEnd.getTime() / 1000),
    cancelAtPeriodEnd: live.cancelAtPeriodEnd,
    pendingTier: live.pendingTier,
  };
}

export interface BillingOverview {
  provider: ProviderName;
  subscription: SubscriptionView | null;
  paymentMethods: Array<{ card: CardSnapshot }>;
  /** credits bought in packs, all time */
  totalCredits: number;
  purchaseCount: number;
  creditPurchases: Array<{ id: string; amount: number; description: string; date: string; cost: number; paymentMethod: string }>;
  invoices: Array<{ id: string; amountPaid: number; currency: string; created: number; status: string; hostedInvoiceUrl: string | null }>;
  /** Parts the provider could not give just now (the rest is what the database knows). */
  unavailable: string[];
}

export const PURCHASE_HISTORY_LIMIT = 10;
export const INVOICE_LIMIT = 5;

/**
 * GET /api/user/billing: everything from the database except the card, which is one provider call
 * (Stripe) or the local test card; when the provider is down the card is left out and named in
 * `unavailable`, and the rest still answers.
 */
@Injectable()
export class BillingOverviewService {
  private readonly logger = new Logger('Billing');

  constructor(
    private readonly repo: BillingRepository,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
  ) {}

  async overview(userId: string): Promise<BillingOverview> {
    const [live, purchases, invoices, customerId] = await Promise.all([
      this.repo.liveSubscriptionOf(userId),
      this.repo.packPurchases(userId, PURCHASE_HISTORY_LIMIT),
      this.repo.recentInvoices(userId, INVOICE_LIMIT),
      this.repo.customerIdOf(userId),
    ]);
    const unavailable: string[] = [];
    let cards: CardSnapshot[] = [];
    if (customerId) {
      try {
        cards = await this.gateway.listCards(customerId);
      } catch (e) {
        if (e instanceof UnknownCustomerError) {
          // Issue 24: keys switched between test and live mode, or the customer deleted in the
          // dashboard. The rest still answers; the next checkout makes a new customer.
          this.logger.warn(`Billing card for user ${userId}: the provider does not know customer ${customerId}; answering without payment methods`);
        } else if (e instanceof PaymentProviderUnavailableError) {
          this.logger.warn(`Billing card for user ${userId}: the provider is unavailable; answering without payment methods`);
        } else {
          throw e;
        }
        unavailable.push('paymentMethods');
      }
    }
    const fallbackCard = cards[0] ? `${cards[0].brand} •••• ${cards[0].last4}` : 'Card';
    return {
      provider: this.gateway.provider,
      subscription: live && subscriptionView(live),
      paymentMethods: cards.map((card) => ({ card })),
      totalCredits: purchases.totalCredits,
      purchaseCount: purchases.count,
      creditPurchases: purchases.recent.map((p) => ({
        id: p.id,
        amount: p.credits,
        description: isPackId(p.pack) ? `Credit pack: ${packOf(p.pack).name}` : 'Credit pack',
        date: p.completedAt.toISOString(),
        cost: p.amountCents,
        paymentMethod: p.card ? `${p.card.brand} •••• ${p.card.last4}` : fallbackCard,
      })),
      invoices: invoices.map((i) => ({
        id: i.id,
        amountPaid: i.amountPaid,
        currency: i.currency,
        created: Math.floor(i.createdAt.getTime() / 1000),
        status: i.status,
        hostedInvoiceUrl: i.hostedInvoiceUrl,
      })),
      unavailable,
    };
  }
}
