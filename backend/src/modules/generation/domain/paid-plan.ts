/**
 * D7: a paid plan is an active subscription (isSubscribed) on one of the plan tiers. Pack buyers
 * (tier "paid") get watermark-free output but not My Edits. D23: a saved image expires 60 days
 * after it was saved.
 */
export type SubscriptionTier = 'free' | 'paid' | 'starter' | 'creator' | 'pro';

export const PLAN_TIERS: readonly SubscriptionTier[] = ['starter', 'creator', 'pro'];
export const SAVED_IMAGE_RETENTION_DAYS = 60;
export const UPGRADE_TO_SAVE_MESSAGE = 'Upgrade to a paid plan to save images to My Edits.';

export function hasPaidPlan(user: { isSubscribed: boolean; subscriptionTier: string }): boolean {
  return user.isSubscribed === true && (PLAN_TIERS as readonly string[]).includes(user.subscriptionTier);
}

/** D23 */
export function savedImageExpiry(savedAt: Date): Date {
  return new Date(savedAt.getTime() + SAVED_IMAGE_RETENTION_DAYS * 24 * 60 * 60 * 1000);
}
