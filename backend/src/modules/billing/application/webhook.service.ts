import { Inject, Injectable, Logger } from '@nestjs/common';
import { BillingRepository } from '../adapters/typeorm/billing.repository';
import { WebhookApiVersionError, WebhookSignatureError } from '../domain/billing-errors';
import { providerCall } from './checkout.service';
import { FulfilmentService } from './fulfilment.service';
import { InvalidWebhookSignatureError, PAYMENT_GATEWAY, type PaymentEvent, type PaymentGateway, UnsupportedEventVersionError } from './payment-gateway.port';

/**
 * POST /api/webhooks/stripe (D27, D29). The signature is checked over the raw body before
 * anything else (bad or missing → 400, nothing changed). An event already processed is answered
 * at once; otherwise it is handled, and only then recorded: a crash mid-way leaves it unrecorded,
 * so Stripe's retry finishes the work, and every step being idempotent makes concurrent or
 * repeated deliveries harmless.
 */
@Injectable()
export class WebhookService {
  private readonly logger = new Logger('Billing');

  constructor(
    private readonly repo: BillingRepository,
    private readonly fulfilment: FulfilmentService,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
  ) {}

  async receive(rawBody: Buffer | undefined, signature: string | undefined): Promise<{ received: true; duplicate?: true }> {
    let event: PaymentEvent;
    try {
      if (!rawBody || rawBody.length === 0) throw new InvalidWebhookSignatureError('empty body');
      event = this.gateway.parseWebhook(rawBody, signature);
    } catch (e) {
      if (e instanceof InvalidWebhookSignatureError) {
        this.logger.warn(`Webhook refused: ${e.message}`);
        throw new WebhookSignatureError();
      }
      if (e instanceof UnsupportedEventVersionError) {
        // Issue 24: every event of this endpoint will fail the same way until its API version is
        // changed (docs/billing.md); Stripe keeps retrying, so nothing is lost meanwhile.
        this.logger.error(`Webhook refused: ${e.message}. Set the webhook endpoint's API version to one in that range (docs/billing.md); Stripe retries the event.`);
        throw new WebhookApiVersionError(e.apiVersion);
      }
      throw e;
    }
    if (await this.repo.eventProcessed(event.id)) return { received: true, duplicate: true };
    await providerCall(() => this.handle(event));
    await this.repo.recordEvent(event.id, event.type === 'ignored' ? event.originalType : event.type);
    return { received: true };
  }

  private async handle(event: PaymentEvent): Promise<void> {
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
        await this.fulfilment.fulfilCheckoutById(event.sessionId);
        return;
      case 'invoice.paid':
        await this.fulfilment.invoicePaid(event.invoice);
        return;
      case 'invoice.payment_failed':
        await this.fulfilment.invoicePaymentFailed(event.invoice);
        return;
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        await this.fulfilment.syncSubscriptionById(event.subscriptionId);
        return;
      case 'charge.refunded':
        await this.fulfilment.packRefunded(event, 'refund');
        return;
      case 'charge.dispute.created':
        await this.fulfilment.packRefunded(event, 'dispute');
        return;
      case 'ignored':
        return;
    }
  }
}
