import { Inject, Injectable, Logger } from '@nestjs/common';
import type { AuthUser } from '../../../shared/auth/auth-user';
import { LocalPaymentGateway, localIds } from '../adapters/local/local-payment-gateway.adapter';
import { BillingRepository, type StoredCheckout } from '../adapters/typeorm/billing.repository';
import { CardDeclinedError, CardInvalidError, CheckoutExpiredError, CheckoutNotFoundError } from '../domain/billing-errors';
import { checkTestCard, type TestCardInput } from '../domain/test-card';
import { checkoutItemView, type CheckoutItemView } from './checkout.service';
import { FulfilmentService } from './fulfilment.service';
import { PAYMENT_GATEWAY, type PaymentGateway } from './payment-gateway.port';

export interface LocalCheckoutView {
  sessionId: string;
  status: 'open' | 'complete' | 'expired';
  item: CheckoutItemView;
  amountCents: number;
  currency: string;
  email: string;
}

/**
 * D30: the app's own checkout page behind `checkoutUrl` when no Stripe key is set. Paying with the
 * success card completes the session and runs the same fulfilment as Stripe's webhook and
 * redirect; the decline card answers Stripe's decline message; nothing is charged either way.
 */
@Injectable()
export class LocalCheckoutService {
  private readonly logger = new Logger('Billing');

  constructor(
    private readonly repo: BillingRepository,
    private readonly fulfilment: FulfilmentService,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
  ) {}

  /** 404 unless the local checkout is the provider (with Stripe these routes do not exist). */
  get enabled(): boolean {
    return this.gateway instanceof LocalPaymentGateway;
  }

  async view(user: AuthUser, sessionId: string): Promise<LocalCheckoutView> {
    const stored = await this.owned(user.id, sessionId);
    const item = checkoutItemView(stored);
    return { sessionId: stored.id, status: stored.status, item, amountCents: stored.amountCents, currency: stored.currency, email: user.email };
  }

  async pay(user: AuthUser, sessionId: string, card: TestCardInput): Promise<{ redirectUrl: string }> {
    const stored = await this.owned(user.id, sessionId);
    const success = `/checkout/success?session_id=${encodeURIComponent(stored.id)}`;
    if (stored.status === 'expired') throw new CheckoutExpiredError();
    if (stored.status === 'open') {
      const outcome = checkTestCard(card, new Date());
      if (!outcome.ok) {
        if (outcome.reason === 'declined') throw new CardDeclinedError(outcome.message);
        throw new CardInvalidError(outcome.message);
      }
      const subscriptionId = stored.item.kind === 'subscription' ? localIds.subscription() : null;
      if (!(await this.repo.claimLocalCheckout(stored.id, subscriptionId, outcome.card))) {
        // A second click or another tab paid it meanwhile; fall through to fulfil (idempotent).
        const now = await this.repo.findCheckout(stored.id);
        if (now?.status === 'expired') throw new CheckoutExpiredError();
      } else {
        this.logger.log(`Local test checkout ${stored.id} paid with the test card (no money moved)`);
      }
    }
    await this.fulfilment.fulfilCheckoutById(stored.id);
    return { redirectUrl: success };
  }

  async cancel(user: AuthUser, sessionId: string): Promise<{ redirectUrl: string }> {
    const stored = await this.owned(user.id, sessionId);
    if (stored.status === 'open') await this.repo.expireCheckout(stored.id);
    return { redirectUrl: '/pricing?checkout=cancelled' };
  }

  private async owned(userId: string, sessionId: string): Promise<StoredCheckout> {
    if (!this.enabled) throw new CheckoutNotFoundError();
    const stored = await this.repo.findCheckout(sessionId);
    if (!stored || stored.userId !== userId || stored.provider !== 'local') throw new CheckoutNotFoundError();
    return stored;
  }

  /** A local invoice's receipt (the billing card's "View invoice" link). Owner only. */
  async invoice(userId: string, invoiceId: string) {
    if (!this.enabled) throw new CheckoutNotFoundError();
    const found = await this.repo.findInvoice(invoiceId);
    if (!found || found.userId !== userId) throw new CheckoutNotFoundError();
    return found;
  }
}
