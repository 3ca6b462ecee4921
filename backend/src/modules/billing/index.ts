// Public surface of the billing context (ARCHITECTURE rule 2): other contexts import only from here.
export { BillingModule } from './billing.module';
export { BILLING_API, ENTITLEMENT_API } from './billing.api';
export type { BillingApi, BillingRecord, EndedBilling, EntitlementApi, InvoiceRecord, SubscriptionRecord } from './billing.api';
export { hasPaidPlan, isPlanTier, isSubscriptionTier, PLAN_TIERS, SUBSCRIPTION_TIERS } from './domain/entitlement';
export type { Entitlement, PlanTier, SubscriptionTier } from './domain/entitlement';
export { PACK_PURCHASED, SUBSCRIPTION_ENDED, SUBSCRIPTION_STARTED } from './domain/billing-events';
export type { PackPurchased, SubscriptionEnded, SubscriptionStarted } from './domain/billing-events';
export { PACK_IDS } from './domain/catalogue';
export type { PackId } from './domain/catalogue';
