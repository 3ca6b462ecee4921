import { randomUUID } from 'node:crypto';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { StripePaymentGateway } from '../../src/modules/billing/adapters/stripe/stripe-payment-gateway.adapter';
import {
  type CreateCheckout,
  InvalidWebhookSignatureError,
  PaymentDeclinedError,
  type PaymentEvent,
  PaymentProviderUnavailableError,
} from '../../src/modules/billing/application/payment-gateway.port';
import { packOf, planOf } from '../../src/modules/billing/domain/catalogue';
import type { PlanTier } from '../../src/modules/billing/domain/entitlement';
import {
  CARD_DECLINED,
  type FakeCheckoutSession,
  type FakeEvent,
  type FakeInvoice,
  type FakeStripe,
  type FakeSubscription,
  startFakeStripe,
} from '../support/fake-stripe';

/**
 * The Stripe adapter (D27) against the fake Stripe server, through the real SDK: what it sends
 * (form fields, headers), how it maps Stripe's answers and signed webhook events onto the port,
 * and how it fails. No app and no database: only the adapter and the fake.
 */

interface Received {
  raw: Buffer;
  signature: string | undefined;
  event: FakeEvent;
}

/** A webhook endpoint that keeps every POST's raw bytes and signature. */
async function startReceiver() {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const header = req.headers['stripe-signature'];
      received.push({ raw, signature: typeof header === 'string' ? header : undefined, event: JSON.parse(raw.toString('utf8')) as FakeEvent });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/billing/webhook`,
    received,
    /** The delivery of one event (the last one when it was sent more than once). */
    of(eventId: string): Received {
      const found = received.filter((r) => r.event.id === eventId).at(-1);
      if (!found) throw new Error(`event ${eventId} was not delivered`);
      return found;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('StripePaymentGateway (against the fake Stripe)', () => {
  let stripe: FakeStripe;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let gateway: StripePaymentGateway;
  const warnings: string[] = [];

  beforeAll(async () => {
    stripe = await startFakeStripe();
    receiver = await startReceiver();
    stripe.webhookUrl = receiver.url;
    gateway = new StripePaymentGateway(stripe.settings, { warn: (message: unknown) => warnings.push(String(message)) });
  });
  afterAll(async () => {
    await stripe.close();
    await receiver.close();
  });

  /** Parses one event as the webhook controller would: from the bytes and header that arrived. */
  function parsed(event: FakeEvent): PaymentEvent {
    const delivery = receiver.of(event.id);
    return gateway.parseWebhook(delivery.raw, delivery.signature);
  }

  function only(events: FakeEvent[], type: string): FakeEvent {
    const matching = events.filter((e) => e.type === type);
    expect(matching).toHaveLength(1);
    return matching[0];
  }

  const seconds = (s: number) => new Date(s * 1000);

  function checkoutInput(userId: string, customerId: string, item: { pack: 'pack7' } | { tier: PlanTier }): CreateCheckout {
    const base = { userId, email: `${userId}@example.com`, customerId, currency: 'usd', successUrl: 'http://app.test/billing/success?session_id={CHECKOUT_SESSION_ID}', cancelUrl: 'http://app.test/pricing' };
    if ('pack' in item) {
      const pack = packOf(item.pack);
      return { ...base, item: { kind: 'pack', pack: pack.id }, name: pack.name, amountCents: pack.priceCents };
    }
    const plan = planOf(item.tier);
    return { ...base, item: { kind: 'subscription', tier: plan.tier }, name: plan.name, amountCents: plan.priceCents };
  }

  async function newCustomer(userId = randomUUID()): Promise<{ userId: string; customerId: string }> {
    return { userId, customerId: await gateway.ensureCustomer({ userId, email: `${userId}@example.com`, existingCustomerId: null }) };
  }

  /** A user subscribed through a paid Checkout Session; events delivered to the receiver. */
  async function subscribed(tier: PlanTier = 'starter', card?: string) {
    const { userId, customerId } = await newCustomer();
    const { sessionId } = await gateway.createCheckout(checkoutInput(userId, customerId, { tier }));
    const paid = await stripe.payCheckout(sessionId, { card });
    return { userId, customerId, sessionId, subscriptionId: paid.subscriptionId!, invoiceId: paid.invoiceId!, events: paid.events };
  }

  describe('ensureCustomer', () => {
    it('returns the customer billing already has without calling Stripe', async () => {
      const before = stripe.requests.length;
      await expect(gateway.ensureCustomer({ userId: randomUUID(), email: 'a@example.com', existingCustomerId: 'cus_known' })).resolves.toBe('cus_known');
      expect(stripe.requests).toHaveLength(before);
    });

    it('creates the customer once per user, keyed by the user (two concurrent first checkouts get one)', async () => {
      const userId = randomUUID();
      const [first, second] = await Promise.all([
        gateway.ensureCustomer({ userId, email: 'buyer@example.com', existingCustomerId: null }),
        gateway.ensureCustomer({ userId, email: 'buyer@example.com', existingCustomerId: null }),
      ]);
      expect(first).toMatch(/^cus_/);
      expect(second).toBe(first);

      const creates = stripe.requestsTo('POST', '/v1/customers').filter((r) => r.idempotencyKey === `customer:${userId}`);
      expect(creates).toHaveLength(2);
      expect(creates.filter((r) => r.replayed)).toHaveLength(1);
      expect(creates[0].body).toEqual({ email: 'buyer@example.com', metadata: { userId } });
      expect(creates[0].headers.authorization).toBe(`Bearer ${stripe.secretKey}`);
      expect(creates[0].headers['stripe-version']).toBe('2026-10-28.endive');
      expect(stripe.get(first)).toMatchObject({ object: 'customer', email: 'buyer@example.com', metadata: { userId } });
    });
  });

  describe('createCheckout', () => {
    it('sells a pack: one-time inline price, the user on the session and on the PaymentIntent', async () => {
      const { userId, customerId } = await newCustomer();
      const created = await gateway.createCheckout(checkoutInput(userId, customerId, { pack: 'pack7' }));

      expect(created.sessionId).toMatch(/^cs_test_/);
      expect(created.url).toBe(`${stripe.apiBase}/checkout/pay/${created.sessionId}`);
      const [request] = stripe.requestsTo('POST', '/v1/checkout/sessions').slice(-1);
      // The SDK sends every value as a string, nested with bracket keys.
      expect(request.rawBody).toContain('line_items[0][price_data][unit_amount]=500');
      expect(request.body).toEqual({
        customer: customerId,
        client_reference_id: userId,
        metadata: { userId, kind: 'pack', pack: 'pack7' },
        line_items: [{ quantity: '1', price_data: { currency: 'usd', unit_amount: '500', product_data: { name: '7 credits' } } }],
        mode: 'payment',
        success_url: 'http://app.test/billing/success?session_id={CHECKOUT_SESSION_ID}',
        cancel_url: 'http://app.test/pricing',
        payment_intent_data: { metadata: { userId, pack: 'pack7' } },
      });
    });

    it('sells a plan: a monthly inline price, the user and tier on the subscription', async () => {
      const { userId, customerId } = await newCustomer();
      await gateway.createCheckout(checkoutInput(userId, customerId, { tier: 'creator' }));
      const [request] = stripe.requestsTo('POST', '/v1/checkout/sessions').slice(-1);
      expect(request.body).toMatchObject({
        mode: 'subscription',
        client_reference_id: userId,
        metadata: { userId, kind: 'subscription', tier: 'creator' },
        line_items: [{ quantity: '1', price_data: { currency: 'usd', unit_amount: '2900', product_data: { name: 'Creator' }, recurring: { interval: 'month' } } }],
        subscription_data: { metadata: { userId, tier: 'creator' } },
      });
      expect(request.body.payment_intent_data).toBeUndefined();
    });
  });

  describe('retrieveCheckout', () => {
    it('maps an open session, then the same session paid (pack)', async () => {
      const { userId, customerId } = await newCustomer();
      const { sessionId } = await gateway.createCheckout(checkoutInput(userId, customerId, { pack: 'pack7' }));

      await expect(gateway.retrieveCheckout(sessionId)).resolves.toEqual({
        sessionId,
        userId,
        item: { kind: 'pack', pack: 'pack7' },
        status: 'open',
        paymentStatus: 'unpaid',
        amountTotal: 500,
        currency: 'usd',
        customerId,
        paymentIntentId: null,
        subscriptionId: null,
      });

      const paid = await stripe.payCheckout(sessionId);
      expect(paid.paymentIntentId).toMatch(/^pi_/);
      await expect(gateway.retrieveCheckout(sessionId)).resolves.toMatchObject({ status: 'complete', paymentStatus: 'paid', paymentIntentId: paid.paymentIntentId, subscriptionId: null });
    });

    it('names the subscription of a paid plan checkout', async () => {
      const { userId, sessionId, subscriptionId } = await subscribed('pro');
      await expect(gateway.retrieveCheckout(sessionId)).resolves.toMatchObject({
        userId,
        item: { kind: 'subscription', tier: 'pro' },
        status: 'complete',
        paymentStatus: 'paid',
        amountTotal: 4900,
        paymentIntentId: null,
        subscriptionId,
      });
    });

    it('keeps a declined card’s session open', async () => {
      const { userId, customerId } = await newCustomer();
      const { sessionId } = await gateway.createCheckout(checkoutInput(userId, customerId, { pack: 'pack7' }));
      await expect(stripe.payCheckout(sessionId, { card: CARD_DECLINED })).resolves.toMatchObject({ paid: false, declineCode: 'generic_decline', events: [] });
      await expect(gateway.retrieveCheckout(sessionId)).resolves.toMatchObject({ status: 'open', paymentStatus: 'unpaid' });
    });

    it('is null for a session Stripe does not know', async () => {
      await expect(gateway.retrieveCheckout('cs_test_unknown')).resolves.toBeNull();
    });
  });

  describe('expireCheckout', () => {
    it('expires an open session, says complete for a paid one, and expired for one already closed or unknown', async () => {
      const { userId, customerId } = await newCustomer();
      const open = await gateway.createCheckout(checkoutInput(userId, customerId, { tier: 'starter' }));
      await expect(gateway.expireCheckout(open.sessionId)).resolves.toBe('expired');
      await expect(gateway.retrieveCheckout(open.sessionId)).resolves.toMatchObject({ status: 'expired' });
      await expect(gateway.expireCheckout(open.sessionId)).resolves.toBe('expired');

      const { sessionId: paid } = await subscribed();
      await expect(gateway.expireCheckout(paid)).resolves.toBe('complete');
      await expect(gateway.expireCheckout('cs_test_unknown')).resolves.toBe('expired');
    });
  });

  describe('retrieveSubscription', () => {
    it('maps the subscription, its period (from the item) and its first invoice', async () => {
      const { userId, customerId, subscriptionId, invoiceId } = await subscribed('starter');
      const stored = stripe.get<FakeSubscription>(subscriptionId);
      const item = stored.items.data[0];
      expect(item.current_period_end).toBeGreaterThan(item.current_period_start);

      const snapshot = await gateway.retrieveSubscription(subscriptionId);
      expect(snapshot).toEqual({
        subscriptionId,
        customerId,
        userId,
        tier: 'starter',
        status: 'active',
        amountCents: 1900,
        currency: 'usd',
        interval: 'month',
        currentPeriodStart: seconds(item.current_period_start),
        currentPeriodEnd: seconds(item.current_period_end),
        cancelAtPeriodEnd: false,
        endedAt: null,
        latestInvoice: expect.objectContaining({ invoiceId, status: 'paid', billingReason: 'subscription_create', amountPaid: 1900, tier: 'starter', userId }),
      });
      // The first invoice's own period_start/end are both its creation time: the line's period counts.
      expect(snapshot?.latestInvoice?.periodStart).toEqual(seconds(item.current_period_start));
      expect(snapshot?.latestInvoice?.periodEnd).toEqual(seconds(item.current_period_end));
      expect(stripe.requestsTo('GET', `/v1/subscriptions/${subscriptionId}`).at(-1)?.query).toEqual({ expand: ['latest_invoice'] });
    });

    it('takes the tier from the price when the metadata has none', async () => {
      const { subscriptionId } = await subscribed('creator');
      const raw = new Stripe(stripe.secretKey, { host: '127.0.0.1', port: stripe.settings.api.port, protocol: 'http' });
      await raw.subscriptions.update(subscriptionId, { metadata: { tier: '' } });
      expect(stripe.get<FakeSubscription>(subscriptionId).metadata).not.toHaveProperty('tier');
      await expect(gateway.retrieveSubscription(subscriptionId)).resolves.toMatchObject({ tier: 'creator', amountCents: 2900 });
    });

    it('reports an ended subscription', async () => {
      const { subscriptionId } = await subscribed();
      await stripe.endSubscription(subscriptionId);
      const snapshot = await gateway.retrieveSubscription(subscriptionId);
      expect(snapshot?.status).toBe('canceled');
      expect(snapshot?.endedAt).toEqual(seconds(stripe.get<FakeSubscription>(subscriptionId).ended_at!));
    });

    it('is null for a subscription Stripe does not know', async () => {
      await expect(gateway.retrieveSubscription('sub_unknown')).resolves.toBeNull();
    });
  });

  describe('switchPlan', () => {
    it('upgrades now: a new price on the same product, prorated and charged at once', async () => {
      const { userId, subscriptionId } = await subscribed('starter');
      const before = stripe.get<FakeSubscription>(subscriptionId).items.data[0];
      const plan = planOf('creator');

      const snapshot = await gateway.switchPlan({ subscriptionId, tier: 'creator', name: plan.name, amountCents: plan.priceCents, currency: 'usd', when: 'now' });

      const [update] = stripe.requestsTo('POST', `/v1/subscriptions/${subscriptionId}`);
      expect(update.body).toEqual({
        items: [{ id: before.id, price_data: { currency: 'usd', unit_amount: '2900', product: before.price.product, recurring: { interval: 'month' } } }],
        metadata: { userId, tier: 'creator' },
        proration_behavior: 'always_invoice',
        payment_behavior: 'error_if_incomplete',
        expand: ['latest_invoice'],
      });
      expect(snapshot).toMatchObject({ subscriptionId, tier: 'creator', amountCents: 2900, status: 'active' });
      expect(snapshot.latestInvoice).toMatchObject({ billingReason: 'subscription_update', status: 'paid', tier: 'creator' });
      // Proration: 2900 − 1900 for (almost) the whole month.
      expect(snapshot.latestInvoice!.amountPaid).toBeGreaterThan(900);
      expect(snapshot.latestInvoice!.amountPaid).toBeLessThanOrEqual(1000);
      const after = stripe.get<FakeSubscription>(subscriptionId).items.data[0];
      expect(after.price).toMatchObject({ unit_amount: 2900, product: before.price.product });
    });

    it('refuses a declined upgrade with Stripe’s message and changes nothing', async () => {
      const { subscriptionId } = await subscribed('starter');
      stripe.declineNextCharge();
      const plan = planOf('pro');
      const attempt = gateway.switchPlan({ subscriptionId, tier: 'pro', name: plan.name, amountCents: plan.priceCents, currency: 'usd', when: 'now' });
      await expect(attempt).rejects.toThrow(PaymentDeclinedError);
      await expect(attempt).rejects.toThrow('Your card was declined.');
      await expect(gateway.retrieveSubscription(subscriptionId)).resolves.toMatchObject({ tier: 'starter', amountCents: 1900, status: 'active' });
    });

    it('downgrades at the next renewal: no proration, the next invoice bills the new plan', async () => {
      const { subscriptionId } = await subscribed('pro');
      const invoicesBefore = stripe.events.filter((e) => e.type.startsWith('invoice.')).length;
      const plan = planOf('starter');

      const snapshot = await gateway.switchPlan({ subscriptionId, tier: 'starter', name: plan.name, amountCents: plan.priceCents, currency: 'usd', when: 'next_renewal' });

      const [update] = stripe.requestsTo('POST', `/v1/subscriptions/${subscriptionId}`);
      expect(update.body.proration_behavior).toBe('none');
      expect(update.body).not.toHaveProperty('payment_behavior');
      expect(snapshot).toMatchObject({ tier: 'starter', amountCents: 1900 });
      expect(stripe.events.filter((e) => e.type.startsWith('invoice.')).length).toBe(invoicesBefore);

      const renewal = await stripe.renewSubscription(subscriptionId);
      const paid = parsed(only(renewal, 'invoice.paid'));
      expect(paid).toMatchObject({ type: 'invoice.paid', invoice: { billingReason: 'subscription_cycle', amountPaid: 1900, tier: 'starter' } });
    });
  });

  describe('setCancelAtPeriodEnd', () => {
    it('sets and clears cancel at period end', async () => {
      const { subscriptionId } = await subscribed();
      await expect(gateway.setCancelAtPeriodEnd(subscriptionId, true)).resolves.toMatchObject({ subscriptionId, cancelAtPeriodEnd: true, status: 'active' });
      expect(stripe.requestsTo('POST', `/v1/subscriptions/${subscriptionId}`).at(-1)?.body).toMatchObject({ cancel_at_period_end: 'true' });
      await expect(gateway.setCancelAtPeriodEnd(subscriptionId, false)).resolves.toMatchObject({ cancelAtPeriodEnd: false });
      expect(stripe.get<FakeSubscription>(subscriptionId).cancel_at_period_end).toBe(false);
    });
  });

  describe('listCards', () => {
    it('lists the customer’s cards, newest first', async () => {
      const { userId, customerId } = await newCustomer();
      for (const [tier, card] of [
        ['starter', '4242424242424242'],
        ['creator', '5555555555554444'],
      ] as const) {
        const { sessionId } = await gateway.createCheckout(checkoutInput(userId, customerId, { tier }));
        await stripe.payCheckout(sessionId, { card });
      }
      const year = new Date().getUTCFullYear() + 3;
      await expect(gateway.listCards(customerId)).resolves.toEqual([
        { brand: 'mastercard', last4: '4444', expMonth: 12, expYear: year },
        { brand: 'visa', last4: '4242', expMonth: 12, expYear: year },
      ]);
      expect(stripe.requestsTo('GET', `/v1/customers/${customerId}/payment_methods`).at(-1)?.query).toEqual({ type: 'card', limit: '3' });
    });

    it('is empty for a customer without cards', async () => {
      const { customerId } = await newCustomer();
      await expect(gateway.listCards(customerId)).resolves.toEqual([]);
    });
  });

  describe('parseWebhook', () => {
    it('reduces a paid pack checkout, its refund and its dispute', async () => {
      const { userId, customerId } = await newCustomer();
      const { sessionId } = await gateway.createCheckout(checkoutInput(userId, customerId, { pack: 'pack7' }));
      const paid = await stripe.payCheckout(sessionId);
      const completed = only(paid.events, 'checkout.session.completed');
      expect(parsed(completed)).toEqual({ id: completed.id, type: 'checkout.session.completed', sessionId });

      const [refunded] = await stripe.refund(paid.paymentIntentId!);
      expect(parsed(refunded)).toEqual({ id: refunded.id, type: 'charge.refunded', paymentIntentId: paid.paymentIntentId, chargeId: paid.chargeId, amount: 500, amountRefunded: 500 });

      const [disputed] = await stripe.dispute(paid.paymentIntentId!);
      expect(parsed(disputed)).toEqual({ id: disputed.id, type: 'charge.dispute.created', paymentIntentId: paid.paymentIntentId, chargeId: paid.chargeId });
    });

    it('reduces an async payment success like a completed checkout', async () => {
      const { userId, customerId } = await newCustomer();
      const { sessionId } = await gateway.createCheckout(checkoutInput(userId, customerId, { pack: 'pack7' }));
      const event = await stripe.emitEvent('checkout.session.async_payment_succeeded', stripe.get<FakeCheckoutSession>(sessionId));
      expect(parsed(event)).toEqual({ id: event.id, type: 'checkout.session.async_payment_succeeded', sessionId });
    });

    it('reduces the first invoice to the period it pays for, and ignores subscription creation', async () => {
      const { userId, customerId, subscriptionId, invoiceId, events } = await subscribed('creator');
      const item = stripe.get<FakeSubscription>(subscriptionId).items.data[0];
      const invoice = stripe.get<FakeInvoice>(invoiceId);
      expect(invoice.period_end).toBe(invoice.period_start);

      const paid = only(events, 'invoice.paid');
      expect(parsed(paid)).toEqual({
        id: paid.id,
        type: 'invoice.paid',
        invoice: {
          invoiceId,
          customerId,
          subscriptionId,
          userId,
          tier: 'creator',
          billingReason: 'subscription_create',
          status: 'paid',
          amountPaid: 2900,
          amountDue: 2900,
          currency: 'usd',
          periodStart: seconds(item.current_period_start),
          periodEnd: seconds(item.current_period_end),
          hostedInvoiceUrl: invoice.hosted_invoice_url,
          created: seconds(invoice.created),
        },
      });
      const created = only(events, 'customer.subscription.created');
      expect(parsed(created)).toEqual({ id: created.id, type: 'ignored', originalType: 'customer.subscription.created' });
    });

    it('reduces a renewal: the next period, paid; then a failed one; then the end', async () => {
      const { subscriptionId } = await subscribed('starter');
      const first = stripe.get<FakeSubscription>(subscriptionId).items.data[0];

      const renewal = await stripe.renewSubscription(subscriptionId);
      const second = stripe.get<FakeSubscription>(subscriptionId).items.data[0];
      expect(second.current_period_start).toBe(first.current_period_end);
      expect(parsed(only(renewal, 'invoice.paid'))).toMatchObject({
        invoice: { billingReason: 'subscription_cycle', amountPaid: 1900, periodStart: seconds(second.current_period_start), periodEnd: seconds(second.current_period_end) },
      });
      const updated = only(renewal, 'customer.subscription.updated');
      expect(parsed(updated)).toEqual({ id: updated.id, type: 'customer.subscription.updated', subscriptionId });
      await expect(gateway.retrieveSubscription(subscriptionId)).resolves.toMatchObject({
        currentPeriodStart: seconds(second.current_period_start),
        currentPeriodEnd: seconds(second.current_period_end),
      });

      const failed = await stripe.renewSubscription(subscriptionId, { fail: true });
      expect(parsed(only(failed, 'invoice.payment_failed'))).toMatchObject({
        type: 'invoice.payment_failed',
        invoice: { status: 'open', amountPaid: 0, amountDue: 1900, billingReason: 'subscription_cycle', tier: 'starter' },
      });
      await expect(gateway.retrieveSubscription(subscriptionId)).resolves.toMatchObject({ status: 'past_due' });

      const [deleted] = await stripe.endSubscription(subscriptionId);
      expect(parsed(deleted)).toEqual({ id: deleted.id, type: 'customer.subscription.deleted', subscriptionId });

      // A subscription payment can be refunded too: the charge names its PaymentIntent.
      const paymentIntentId = stripe.paymentIntentOfInvoice((only(renewal, 'invoice.paid').data.object as FakeInvoice).id);
      expect(paymentIntentId).toMatch(/^pi_/);
      const [refunded] = await stripe.refund(paymentIntentId!);
      expect(parsed(refunded)).toMatchObject({ type: 'charge.refunded', paymentIntentId });
    });

    it('takes the tier from the line’s amount without metadata, and the invoice period without lines', async () => {
      const { invoiceId } = await subscribed('pro');
      const invoice = stripe.get<FakeInvoice>(invoiceId);
      invoice.parent!.subscription_details!.metadata = {};
      const byAmount = await stripe.emitEvent('invoice.paid', invoice);
      expect(parsed(byAmount)).toMatchObject({ invoice: { tier: 'pro', userId: null } });

      const bare = { ...invoice, lines: { ...invoice.lines, data: [] }, period_start: 1_700_000_000, period_end: 1_702_592_000 };
      const byInvoice = await stripe.emitEvent('invoice.payment_failed', bare);
      expect(parsed(byInvoice)).toMatchObject({ invoice: { tier: null, periodStart: seconds(1_700_000_000), periodEnd: seconds(1_702_592_000) } });
    });

    it('reads the subscription line, not a proration line, on an invoice that has both', async () => {
      const { subscriptionId } = await subscribed('starter');
      const item = stripe.get<FakeSubscription>(subscriptionId).items.data[0];
      // A price change with Stripe's default proration (create_prorations, not used by the adapter)
      // puts two proration lines before the renewal's own line on the next invoice.
      const raw = new Stripe(stripe.secretKey, { host: '127.0.0.1', port: stripe.settings.api.port, protocol: 'http' });
      await raw.subscriptions.update(subscriptionId, {
        items: [{ id: item.id, price_data: { currency: 'usd', unit_amount: 4900, product: item.price.product, recurring: { interval: 'month' } } }],
        metadata: { tier: '' },
      });
      const renewal = await stripe.renewSubscription(subscriptionId);
      const event = only(renewal, 'invoice.paid');
      const lines = (event.data.object as FakeInvoice).lines.data;
      expect(lines.map((l) => l.parent?.subscription_item_details?.proration)).toEqual([true, true, false]);
      const next = stripe.get<FakeSubscription>(subscriptionId).items.data[0];
      expect(parsed(event)).toMatchObject({ invoice: { tier: 'pro', periodStart: seconds(next.current_period_start), periodEnd: seconds(next.current_period_end) } });
    });

    it('acknowledges a type billing does not handle as ignored', async () => {
      const event = await stripe.emitEvent('payment_intent.succeeded', { id: 'pi_123', object: 'payment_intent' });
      expect(parsed(event)).toEqual({ id: event.id, type: 'ignored', originalType: 'payment_intent.succeeded' });
    });

    it('parses a redelivered event again, with the same id (the handler dedupes)', async () => {
      const event = await stripe.emitEvent('customer.subscription.updated', stripe.get<FakeSubscription>((await subscribed()).subscriptionId));
      await stripe.deliver(event, { times: 2 });
      const copies = receiver.received.filter((r) => r.event.id === event.id);
      expect(copies).toHaveLength(3);
      for (const copy of copies) expect(gateway.parseWebhook(copy.raw, copy.signature)).toMatchObject({ id: event.id, type: 'customer.subscription.updated' });
    });

    it('refuses a missing, wrong, stale or tampered signature', async () => {
      const event = await stripe.emitEvent('payment_intent.succeeded', { id: 'pi_456', object: 'payment_intent' });
      const { payload, signature } = stripe.signedDelivery(event);
      expect(gateway.parseWebhook(Buffer.from(payload), signature)).toMatchObject({ id: event.id });

      expect(() => gateway.parseWebhook(Buffer.from(payload), undefined)).toThrow(InvalidWebhookSignatureError);
      expect(() => gateway.parseWebhook(Buffer.from(payload), '')).toThrow(InvalidWebhookSignatureError);
      expect(() => gateway.parseWebhook(Buffer.from(payload), 'garbage')).toThrow(InvalidWebhookSignatureError);
      const otherSecret = stripe.signedDelivery(event, { secret: 'whsec_someoneelse' });
      expect(() => gateway.parseWebhook(Buffer.from(otherSecret.payload), otherSecret.signature)).toThrow(InvalidWebhookSignatureError);
      const stale = stripe.signedDelivery(event, { timestamp: Math.floor(Date.now() / 1000) - 600 });
      expect(() => gateway.parseWebhook(Buffer.from(stale.payload), stale.signature)).toThrow(InvalidWebhookSignatureError);
      const tampered = payload.replace('pi_456', 'pi_789');
      expect(() => gateway.parseWebhook(Buffer.from(tampered), signature)).toThrow(InvalidWebhookSignatureError);
      // Re-serialised JSON is other bytes: the controller must hand over the raw body.
      const reserialised = JSON.stringify(JSON.parse(payload));
      expect(() => gateway.parseWebhook(Buffer.from(reserialised), signature)).toThrow(InvalidWebhookSignatureError);
    });
  });

  describe('when Stripe is unavailable', () => {
    afterEach(() => stripe.setUnavailable(false));

    it('turns 503 answers (after the SDK’s one retry) into PaymentProviderUnavailableError', async () => {
      stripe.setUnavailable(true);
      const before = stripe.requests.length;
      await expect(gateway.retrieveSubscription('sub_any')).rejects.toThrow(PaymentProviderUnavailableError);
      expect(stripe.requests.slice(before).map((r) => r.status)).toEqual([503, 503]);
      await expect(gateway.ensureCustomer({ userId: randomUUID(), email: 'x@example.com', existingCustomerId: null })).rejects.toThrow(PaymentProviderUnavailableError);
    });

    it('turns dropped connections into PaymentProviderUnavailableError', async () => {
      const { userId, customerId } = await newCustomer();
      stripe.setUnavailable('drop');
      await expect(gateway.createCheckout(checkoutInput(userId, customerId, { pack: 'pack7' }))).rejects.toThrow(PaymentProviderUnavailableError);
      await expect(gateway.listCards(customerId)).rejects.toThrow(PaymentProviderUnavailableError);
    });

    it('never puts the secret key in its errors or logs', async () => {
      stripe.setUnavailable(true);
      const error = await gateway.retrieveCheckout('cs_test_any').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PaymentProviderUnavailableError);
      expect(JSON.stringify({ message: (error as Error).message, stack: (error as Error).stack })).not.toContain(stripe.secretKey);
      expect(warnings.length).toBeGreaterThan(0);
      for (const line of warnings) expect(line).not.toContain(stripe.secretKey);
    });
  });

  it('rethrows what is not an outage (a wrong key) as the SDK’s error', async () => {
    const wrongKey = `sk_test_wrong${randomUUID().replace(/-/g, '')}`;
    const misconfigured = new StripePaymentGateway({ ...stripe.settings, secretKey: wrongKey }, { warn: () => undefined });
    const error = await misconfigured.retrieveSubscription('sub_any').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(error).not.toBeInstanceOf(PaymentProviderUnavailableError);
    expect((error as Error).message).not.toContain(wrongKey);
  });

  describe('the fake itself', () => {
    it('refuses parameters Stripe would refuse', async () => {
      const raw = new Stripe(stripe.secretKey, { host: '127.0.0.1', port: stripe.settings.api.port, protocol: 'http', maxNetworkRetries: 0 });
      const { subscriptionId } = await subscribed();
      const item = stripe.get<FakeSubscription>(subscriptionId).items.data[0];
      const withProductData = {
        items: [{ id: item.id, price_data: { currency: 'usd', unit_amount: 100, product_data: { name: 'x' }, recurring: { interval: 'month' } } }],
      } as unknown as Stripe.SubscriptionUpdateParams;
      await expect(raw.subscriptions.update(subscriptionId, withProductData)).rejects.toMatchObject({ code: 'parameter_unknown', param: 'items[0][price_data][product_data]' });
      await expect(raw.customers.create({ emial: 'typo@example.com' } as Stripe.CustomerCreateParams)).rejects.toMatchObject({ code: 'parameter_unknown' });
    });

    it('holds events and releases them in the order a test asks for', async () => {
      const { userId, customerId } = await newCustomer();
      const { sessionId } = await gateway.createCheckout(checkoutInput(userId, customerId, { tier: 'starter' }));
      stripe.holdEvents();
      const paid = await stripe.payCheckout(sessionId);
      expect(paid.events.map((e) => e.type)).toEqual(['customer.subscription.created', 'invoice.paid', 'checkout.session.completed']);
      expect(receiver.received.filter((r) => paid.events.some((e) => e.id === r.event.id))).toEqual([]);
      expect(stripe.pendingEvents.map((e) => e.id)).toEqual(paid.events.map((e) => e.id));

      const deliveries = await stripe.releaseEvents({ order: (events) => [...events].reverse() });
      expect(deliveries.map((d) => [d.type, d.status])).toEqual([
        ['checkout.session.completed', 200],
        ['invoice.paid', 200],
        ['customer.subscription.created', 200],
      ]);
      expect(receiver.received.slice(-3).map((r) => r.event.type)).toEqual(['checkout.session.completed', 'invoice.paid', 'customer.subscription.created']);
      expect(stripe.pendingEvents).toEqual([]);
    });

    it('sends the events of an API call after answering it (idle waits for them)', async () => {
      const { subscriptionId } = await subscribed();
      await gateway.setCancelAtPeriodEnd(subscriptionId, true);
      await stripe.idle();
      const event = stripe.eventsOfType('customer.subscription.updated').at(-1)!;
      expect(event.data.previous_attributes).toMatchObject({ cancel_at_period_end: false });
      expect(receiver.of(event.id).event.data.object).toMatchObject({ id: subscriptionId, cancel_at_period_end: true });
      // At the period end a subscription set to cancel ends instead of renewing.
      const [deleted] = await stripe.renewSubscription(subscriptionId);
      expect(deleted.type).toBe('customer.subscription.deleted');
    });

    it('serves a payment page a browser can pay on, which returns to success_url', async () => {
      const { userId, customerId } = await newCustomer();
      const { sessionId, url } = await gateway.createCheckout(checkoutInput(userId, customerId, { pack: 'pack7' }));
      const page = await fetch(url);
      expect(await page.text()).toContain('Pay 5.00 USD');
      const pay = await fetch(url, { method: 'POST', body: new URLSearchParams({ card: '4242424242424242' }), redirect: 'manual' });
      expect(pay.status).toBe(303);
      expect(pay.headers.get('location')).toBe(`http://app.test/billing/success?session_id=${sessionId}`);
      await expect(gateway.retrieveCheckout(sessionId)).resolves.toMatchObject({ status: 'complete', paymentStatus: 'paid' });
    });
  });
});
