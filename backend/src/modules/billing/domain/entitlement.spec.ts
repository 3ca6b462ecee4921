import { afterPackPurchase, afterSubscribing, afterSubscriptionEnded, FREE, hasPaidPlan, isSubscriptionTier } from './entitlement';

describe('entitlement (D6, D7)', () => {
  it('a paid plan is an active subscription on a plan tier', () => {
    expect(hasPaidPlan({ tier: 'starter', isSubscribed: true })).toBe(true);
    expect(hasPaidPlan({ tier: 'pro', isSubscribed: true })).toBe(true);
    expect(hasPaidPlan({ tier: 'creator', isSubscribed: false })).toBe(false);
    // Pack buyers get watermark-free output but not My Edits.
    expect(hasPaidPlan({ tier: 'paid', isSubscribed: true })).toBe(false);
    expect(hasPaidPlan(FREE)).toBe(false);
  });

  it('a pack makes a free user paid and leaves a subscriber as they are', () => {
    expect(afterPackPurchase(FREE)).toEqual({ tier: 'paid', isSubscribed: false });
    expect(afterPackPurchase({ tier: 'creator', isSubscribed: true })).toEqual({ tier: 'creator', isSubscribed: true });
  });

  it('subscribing sets the plan; its end falls back to paid or free', () => {
    expect(afterSubscribing('pro')).toEqual({ tier: 'pro', isSubscribed: true });
    expect(afterSubscriptionEnded(true)).toEqual({ tier: 'paid', isSubscribed: false });
    expect(afterSubscriptionEnded(false)).toEqual(FREE);
  });

  it('knows the five tiers and nothing else', () => {
    expect(['free', 'paid', 'starter', 'creator', 'pro'].every(isSubscriptionTier)).toBe(true);
    expect(isSubscriptionTier('enterprise')).toBe(false);
    expect(isSubscriptionTier(undefined)).toBe(false);
  });
});
