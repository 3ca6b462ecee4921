import { Logger, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { CreditsModule } from '../credits';
import { BillingController } from './adapters/http/billing.controller';
import { LocalCheckoutController } from './adapters/http/local-checkout.controller';
import { WebhookController } from './adapters/http/webhook.controller';
import { LocalPaymentGateway } from './adapters/local/local-payment-gateway.adapter';
import { BillingRepository } from './adapters/typeorm/billing.repository';
import { TypeormEntitlementRepository } from './adapters/typeorm/typeorm-entitlement.repository';
import { BillingApiService } from './application/billing-api.service';
import { BillingOverviewService } from './application/billing-overview.service';
import { CheckoutConfirmThrottle } from './application/checkout-confirm-throttle';
import { CheckoutService } from './application/checkout.service';
import { EntitlementService } from './application/entitlement.service';
import { FulfilPaidLocalCheckoutsJob } from './application/fulfil-paid-local-checkouts.job';
import { FulfilmentService } from './application/fulfilment.service';
import { LocalCheckoutService } from './application/local-checkout.service';
import { LocalRenewalJob } from './application/local-renewal.job';
import { PAYMENT_GATEWAY, type PaymentGateway } from './application/payment-gateway.port';
import { SubscriptionManagementService } from './application/subscription-management.service';
import { WebhookService } from './application/webhook.service';
import { BILLING_API, ENTITLEMENT_API } from './billing.api';

/** D27: Stripe when STRIPE_SECRET_KEY is set, else the local test checkout (D30). Says which at start. */
export function createPaymentGateway(config: AppConfig, repo: BillingRepository, logger = new Logger('Billing')): PaymentGateway {
  const stripe = config.billing.stripe;
  if (stripe) {
    const mode = stripe.secretKey.includes('_live_') ? 'LIVE' : 'test mode';
    logger.log(`Payments: Stripe (${mode})${stripe.api ? `, API at ${stripe.api.protocol}://${stripe.api.host}:${stripe.api.port}` : ''}`);
    // Loaded only when configured: the Stripe SDK costs ~15 MB of memory at start (issue 14).
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { StripePaymentGateway } = require('./adapters/stripe/stripe-payment-gateway.adapter') as typeof import('./adapters/stripe/stripe-payment-gateway.adapter');
    return new StripePaymentGateway(stripe);
  }
  const warn = config.env === 'production' ? logger.warn.bind(logger) : logger.log.bind(logger);
  warn(
    'Payments: LOCAL TEST CHECKOUT (no STRIPE_SECRET_KEY): no real payments are taken; card 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined',
  );
  return new LocalPaymentGateway(repo, config.billing.localPeriod);
}

/**
 * Billing: the owner of entitlement (ADR 0012), checkout, webhooks, the billing card and
 * cancellation (ADR 0016). Credits move only through CREDITS_API.
 */
@Module({
  imports: [CreditsModule],
  controllers: [BillingController, WebhookController, LocalCheckoutController],
  providers: [
    TypeormEntitlementRepository,
    EntitlementService,
    { provide: ENTITLEMENT_API, useExisting: EntitlementService },
    BillingRepository,
    { provide: PAYMENT_GATEWAY, useFactory: createPaymentGateway, inject: [APP_CONFIG, BillingRepository] },
    FulfilmentService,
    CheckoutService,
    CheckoutConfirmThrottle,
    BillingOverviewService,
    SubscriptionManagementService,
    WebhookService,
    LocalCheckoutService,
    LocalRenewalJob,
    FulfilPaidLocalCheckoutsJob,
    BillingApiService,
    { provide: BILLING_API, useExisting: BillingApiService },
  ],
  exports: [ENTITLEMENT_API, BILLING_API],
})
export class BillingModule {}
