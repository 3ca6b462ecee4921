import { hasPaidPlan, savedImageExpiry } from './paid-plan';

describe('hasPaidPlan (D7)', () => {
  it.each(['starter', 'creator', 'pro'])('is true for an active %s subscription', (tier) => {
    expect(hasPaidPlan({ isSubscribed: true, subscriptionTier: tier })).toBe(true);
  });

  it.each([
    [false, 'starter', 'a plan tier without an active subscription'],
    [false, 'paid', 'a pack buyer'],
    [true, 'paid', 'a subscribed flag with the pack tier'],
    [true, 'free', 'a subscribed flag with the free tier'],
    [false, 'free', 'a free account'],
  ])('is false for isSubscribed=%s tier=%s (%s)', (isSubscribed, tier) => {
    expect(hasPaidPlan({ isSubscribed, subscriptionTier: tier })).toBe(false);
  });
});

describe('savedImageExpiry (D23)', () => {
  it('is 60 days after saving', () => {
    expect(savedImageExpiry(new Date('2025-01-01T10:00:00Z')).toISOString()).toBe('2025-03-02T10:00:00.000Z');
  });
});
