import { Module } from '@nestjs/common';

/**
 * Billing: plans, packs, Stripe checkout and webhooks.
 * No endpoints yet: this context's capability has not been built, and nothing here pretends it has.
 */
@Module({})
export class BillingModule {}
