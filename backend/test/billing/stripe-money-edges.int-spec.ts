import { Logger } from '@nestjs/common';
import request from 'supertest';
import { CheckoutConfirmThrottle } from '../../src/modules/billing/application/checkout-confirm-throttle';
import { PAYMENT_GATEWAY, type PaymentGateway } from '../../src/modules/billing/application/payment-gateway.port';
import type { FakeEvent, FakeInvoice, FakeStripe } from '../support/fake-stripe';
import type { TestApp } from '../support/test-app';
import {
  balance,
  createStripeBillingApp,
  expectLedgerInvariants,
  ledger,
  liveSubscriptionId,
  openStripeCheckout,
  settleStripe,
  signedInUser,
  sql,
  type TestUser,
  userRow,
} from './billing-helpers';

/**
 * Issue 24: the money edge cases, through the whole app and the real Stripe SDK against the fake
 * Stripe server: partial refunds (D37), an upgrade's prorated invoice (D28), events in an API
 * shape the code does not read, signatures from the future, a customer Stripe no longer knows, and
 * confirms of an unpaid checkout. The ledger's invariants are checked after each.
 */
describe('billing with Stripe: the money edge cases (issue 24)', () => {
  let t: TestApp;
  let stripe: FakeStripe;

  beforeAll(async () => {
    ({ t, stripe } = await createStripeBillingApp());
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });
  afterEach(async () => {
    stripe.setEventApiVersion(null);
    await settleStripe(stripe);
  });

  const open = (user: TestUser, body: { pack: string } | { tier: string }) => openStripeCheckout(t, user, body);

  /** A pack bought and paid on Stripe, fulfilled by its webhook. */
  async function boughtPack(user: TestUser, pack: string) {
    const id = await open(user, { pack });
    const paid = await stripe.payCheckout(id);
    await stripe.idle();
    return { checkoutId: id, paymentIntentId: paid.paymentIntentId!, chargeId: paid.chargeId! };
  }

  async function spend(user: TestUser, credits: number) {
    for (let i = 0; i < credits; i++) {
      await sql(
        t,
        `INSERT INTO credit_transaction (user_id, type, credit_kind, credits, description, source_type, idempotency_key, group_id)
         SELECT $1, 'use', 'regular', -1, 'a generation', 'generation', gen_random_uuid()::text, id
           FROM credit_transaction WHERE user_id = $1 AND type = 'purchase' ORDER BY created_at LIMIT 1`,
        [user.id],
      );
    }
  }

  const refundRows = (userId: string) => sql<{ credits: number; idempotency_key: string }>(t, `SELECT credits, idempotency_key FROM credit_transaction WHERE user_id = $1 AND type = 'refund' ORDER BY created_at, id`, [userId]);

  describe('partial refunds (D37)', () => {
    it('a $1.00 refund of a $10.00 pack of 15 takes 1 credit, not all that is unspent; once, however often it is delivered', async () => {
      const user = await signedInUser(t);
      const pack = await boughtPack(user, 'pack15');
      await spend(user, 2);
      expect((await balance(t, user.id)).regular).toBe(13);

      const [event] = await stripe.refund(pack.paymentIntentId, { amount: 100 });
      await stripe.idle();
      expect((await balance(t, user.id)).regular).toBe(12); // floor(1/10 × 15) = 1
      await stripe.deliver(event, { times: 3 });
      expect((await balance(t, user.id)).regular).toBe(12);
      const [refundId] = (await refundRows(user.id)).map((r) => r.idempotency_key);
      expect(refundId).toMatch(new RegExp(`^refund:${pack.checkoutId}:re_`));
      await expectLedgerInvariants(t, user.id);
    });

    it('several partial refunds add up to the full share, never beyond the purchase, and an old event arriving late changes nothing', async () => {
      const user = await signedInUser(t);
      const pack = await boughtPack(user, 'pack15');
      stripe.holdEvents();
      const events: FakeEvent[] = [];
      for (let i = 0; i < 4; i++) events.push(...(await stripe.refund(pack.paymentIntentId, { amount: 100 }))); // $4 of $10
      // Delivered newest first: each lists every refund of the charge, so order does not matter.
      await stripe.releaseEvents({ order: (pending) => [...pending].reverse() });
      await stripe.idle();
      expect((await balance(t, user.id)).regular).toBe(9); // floor(4/10 × 15) = 6 taken
      expect((await refundRows(user.id)).map((r) => r.credits)).toEqual([-1, -2, -1, -2]);

      await stripe.refund(pack.paymentIntentId); // the remaining $6
      await stripe.idle();
      expect((await balance(t, user.id)).regular).toBe(0);
      await stripe.deliver(events[0], { times: 2 });
      const refunded = (await refundRows(user.id)).reduce((sum, r) => sum - r.credits, 0);
      expect(refunded).toBe(15);
      await expectLedgerInvariants(t, user.id);
    });

    it('spent credits are not taken back: a share larger than what is unspent takes what is left', async () => {
      const user = await signedInUser(t);
      const pack = await boughtPack(user, 'pack7'); // $5
      await spend(user, 6);
      await stripe.refund(pack.paymentIntentId, { amount: 300 }); // share floor(3/5 × 7) = 4, 1 unspent
      await stripe.idle();
      expect(await balance(t, user.id)).toEqual({ balance: 0, regular: 0, watermarked: 0 });
      expect((await refundRows(user.id)).map((r) => r.credits)).toEqual([-1]);
      await expectLedgerInvariants(t, user.id);
    });
  });

  describe("an upgrade's prorated invoice (D28)", () => {
    async function subscribed(user: TestUser, tier: string) {
      const id = await open(user, { tier });
      await stripe.payCheckout(id);
      await stripe.idle();
      return liveSubscriptionId(t, user.id);
    }

    const upgradeRows = async (userId: string) => (await ledger(t, userId)).filter((r) => r.description?.startsWith('Upgrade to'));

    it('an upgrade from the app grants the difference once, carrying the always_invoice invoice it was charged with', async () => {
      const user = await signedInUser(t);
      await subscribed(user, 'starter');
      const up = await user.agent.post('/api/create-subscription').send({ tier: 'creator' }).expect(200);
      expect(up.body.planChange).toMatchObject({ from: 'starter', to: 'creator', effective: 'now' });
      await stripe.idle();
      const customer = (await userRow(t, user.id)).stripe_customer_id!;
      const proration = stripe
        .eventsOfType('invoice.paid')
        .map((e) => e.data.object as FakeInvoice)
        .filter((i) => i.billing_reason === 'subscription_update' && i.customer === customer);
      expect(proration).toHaveLength(1);
      expect(proration[0].amount_paid).toBeGreaterThan(0);

      const rows = await upgradeRows(user.id);
      expect(rows).toEqual([expect.objectContaining({ type: 'subscription', credits: up.body.planChange.creditsGranted, purchase_amount: proration[0].amount_paid, stripe_transaction_id: proration[0].id })]);
      const billing = await user.agent.get('/api/user/billing').expect(200);
      expect(billing.body.invoices.map((i: { id: string }) => i.id)).toContain(proration[0].id);
      await expectLedgerInvariants(t, user.id);
    });

    for (const first of ['invoice.paid', 'customer.subscription.updated'] as const) {
      it(`a plan change the app did not see answer (a crash after Stripe's update): ${first} first grants it once, from the invoice`, async () => {
        const user = await signedInUser(t);
        const subscriptionId = await subscribed(user, 'starter');
        stripe.holdEvents();
        const gateway = t.app.get<PaymentGateway>(PAYMENT_GATEWAY);
        await gateway.switchPlan({ subscriptionId, tier: 'pro', name: 'Pro plan', amountCents: 4900, currency: 'usd', when: 'now' });
        const made = stripe.pendingEvents;
        const invoice = made.find((e) => e.type === 'invoice.paid')!.data.object as FakeInvoice;
        expect(invoice.billing_reason).toBe('subscription_update');
        const rank = (e: FakeEvent) => (e.type === first ? 0 : 1);
        await stripe.releaseEvents({ order: (pending) => [...pending].sort((a, b) => rank(a) - rank(b)) });
        await stripe.idle();
        for (const event of made) await stripe.deliver(event, { times: 2 });

        expect(await userRow(t, user.id)).toMatchObject({ subscription_tier: 'pro', is_subscribed: true });
        const rows = await upgradeRows(user.id);
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({ purchase_amount: invoice.amount_paid, stripe_transaction_id: invoice.id });
        expect(rows[0].credits).toBeGreaterThanOrEqual(94); // (140 - 45) × nearly the whole period
        expect((await balance(t, user.id)).regular).toBe(45 + rows[0].credits);
        await expectLedgerInvariants(t, user.id);
      });
    }
  });

  describe('webhook events the code must not read', () => {
    function postEvent(payload: string, signature: string) {
      return request(t.http).post('/api/webhooks/stripe').set('Content-Type', 'application/json').set('Stripe-Signature', signature).send(payload);
    }

    it('an event in an API shape before basil (2025-03-31) is refused with 400 and an ERROR naming the version; nothing changes, nothing is recorded', async () => {
      const errors = jest.spyOn(Logger.prototype, 'error');
      try {
        const user = await signedInUser(t);
        const id = await open(user, { pack: 'pack7' });
        stripe.setEventApiVersion('2024-06-20');
        const paid = await stripe.payCheckout(id);
        await stripe.idle();
        const completed = paid.events.find((e) => e.type === 'checkout.session.completed')!;
        expect(stripe.deliveries.filter((d) => d.eventId === completed.id).map((d) => d.status)).toEqual([400]);
        expect(await balance(t, user.id)).toEqual({ balance: 0, regular: 0, watermarked: 0 });
        expect(await sql(t, `SELECT 1 FROM processed_payment_event WHERE event_id = $1`, [completed.id])).toEqual([]);
        expect(errors.mock.calls.some(([message]) => String(message).includes('2024-06-20') && String(message).includes(completed.id))).toBe(true);

        // Once the endpoint is set to a supported version, Stripe's retry (rendered in it) goes through.
        stripe.setEventApiVersion(null);
        const retried = { ...completed, api_version: '2026-10-28.endive' };
        const { payload, signature } = stripe.signedDelivery(retried);
        const answer = await postEvent(payload, signature);
        expect(answer.status).toBe(200);
        expect((await balance(t, user.id)).regular).toBe(7);
      } finally {
        errors.mockRestore();
      }
    });

    it('a failed renewal in the old shape is refused too (it would have left the plan active, not past_due)', async () => {
      const user = await signedInUser(t);
      const id = await open(user, { tier: 'starter' });
      await stripe.payCheckout(id);
      await stripe.idle();
      const subscriptionId = await liveSubscriptionId(t, user.id);
      stripe.setEventApiVersion('2025-02-24.acacia');
      const made = await stripe.renewSubscription(subscriptionId, { fail: true });
      await stripe.idle();
      const failed = made.find((e) => e.type === 'invoice.payment_failed')!;
      expect(stripe.deliveries.filter((d) => d.eventId === failed.id).map((d) => d.status)).toEqual([400]);
    });

    it('a signature timestamp more than 5 minutes in the future is refused; a little clock skew is not', async () => {
      const user = await signedInUser(t);
      const id = await open(user, { pack: 'pack1' });
      stripe.holdEvents();
      const paid = await stripe.payCheckout(id);
      const completed = paid.events.find((e) => e.type === 'checkout.session.completed')!;
      const now = Math.floor(Date.now() / 1000);
      const future = stripe.signedDelivery(completed, { timestamp: now + 3600 });
      expect((await postEvent(future.payload, future.signature)).status).toBe(400);
      expect((await balance(t, user.id)).regular).toBe(0);
      const skewed = stripe.signedDelivery(completed, { timestamp: now + 60 });
      expect((await postEvent(skewed.payload, skewed.signature)).status).toBe(200);
      expect((await balance(t, user.id)).regular).toBe(1);
    });
  });

  it('the billing card answers without the card when Stripe does not know the stored customer, and the next checkout makes a new one', async () => {
    const user = await signedInUser(t);
    await boughtPack(user, 'pack1');
    const old = (await userRow(t, user.id)).stripe_customer_id!;
    stripe.deleteCustomer(old); // deleted in the dashboard, or test keys swapped for live ones
    const card = await user.agent.get('/api/user/billing').expect(200);
    expect(card.body).toMatchObject({ paymentMethods: [], unavailable: ['paymentMethods'], purchaseCount: 1 });

    const customersBefore = stripe.requestsTo('POST', '/v1/customers').length;
    await open(user, { pack: 'pack7' });
    expect(stripe.requestsTo('POST', '/v1/customers')).toHaveLength(customersBefore + 1);
    const replacement = (await userRow(t, user.id)).stripe_customer_id!;
    expect(replacement).toMatch(/^cus_/);
    expect(replacement).not.toBe(old);
    const after = await user.agent.get('/api/user/billing').expect(200);
    expect(after.body.unavailable).toEqual([]);
  });

  it('confirms of an unpaid checkout ask Stripe at most once per session every few seconds, and at most 10 times a minute per user', async () => {
    const user = await signedInUser(t);
    const id = await open(user, { pack: 'pack7' });
    const throttle = t.app.get(CheckoutConfirmThrottle);
    let now = Date.now();
    throttle.now = () => now;
    try {
      const retrieves = () => stripe.requestsTo('GET', `/v1/checkout/sessions/${id}`).length;
      const before = retrieves();
      for (let i = 0; i < 12; i++) {
        const answer = await user.agent.post(`/api/checkout/sessions/${id}/confirm`).expect(200);
        expect(answer.body).toMatchObject({ status: 'open', fulfilled: false });
      }
      expect(retrieves() - before).toBe(1);
      // Past the few seconds each confirm may ask again, but a user has 10 questions a minute.
      for (let i = 0; i < 15; i++) {
        now += 3_001;
        await user.agent.post(`/api/checkout/sessions/${id}/confirm`).expect(200);
      }
      expect(retrieves() - before).toBe(10);
      // A minute on, paid meanwhile (the webhook held back): the redirect fulfils it.
      stripe.holdEvents();
      await stripe.payCheckout(id);
      now += 60_001;
      const paid = await user.agent.post(`/api/checkout/sessions/${id}/confirm`).expect(200);
      expect(paid.body).toMatchObject({ status: 'complete', fulfilled: true });
      await expectLedgerInvariants(t, user.id);
    } finally {
      throttle.now = Date.now;
    }
  });
});
