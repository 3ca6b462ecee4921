/**
 * Entitlement: what a user's plan entitles them to. Billing owns it (ADR 0012): the one tier type
 * and the rules below; other contexts ask ENTITLEMENT_API or react to billing's events.
 *
 * D6: the tier is one of free, paid, starter, creator, pro. Buying a pack makes a free user paid;
 * subscribing sets the plan's tier and isSubscribed; when a subscription ends the user returns to
 * paid if they ever bought a pack, else free.
 * D7: a paid plan is an active subscription on a plan tier (one set to cancel at period end stays
 * active until that end). Only a paid plan may save to My Edits.
 */
export const SUBSCRIPTION_TIERS = ['free', 'paid', 'starter', 'creator', 'pro'] as const;
export type SubscriptionTier = (typeof SUBSCRIPTION_TIERS)[number];

export const PLAN_TIERS = ['starter', 'creator', 'pro'] as const;
export type PlanTier = (typeof PLAN_TIERS)[number];

export interface Entitlement {
  tier: SubscriptionTier;
  isSubscribed: boolean;
}

export const FREE: Entitlement = { tier: 'free', isSubscribed: false };

export function isSubscriptionTier(value: unknown): value is SubscriptionTier {
  return typeof value === 'string' && (SUBSCRIPTION_TIERS as readonly string[]).includes(value);
}

export function isPlanTier(value: unknown): value is PlanTier {
  return typeof value === 'string' && (PLAN_TIERS as readonly string[]).includes(value);
}

/** D7 */
export function hasPaidPlan(entitlement: Entitlement): boolean {
  return entitlement.isSubscribed && isPlanTier(entitlement.tier);
}

/** D6: a pack purchase upgrades free to paid and leaves any other tier as it is. */
export function afterPackPurchase(entitlement: Entitlement): Entitlement {
  return entitlement.tier === 'free' ? { ...entitlement, tier: 'paid' } : entitlement;
}

/** D6: subscribing (or switching plans, D28) sets the plan's tier. */
export function afterSubscribing(plan: PlanTier): Entitlement {
  return { tier: plan, isSubscribed: true };
}

/** D6/D9: when the subscription has ended. */
export function afterSubscriptionEnded(everBoughtPack: boolean): Entitlement {
  return { tier: everBoughtPack ? 'paid' : 'free', isSubscribed: false };
}
