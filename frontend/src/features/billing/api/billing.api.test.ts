import { describe, expect, it } from 'vitest';
import { makeStore } from '../../../test/app-parts';
import { UNREADABLE_ANSWER_MESSAGE } from '../../../shared/api/base-api';
import { json, stubApi } from '../../../test/fetch-stub';
import { BILLING, CATALOGUE, SUBSCRIPTION } from '../billing-test-kit';
import { billingApi } from './billing.api';

describe('billing answers parsed by their schemas', () => {
  it('reads the catalogue and turns a broken one into an error state', async () => {
    let body: unknown = CATALOGUE;
    stubApi({ 'GET /api/billing/catalogue': () => json(body) });
    const store = makeStore();

    const good = await store.dispatch(billingApi.endpoints.getCatalogue.initiate());
    expect(good.data?.plans.map((plan) => plan.tier)).toEqual(['starter', 'creator', 'pro']);

    body = { plans: [{ tier: 'starter' }], packs: [] };
    const broken = await store.dispatch(billingApi.endpoints.getCatalogue.initiate(undefined, { forceRefetch: true }));
    expect(broken.error).toMatchObject({ message: UNREADABLE_ANSWER_MESSAGE });
  });

  it('reads a billing answer leniently: missing lists are empty, a broken entry is dropped, interval defaults to month', async () => {
    stubApi({
      'GET /api/user/billing': () =>
        json({
          provider: 'stripe',
          subscription: { ...SUBSCRIPTION, interval: null },
          invoices: [BILLING.invoices[0], 'not an invoice'],
        }),
    });
    const store = makeStore();

    const { data } = await store.dispatch(billingApi.endpoints.getBilling.initiate());

    expect(data?.subscription?.interval).toBe('month');
    expect(data?.invoices).toHaveLength(1);
    expect(data?.paymentMethods).toEqual([]);
    expect(data?.creditPurchases).toEqual([]);
    expect(data?.unavailable).toEqual([]);
    expect(data?.totalCredits).toBe(0);
  });

  it('reads a missing subscription as none', async () => {
    stubApi({ 'GET /api/user/billing': () => json({ provider: 'local' }) });
    const store = makeStore();

    const { data } = await store.dispatch(billingApi.endpoints.getBilling.initiate());

    expect(data?.subscription).toBeNull();
  });

  it('reads a plan change answer (D28)', async () => {
    stubApi({
      'POST /api/create-subscription': () =>
        json({
          checkoutUrl: null,
          planChange: { from: 'starter', to: 'pro', effective: 'now', effectiveAt: '2030-01-01T00:00:00Z', creditsGranted: 47 },
        }),
    });
    const store = makeStore();

    const answer = await store.dispatch(billingApi.endpoints.createSubscription.initiate('pro')).unwrap();

    expect(answer).toEqual({
      checkoutUrl: null,
      planChange: { from: 'starter', to: 'pro', effective: 'now', effectiveAt: '2030-01-01T00:00:00Z', creditsGranted: 47 },
    });
  });
});
