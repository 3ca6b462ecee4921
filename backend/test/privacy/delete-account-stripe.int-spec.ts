import { FinishAccountDeletionsJob } from '../../src/modules/privacy/application/finish-account-deletions.job';
import {
  createStripeBillingApp,
  liveSubscriptionId,
  openStripeCheckout,
  settleStripe,
  signedInUser,
  sql,
  type TestUser,
} from '../billing/billing-helpers';
import type { FakeCheckoutSession, FakeStripe, FakeSubscription } from '../support/fake-stripe';
import type { TestApp } from '../support/test-app';
import { tablesHolding } from './privacy-helpers';

/**
 * D35 with Stripe (the real SDK against the fake Stripe server): deleting the account cancels the
 * subscription on Stripe at once (not at the period's end) and closes the open checkout; Stripe's
 * later `customer.subscription.deleted` for an account that is gone is acknowledged and ignored.
 * With Stripe down, the account is signed out and kept until the job can cancel the plan.
 */
describe('account deletion with Stripe', () => {
  let t: TestApp;
  let stripe: FakeStripe;

  beforeAll(async () => {
    ({ t, stripe } = await createStripeBillingApp());
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });
  afterEach(() => settleStripe(stripe));

  /** A Stripe subscriber (paid and fulfilled through the webhook); the subscription's id. */
  async function subscribe(user: TestUser): Promise<string> {
    await stripe.payCheckout(await openStripeCheckout(t, user, { tier: 'starter' }));
    await stripe.idle();
    const id = await liveSubscriptionId(t, user.id);
    expect(id).toMatch(/^sub_/);
    return id;
  }

  it('cancels the subscription on Stripe now, closes the open checkout, and ignores Stripe’s later event', async () => {
    const user = await signedInUser(t);
    const subscriptionId = await subscribe(user);
    const openPack = await openStripeCheckout(t, user, { pack: 'pack7' });
    const before = stripe.requestsTo('DELETE', `/v1/subscriptions/${subscriptionId}`).length;

    await user.agent.post('/api/user/delete-account').send({ confirmEmail: user.email }).expect(200);

    expect(stripe.requestsTo('DELETE', `/v1/subscriptions/${subscriptionId}`)).toHaveLength(before + 1);
    const sub = stripe.get<FakeSubscription>(subscriptionId);
    expect(sub.status).toBe('canceled');
    expect(sub.cancel_at_period_end).toBe(false);
    expect(sub.ended_at).not.toBeNull();
    expect(stripe.get<FakeCheckoutSession>(openPack).status).toBe('expired');

    // Stripe tells the app the subscription ended; the account is gone, so nothing happens (2xx).
    await stripe.idle();
    const deleted = stripe.eventsOfType('customer.subscription.deleted').find((e) => (e.data.object as { id: string }).id === subscriptionId)!;
    const [delivery] = await stripe.deliver(deleted);
    expect(delivery.status).toBe(200);
    expect(await sql(t, `SELECT id FROM "user" WHERE id = $1`, [user.id])).toEqual([]);
    expect(await tablesHolding(t, user.email)).toEqual({});
  });

  it('with Stripe down: signs out at once, keeps the account until the job has cancelled the plan', async () => {
    const user = await signedInUser(t);
    const subscriptionId = await subscribe(user);
    stripe.setUnavailable(true);

    await user.agent.post('/api/user/delete-account').send({ confirmEmail: user.email }).expect(200);
    await user.agent.get('/api/user').expect(401);
    // Nothing says the plan ended while Stripe may still bill it: the account waits for the job.
    expect(stripe.get<FakeSubscription>(subscriptionId).status).toBe('active');
    expect(await sql(t, `SELECT ended_at FROM billing_subscription WHERE id = $1`, [subscriptionId])).toEqual([{ ended_at: null }]);
    expect(await sql(t, `SELECT id FROM "user" WHERE id = $1 AND deletion_requested_at IS NOT NULL`, [user.id])).toHaveLength(1);

    const job = t.app.get(FinishAccountDeletionsJob);
    const later = new Date(Date.now() + 6 * 60_000);
    expect(await job.execute(later)).toEqual({ finished: [], failed: [user.id] });

    stripe.setUnavailable(false);
    expect(await job.execute(later)).toEqual({ finished: [user.id], failed: [] });
    expect(stripe.get<FakeSubscription>(subscriptionId).status).toBe('canceled');
    expect(await sql(t, `SELECT id FROM "user" WHERE id = $1`, [user.id])).toEqual([]);
  });
});
