import { Module } from '@nestjs/common';
import { TypeormEntitlementRepository } from './adapters/typeorm/typeorm-entitlement.repository';
import { EntitlementService } from './application/entitlement.service';
import { ENTITLEMENT_API } from './billing.api';

/**
 * Billing: the owner of entitlement (tier, isSubscribed, the paid-plan rule; ADR 0012). Checkout,
 * webhooks and the billing card arrive with the billing issue.
 */
@Module({
  providers: [TypeormEntitlementRepository, EntitlementService, { provide: ENTITLEMENT_API, useExisting: EntitlementService }],
  exports: [ENTITLEMENT_API],
})
export class BillingModule {}
