import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { SUBSCRIPTION_ENDED, type SubscriptionEnded } from '../../src/modules/billing';
import { CREDITS_API, type CreditsApi } from '../../src/modules/credits';
import { EventBus } from '../../src/shared/events/event-bus';
import type { FakeStripe } from '../support/fake-stripe';
import type { TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';
import { balance, createStripeBillingApp, ledger, liveSubscriptionId, openStripeCheckout, settleStripe, signedInUser, sql, type TestUser, userRow } from './billing-helpers';

/**
 * D27-D29 through the whole app and the real Stripe SDK against the fake Stripe server, which
 * signs and posts its events to the app's webhook: packs, plans, renewals, plan changes, payment
 * failures, cancellation and the end of a plan; replays, concurrent deliveries, events out of
 * order, the redirect racing the webhook, bad signatures, refunds, and Stripe being down.
 */
describe('billing with Stripe (webhooks, redirect, fake Stripe server)', () => {
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

  const open = (user: TestUser, body: { pack: string } | { tier: string }) => openStripeCheckout(t, user, body);

  function postEvent(payload: string, signature: string | undefined) {
    const req = request(t.http).post('/api/webhooks/stripe').set('Content-Type', 'application/json');
    return (signature === undefined ? req : req.set('Stripe-Signature', signature)).send(payload);
  }

  const subscriptionOf = (userId: string) => liveSubscriptionId(t, userId);

  it('opens a Checkout Session with inline price_data, the user named, and the customer created once', async () => {
    const user = await signedInUser(t);
    await open(user, { pack: 'pack7' });
    await open(user, { pack: 'pack15' });
    const customers = stripe.requestsTo('POST', '/v1/customers');
    expect(customers).toHaveLength(1);
    const sessions = stripe.requestsTo('POST', '/v1/checkout/sessions').slice(-2);
    expect(sessions[0].body).toMatchObject({
      mode: 'payment',
      client_reference_id: user.id,
      metadata: { userId: user.id, kind: 'pack', pack: 'pack7' },
      line_items: [{ quantity: '1', price_data: { currency: 'usd', unit_amount: '500' } }],
    });
    expect((await userRow(t, user.id)).stripe_customer_id).toMatch(/^cus_/);
  });

  it('a pack: paid on Stripe, fulfilled by the webhook once, however often it is delivered', async () => {
    const user = await signedInUser(t);
    const id = await open(user, { pack: 'pack7' });
    const paid = await stripe.payCheckout(id);
    await stripe.idle();
    expect(await balance(t, user.id)).toEqual({ balance: 7, regular: 7, watermarked: 0 });
    expect(await userRow(t, user.id)).toMatchObject({ subscription_tier: 'paid', is_subscribed: false });
    expect(await ledger(t, user.id)).toEqual([
      expect.objectContaining({
        type: 'purchase',
        source_type: 'pack',
        pack_type: 'pack7',
        purchase_amount: 500,
        currency: 'USD',
        stripe_transaction_id: paid.paymentIntentId,
        idempotency_key: `pack:${id}`,
      }),
    ]);

    // The same event 5 times more: nothing changes.
    const completed = paid.events.find((e) => e.type === 'checkout.session.completed')!;
    const deliveries = await stripe.deliver(completed, { times: 5 });
    expect(deliveries.map((d) => d.status)).toEqual([200, 200, 200, 200, 200]);
    expect((await balance(t, user.id)).regular).toBe(7);
    expect(await sql(t, `SELECT 1 FROM processed_payment_event WHERE event_id = $1`, [completed.id])).toHaveLength(1);

    const status = await user.agent.get(`/api/checkout/sessions/${id}`).expect(200);
    expect(status.body).toMatchObject({ status: 'complete', fulfilled: true });
  });

  it('20 concurrent deliveries of one event grant once', async () => {
    const user = await signedInUser(t);
    const id = await open(user, { pack: 'pack15' });
    stripe.holdEvents();
    const paid = await stripe.payCheckout(id);
    const completed = paid.events.find((e) => e.type === 'checkout.session.completed')!;
    const { payload, signature } = stripe.signedDelivery(completed);
    const answers = await Promise.all(Array.from({ length: 20 }, () => postEvent(payload, signature)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(await balance(t, user.id)).toEqual({ balance: 15, regular: 15, watermarked: 0 });
    expect(await ledger(t, user.id)).toHaveLength(1);
  });

  it('the success redirect racing the webhook grants once, and the redirect alone is enough', async () => {
    const user = await signedInUser(t);
    const id = await open(user, { pack: 'pack45' });
    stripe.holdEvents();
    await stripe.payCheckout(id);
    // The user is back before any webhook: the redirect fulfils at once.
    const early = await user.agent.post(`/api/checkout/sessions/${id}/confirm`).expect(200);
    expect(early.body).toMatchObject({ fulfilled: true, credits: { regular: 45 } });
    const [, , ...rest] = await Promise.all([
      user.agent.post(`/api/checkout/sessions/${id}/confirm`),
      stripe.releaseEvents(),
      user.agent.post(`/api/checkout/sessions/${id}/confirm`),
    ]);
    expect(rest).toHaveLength(1);
    await stripe.idle();
    expect((await balance(t, user.id)).regular).toBe(45);
    expect(await ledger(t, user.id)).toHaveLength(1);
  });

  it('a bad, stale or missing signature is 400 and changes nothing', async () => {
    const user = await signedInUser(t);
    const id = await open(user, { pack: 'pack7' });
    stripe.holdEvents();
    const paid = await stripe.payCheckout(id);
    const completed = paid.events.find((e) => e.type === 'checkout.session.completed')!;
    const good = stripe.signedDelivery(completed);
    await postEvent(good.payload, undefined).expect(400);
    await postEvent(good.payload, 't=1,v1=deadbeef').expect(400);
    await postEvent(good.payload, stripe.signedDelivery(completed, { secret: 'whsec_wrong' }).signature).expect(400);
    await postEvent(good.payload, stripe.signedDelivery(completed, { timestamp: Math.floor(Date.now() / 1000) - 3600 }).signature).expect(400);
    await postEvent(good.payload.replace('"livemode": false', '"livemode": true'), good.signature).expect(400);
    expect(await balance(t, user.id)).toEqual({ balance: 0, regular: 0, watermarked: 0 });
    expect(await sql(t, `SELECT 1 FROM processed_payment_event WHERE event_id = $1`, [completed.id])).toHaveLength(0);
    // The genuine one still works afterwards.
    await postEvent(good.payload, good.signature).expect(200);
    expect((await balance(t, user.id)).regular).toBe(7);
  });

  it('answers 2xx for event types it does not handle, and stores them', async () => {
    const event = await stripe.emitEvent('customer.created', { id: `cus_${randomUUID().slice(0, 8)}`, object: 'customer' });
    await stripe.idle();
    expect(stripe.deliveries.filter((d) => d.eventId === event.id).map((d) => d.status)).toEqual([200]);
    expect(await sql(t, `SELECT type FROM processed_payment_event WHERE event_id = $1`, [event.id])).toEqual([{ type: 'customer.created' }]);
  });

  it('a plan, with its events in reverse order: the same result, credits granted once', async () => {
    const user = await signedInUser(t);
    const id = await open(user, { tier: 'starter' });
    stripe.holdEvents();
    await stripe.payCheckout(id);
    await stripe.releaseEvents({ order: (events) => [...events].reverse() });
    await stripe.idle();
    // And every event once more, in order.
    for (const e of stripe.events.filter((ev) => ev.type === 'invoice.paid' || ev.type === 'checkout.session.completed').slice(-2)) await stripe.deliver(e);

    expect(await userRow(t, user.id)).toMatchObject({ subscription_tier: 'starter', is_subscribed: true, subscription_status: 'active' });
    expect((await userRow(t, user.id)).stripe_subscription_id).toMatch(/^sub_/);
    expect(await balance(t, user.id)).toEqual({ balance: 45, regular: 45, watermarked: 0 });
    const grants = await ledger(t, user.id);
    expect(grants).toEqual([expect.objectContaining({ type: 'subscription', source_type: 'subscription', credits: 45, purchase_amount: 1900 })]);
    expect(grants[0].idempotency_key).toMatch(/^invoice:in_/);

    const billing = await user.agent.get('/api/user/billing').expect(200);
    expect(billing.body).toMatchObject({
      provider: 'stripe',
      subscription: { status: 'active', tier: 'starter', amount: 1900, interval: 'month', cancelAtPeriodEnd: false },
      paymentMethods: [{ card: { brand: 'visa', last4: '4242' } }],
      unavailable: [],
    });
    expect(billing.body.invoices).toEqual([expect.objectContaining({ amountPaid: 1900, status: 'paid', hostedInvoiceUrl: expect.stringMatching(/^http/) })]);
  });

  it('renewals grant each month; credits roll over one month, then expire (D3)', async () => {
    const user = await signedInUser(t);
    const id = await open(user, { tier: 'starter' });
    await stripe.payCheckout(id);
    await stripe.idle();
    const sub = await subscriptionOf(user.id);
    await stripe.renewSubscription(sub);
    await stripe.idle();
    expect((await balance(t, user.id)).regular).toBe(90);
    const grants = (await ledger(t, user.id)).filter((r) => r.type === 'subscription');
    expect(grants).toHaveLength(2);
    // Granted with the first period: they expire at the end of the second.
    const [{ current_period_end: secondEnd }] = await sql<{ current_period_end: Date }>(t, `SELECT current_period_end FROM billing_subscription WHERE id = $1`, [sub]);
    expect(grants[0].expires_at!.getTime()).toBe(secondEnd.getTime());
    expect(grants[1].expires_at!.getTime()).toBeGreaterThan(secondEnd.getTime());
  });

  it('answers an upgrade with its prorated credits when the webhook of the change arrived before the answer (D28)', async () => {
    const user = await signedInUser(t);
    await stripe.payCheckout(await open(user, { tier: 'creator' }));
    await stripe.idle();
    stripe.eventsBeforeAnswer(true);
    try {
      const up = await user.agent.post('/api/create-subscription').send({ tier: 'pro' }).expect(200);
      await stripe.idle();
      // The webhook synced the new tier and granted first; the answer still says what was granted, once.
      expect(up.body.planChange).toMatchObject({ from: 'creator', to: 'pro', effective: 'now' });
      expect(up.body.planChange.creditsGranted).toBeGreaterThanOrEqual(69);
      expect((await balance(t, user.id)).regular).toBe(70 + up.body.planChange.creditsGranted);
      expect((await ledger(t, user.id)).filter((r) => r.type === 'subscription')).toHaveLength(2);
    } finally {
      stripe.eventsBeforeAnswer(false);
    }
  });

  it('upgrade now with prorated credits, downgrade at the renewal (D28)', async () => {
    const user = await signedInUser(t);
    await stripe.payCheckout(await open(user, { tier: 'creator' }));
    await stripe.idle();
    const up = await user.agent.post('/api/create-subscription').send({ tier: 'pro' }).expect(200);
    await stripe.idle();
    expect(up.body).toMatchObject({ checkoutUrl: null, planChange: { from: 'creator', to: 'pro', effective: 'now' } });
    // Almost the whole month left: floor((140 - 70) × left / month) is 69 or 70.
    expect(up.body.planChange.creditsGranted).toBeGreaterThanOrEqual(69);
    expect(await userRow(t, user.id)).toMatchObject({ subscription_tier: 'pro', is_subscribed: true });
    expect((await balance(t, user.id)).regular).toBe(70 + up.body.planChange.creditsGranted);
    const update = stripe.requestsTo('POST', /\/v1\/subscriptions\/sub_/).at(-1)!;
    expect(update.body).toMatchObject({ proration_behavior: 'always_invoice', payment_behavior: 'error_if_incomplete' });

    await user.agent.post('/api/create-subscription').send({ tier: 'starter' }).expect(200);
    await stripe.idle();
    expect((await userRow(t, user.id)).subscription_tier).toBe('pro');
    expect((await user.agent.get('/api/user/billing')).body.subscription).toMatchObject({ tier: 'pro', pendingTier: 'starter' });
    const before = (await balance(t, user.id)).regular;
    await stripe.renewSubscription(await subscriptionOf(user.id));
    await stripe.idle();
    expect(await userRow(t, user.id)).toMatchObject({ subscription_tier: 'starter', is_subscribed: true });
    expect((await balance(t, user.id)).regular).toBe(before + 45);
    expect((await user.agent.get('/api/user/billing')).body.subscription).toMatchObject({ tier: 'starter', pendingTier: null, amount: 1900 });
  });

  it('a declined upgrade is 402 and changes nothing', async () => {
    const user = await signedInUser(t);
    await stripe.payCheckout(await open(user, { tier: 'starter' }));
    await stripe.idle();
    stripe.declineNextCharge();
    const res = await user.agent.post('/api/create-subscription').send({ tier: 'pro' }).expect(402);
    expect(res.body.message).toMatch(/declined/);
    await stripe.idle();
    expect((await userRow(t, user.id)).subscription_tier).toBe('starter');
    expect((await balance(t, user.id)).regular).toBe(45);
  });

  it('a failed renewal makes the plan past due with the tier kept, a later payment restores it (D29)', async () => {
    const user = await signedInUser(t);
    await stripe.payCheckout(await open(user, { tier: 'starter' }));
    await stripe.idle();
    const sub = await subscriptionOf(user.id);
    await stripe.renewSubscription(sub, { fail: true });
    await stripe.idle();
    expect(await userRow(t, user.id)).toMatchObject({ subscription_tier: 'starter', is_subscribed: true, subscription_status: 'past_due' });
    expect((await user.agent.get('/api/user/billing')).body.subscription.status).toBe('past_due');
    expect((await balance(t, user.id)).regular).toBe(45);
    const [open_] = await sql<{ id: string }>(t, `SELECT id FROM billing_invoice WHERE subscription_id = $1 AND status = 'open'`, [sub]);
    await stripe.payInvoice(open_.id);
    await stripe.idle();
    expect(await userRow(t, user.id)).toMatchObject({ subscription_status: 'active' });
    expect((await balance(t, user.id)).regular).toBe(90);
  });

  it('cancel at period end, then Stripe ends it: tier falls back once (D6, D9)', async () => {
    const user = await signedInUser(t);
    await stripe.payCheckout(await open(user, { tier: 'creator' }));
    await stripe.idle();
    const sub = await subscriptionOf(user.id);
    const ended: SubscriptionEnded[] = [];
    const off = t.app.get(EventBus).subscribe<SubscriptionEnded>(SUBSCRIPTION_ENDED, (e) => {
      if (e.userId === user.id) ended.push(e);
    });
    try {
      const res = await user.agent.post('/api/user/cancel-subscription').send({ confirmEmail: user.email, confirmCancel: true }).expect(200);
      expect(stripe.requestsTo('POST', `/v1/subscriptions/${sub}`).at(-1)!.body).toMatchObject({ cancel_at_period_end: 'true' });
      await stripe.idle();
      expect(new Date(res.body.accessUntil).getTime()).toBeGreaterThan(Date.now());
      expect((await user.agent.get('/api/user/billing')).body.subscription.cancelAtPeriodEnd).toBe(true);
      expect(await userRow(t, user.id)).toMatchObject({ subscription_tier: 'creator', is_subscribed: true });

      const events = await stripe.renewSubscription(sub); // the period ends: Stripe deletes it
      await stripe.idle();
      const deleted = events.find((e) => e.type === 'customer.subscription.deleted')!;
      await stripe.deliver(deleted, { times: 3 });
      expect(await userRow(t, user.id)).toMatchObject({ subscription_tier: 'free', is_subscribed: false });
      expect(ended).toHaveLength(1);
      expect((await user.agent.get('/api/user/billing')).body.subscription).toBeNull();
    } finally {
      off();
    }
  });

  it('a refund of a partly spent pack removes only its unspent credits; a dispute after it changes nothing more (D29)', async () => {
    const user = await signedInUser(t);
    const paid = await stripe.payCheckout(await open(user, { pack: 'pack7' }));
    await stripe.idle();
    const credits = t.app.get<CreditsApi>(CREDITS_API);
    for (let i = 0; i < 3; i++) await credits.capture((await credits.reserve({ userId: user.id, idempotencyKey: `gen:${randomUUID()}` })).id);
    await stripe.refund(paid.paymentIntentId!);
    await stripe.dispute(paid.paymentIntentId!);
    await stripe.idle();
    expect(await balance(t, user.id)).toEqual({ balance: 0, regular: 0, watermarked: 0 });
    expect((await ledger(t, user.id)).filter((r) => r.type === 'refund')).toEqual([expect.objectContaining({ credits: -4 })]);
  });

  it('when Stripe is down: billing still answers what the database knows; buying answers 503', async () => {
    const user = await signedInUser(t);
    await stripe.payCheckout(await open(user, { tier: 'starter' }));
    await stripe.idle();
    stripe.setUnavailable(true);
    const billing = await user.agent.get('/api/user/billing').expect(200);
    expect(billing.body).toMatchObject({ subscription: { tier: 'starter', status: 'active' }, paymentMethods: [], unavailable: ['paymentMethods'] });
    expect(billing.body.invoices).toHaveLength(1);
    const other = await signedInUser(t);
    const refused = await other.agent.post('/api/purchase-credits').send({ pack: 'pack1' }).expect(503);
    expect(refused.body.code).toBe('BILLING.PROVIDER_UNAVAILABLE');
    await user.agent.post('/api/user/cancel-subscription').send({ confirmEmail: user.email, confirmCancel: true }).expect(503);
    expect((await user.agent.get('/api/user/billing')).body.subscription.cancelAtPeriodEnd).toBe(false);
  });

  it('the local checkout routes do not exist with Stripe', async () => {
    const user = await signedInUser(t);
    const id = await open(user, { pack: 'pack1' });
    await user.agent.get(`/api/local-checkout/sessions/${id}`).expect(404);
    await user.agent.post(`/api/local-checkout/sessions/${id}/pay`).send({ cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' }).expect(404);
    await waitFor('nothing granted', async () => (await balance(t, user.id)).balance === 0);
  });
});
