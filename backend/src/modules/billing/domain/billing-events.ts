import type { PlanTier } from './entitlement';

/**
 * Billing's events for other contexts (ADR 0012): they learn of entitlement changes here rather
 * than reading billing's tables. Published after the change has committed.
 */
export const SUBSCRIPTION_STARTED = 'billing.subscription-started' as const;
export const SUBSCRIPTION_ENDED = 'billing.subscription-ended' as const;
export const PACK_PURCHASED = 'billing.pack-purchased' as const;

export interface SubscriptionStarted {
  type: typeof SUBSCRIPTION_STARTED;
  userId: string;
  tier: PlanTier;
}

/** D9: the paid plan is over (cancelled at period end, or ended by the provider); My Edits empties. */
export interface SubscriptionEnded {
  type: typeof SUBSCRIPTION_ENDED;
  userId: string;
  subscriptionId: string;
}

export interface PackPurchased {
  type: typeof PACK_PURCHASED;
  userId: string;
  pack: string;
  credits: number;
}
