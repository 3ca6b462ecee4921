import { addPeriod, planChange, subscriptionCreditsExpireAt, upgradeChargeCents, upgradeCredits } from './subscription-rules';

const d = (iso: string) => new Date(iso);

describe('subscription rules (D3, D28)', () => {
  it('D3: credits expire one billing period after the end of the period they came with', () => {
    expect(subscriptionCreditsExpireAt(d('2026-12-23T08:00:00Z'), { months: 1 })).toEqual(d('2027-01-23T08:00:00Z'));
    expect(subscriptionCreditsExpireAt(d('2027-02-28T00:00:00Z'), { months: 1 })).toEqual(d('2027-03-28T00:00:00Z'));
    expect(subscriptionCreditsExpireAt(d('2026-11-23T08:10:00Z'), { ms: 600_000 })).toEqual(d('2026-11-23T08:20:00Z'));
  });

  it('adds calendar months without spilling into the month after', () => {
    expect(addPeriod(d('2027-01-31T12:00:00Z'), { months: 1 })).toEqual(d('2027-02-28T12:00:00Z'));
    expect(addPeriod(d('2027-03-15T12:00:00Z'), { ms: 60_000 })).toEqual(d('2027-03-15T12:01:00Z'));
  });

  it('D28: orders plans by price', () => {
    expect(planChange('starter', 'pro')).toBe('upgrade');
    expect(planChange('pro', 'creator')).toBe('downgrade');
    expect(planChange('creator', 'creator')).toBe('same');
  });

  it('D28: an upgrade grants the difference prorated by the time left, rounded down', () => {
    const start = d('2026-11-01T00:00:00Z');
    const end = d('2026-12-01T00:00:00Z');
    expect(upgradeCredits('starter', 'pro', start, end, d('2026-11-16T00:00:00Z'))).toBe(47); // (140-45)/2 = 47.5
    expect(upgradeCredits('starter', 'creator', start, end, start)).toBe(25);
    expect(upgradeCredits('starter', 'pro', start, end, end)).toBe(0);
    expect(upgradeCredits('pro', 'starter', start, end, start)).toBe(0);
  });

  it('D28: an upgrade charges the price difference for the time left, to the cent, like Stripe\'s proration', () => {
    const start = d('2026-11-01T00:00:00Z');
    const end = d('2026-12-01T00:00:00Z');
    expect(upgradeChargeCents(1900, 2900, start, end, start)).toBe(1000);
    expect(upgradeChargeCents(1900, 2900, start, end, d('2026-11-16T00:00:00Z'))).toBe(500);
    expect(upgradeChargeCents(1900, 4900, start, end, d('2026-11-21T00:00:00Z'))).toBe(1000); // 10 of 30 days
    expect(upgradeChargeCents(1900, 2900, start, end, d('2026-11-11T00:00:00Z'))).toBe(667); // 20/30 of 1000, rounded
    expect(upgradeChargeCents(1900, 2900, start, end, end)).toBe(0);
    expect(upgradeChargeCents(4900, 1900, start, end, start)).toBe(0);
  });

  it('D28: over a period of no length (start = end) an upgrade grants and charges nothing, instead of dividing by zero', () => {
    const instant = d('2026-11-01T00:00:00Z');
    expect(upgradeCredits('starter', 'pro', instant, instant, instant)).toBe(0);
    expect(upgradeChargeCents(1900, 4900, instant, instant, instant)).toBe(0);
  });
});
