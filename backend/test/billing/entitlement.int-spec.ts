import { randomUUID } from 'node:crypto';
import { ENTITLEMENT_API, type EntitlementApi } from '../../src/modules/billing';
import { Client } from 'pg';
import { newAccount } from '../support/fixtures';
import { createTestApp, type TestApp } from '../support/test-app';

/** ENTITLEMENT_API reads billing's columns of the user row (ADR 0012) on a real database. */
describe('ENTITLEMENT_API', () => {
  let t: TestApp;
  let api: EntitlementApi;

  beforeAll(async () => {
    t = await createTestApp();
    api = t.app.get(ENTITLEMENT_API);
  });
  afterAll(() => t.close());

  const userWith = (tier: 'free' | 'paid' | 'creator', isSubscribed: boolean): Promise<string> => newAccount(t, { plan: tier, isSubscribed });

  it('answers each user’s tier and the D7 paid-plan rule', async () => {
    const subscriber = await userWith('creator', true);
    const packBuyer = await userWith('paid', false);
    const free = await userWith('free', false);

    expect(await api.entitlementOf(subscriber)).toEqual({ tier: 'creator', isSubscribed: true });
    expect(await api.hasPaidPlan(subscriber)).toBe(true);
    expect(await api.entitlementOf(packBuyer)).toEqual({ tier: 'paid', isSubscribed: false });
    expect(await api.hasPaidPlan(packBuyer)).toBe(false);
    expect(await api.hasPaidPlan(free)).toBe(false);
  });

  it('names, in one read, the users of a list who have no paid plan (unknown and malformed ids included)', async () => {
    const subscriber = await userWith('creator', true);
    const packBuyer = await userWith('paid', false);
    const free = await userWith('free', false);
    const unknown = randomUUID();
    expect(await api.withoutPaidPlan([subscriber, packBuyer, free, unknown, 'not-a-uuid'])).toEqual([packBuyer, free, unknown, 'not-a-uuid']);
    expect(await api.withoutPaidPlan([subscriber])).toEqual([]);
    expect(await api.withoutPaidPlan([])).toEqual([]);
  });

  it('takes an unknown user as free', async () => {
    expect(await api.entitlementOf(randomUUID())).toEqual({ tier: 'free', isSubscribed: false });
    expect(await api.hasPaidPlan(randomUUID())).toBe(false);
  });
});
