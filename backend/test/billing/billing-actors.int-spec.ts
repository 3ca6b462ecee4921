import request from 'supertest';
import { IDENTITY_API, type IdentityApi } from '../../src/modules/identity';
import type { TestApp } from '../support/test-app';
import { balance, buyLocally, createBillingApp, localSessionId, sql, SUCCESS_CARD, type TestUser } from './billing-helpers';
import { newUser } from '../support/fixtures';

/**
 * Every billing endpoint as each actor (001 §6-§7, D21, D22, D27, D30): anonymous, the owner of
 * the checkout / subscription / invoice, another signed-in user, a suspended user (whose session
 * stops at once), and an admin, who is a user like any other here (admins act on other accounts
 * only through /api/admin). Plus bad input for each. Nothing may change for a refused actor.
 */
const ADMIN_EMAIL = 'billing-boss@example.com';

describe('billing endpoints as each actor', () => {
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let admin: TestUser;
  let suspended: TestUser;
  /** The owner's paid pack checkout, open pack checkout, subscription invoice. */
  let paidPack: string;
  let openPack: string;
  let invoiceUrl: string;
  /** An open checkout of the suspended user, opened before the suspension. */
  let suspendedOpen: string;

  beforeAll(async () => {
    t = await createBillingApp({ env: { ADMIN_EMAILS: ADMIN_EMAIL } });
    [owner, other, admin, suspended] = await Promise.all([newUser(t), newUser(t), newUser(t, { admin: true }), newUser(t)]);
    expect((await admin.agent.get('/api/user').expect(200)).body.isAdmin).toBe(true);

    paidPack = await buyLocally(owner, { pack: 'pack7' });
    await buyLocally(owner, { tier: 'starter' });
    openPack = localSessionId((await owner.agent.post('/api/purchase-credits').send({ pack: 'pack1' }).expect(200)).body.checkoutUrl);
    invoiceUrl = (await owner.agent.get('/api/user/billing').expect(200)).body.invoices[0].hostedInvoiceUrl;

    suspendedOpen = localSessionId((await suspended.agent.post('/api/purchase-credits').send({ pack: 'pack7' }).expect(200)).body.checkoutUrl);
    await t.app.get<IdentityApi>(IDENTITY_API).suspend(suspended.id);
  });
  afterAll(() => t.close());

  const anonymous = () => request(t.http);
  /** The actors that are refused whatever they ask: signed out, and suspended (D21). */
  const refused = () => [
    { name: 'anonymous', agent: anonymous() },
    { name: 'suspended', agent: suspended.agent },
  ];
  /** Signed in, but not the owner: someone else's checkout or invoice is not found. */
  const strangers = () => [
    { name: 'another user', agent: other.agent },
    { name: 'admin', agent: admin.agent },
  ];

  it('GET /api/billing/catalogue: the same public answer for everyone; a query changes nothing', async () => {
    const answers = await Promise.all([anonymous(), owner.agent, other.agent, admin.agent, suspended.agent].map((a) => a.get('/api/billing/catalogue?plan=x').expect(200)));
    for (const a of answers) expect(a.body).toEqual(answers[0].body);
    expect(answers[0].body.plans).toHaveLength(3);
  });

  it.each([
    ['/api/purchase-credits', { pack: 'pack7' }, { pack: 'pack99' }],
    ['/api/create-subscription', { tier: 'creator' }, { tier: 'free' }],
  ])('POST %s: 401 for anonymous and suspended, opens for signed-in users and admins, 400 on bad input', async (path, good, bad) => {
    const before = await sql<{ n: number }>(t, `SELECT count(*)::int AS n FROM billing_checkout_session`);
    for (const { name, agent } of refused()) {
      const res = await agent.post(path).send(good);
      expect([name, res.status, res.body.code]).toEqual([name, 401, 'AUTH.REQUIRED']);
    }
    expect(await sql(t, `SELECT count(*)::int AS n FROM billing_checkout_session`)).toEqual(before);

    for (const agent of [other.agent, admin.agent]) {
      expect((await agent.post(path).send(good).expect(200)).body.checkoutUrl).toMatch(/^\/checkout\/local\/lcs_/);
      for (const body of [bad, {}, { ...good, extra: true }, { [Object.keys(good)[0]]: ['pack7'] }, 'pack7']) {
        expect((await agent.post(path).send(body as object).expect(400)).body.code).toBe('VALIDATION.FAILED');
      }
    }
  });

  it('checkout status and confirm: the owner only; others 404; anonymous and suspended 401; unknown or malformed ids 404', async () => {
    for (const verb of ['get', 'post'] as const) {
      const url = (id: string) => (verb === 'get' ? `/api/checkout/sessions/${id}` : `/api/checkout/sessions/${id}/confirm`);
      const mine = await owner.agent[verb](url(paidPack)).expect(200);
      expect(mine.body).toMatchObject({ sessionId: paidPack, fulfilled: true, item: { kind: 'pack', pack: 'pack7', name: '7 credits', credits: 7 } });
      for (const { agent } of strangers()) expect((await agent[verb](url(paidPack)).expect(404)).body.code).toBe('BILLING.CHECKOUT_NOT_FOUND');
      for (const { agent } of refused()) await agent[verb](url(paidPack)).expect(401);
      await suspended.agent[verb](url(suspendedOpen)).expect(401); // even their own
      for (const bad of ['cs_unknown', 'x'.repeat(300), "1' OR '1'='1"]) await owner.agent[verb](url(encodeURIComponent(bad))).expect(404);
    }
    // The stranger's confirm of an open checkout did not fulfil or change it.
    expect((await owner.agent.get(`/api/checkout/sessions/${openPack}`).expect(200)).body).toMatchObject({ status: 'open', fulfilled: false });
  });

  it('GET /api/user/billing: each signed-in user sees only their own; anonymous and suspended 401', async () => {
    const mine = await owner.agent.get('/api/user/billing?userId=' + other.id).expect(200);
    expect(mine.body).toMatchObject({ subscription: { tier: 'starter' }, totalCredits: 7, purchaseCount: 1 });
    for (const { agent } of strangers()) {
      expect((await agent.get('/api/user/billing').expect(200)).body).toMatchObject({ subscription: null, totalCredits: 0, invoices: [] });
    }
    for (const { agent } of refused()) await agent.get('/api/user/billing').expect(401);
  });

  it('cancel and resume: only one’s own subscription; strangers have none (404); refused 401; bad input 400', async () => {
    for (const { agent } of refused()) {
      await agent.post('/api/user/cancel-subscription').send({ confirmEmail: owner.email, confirmCancel: true }).expect(401);
      await agent.post('/api/user/resume-subscription').expect(401);
    }
    // Another user (or an admin) typing the owner's e-mail cancels nothing: it is not their e-mail.
    for (const { agent } of strangers()) {
      await agent.post('/api/user/cancel-subscription').send({ confirmEmail: owner.email, confirmCancel: true }).expect(400);
      expect((await agent.post('/api/user/resume-subscription').expect(404)).body.code).toBe('BILLING.NO_SUBSCRIPTION');
    }
    for (const body of [{}, { confirmEmail: owner.email }, { confirmEmail: owner.email, confirmCancel: 'true' }, { confirmEmail: 42, confirmCancel: true }, { confirmEmail: owner.email, confirmCancel: true, extra: 1 }]) {
      await owner.agent.post('/api/user/cancel-subscription').send(body).expect(400);
    }
    expect((await owner.agent.get('/api/user/billing')).body.subscription.cancelAtPeriodEnd).toBe(false);
    await owner.agent.post('/api/user/cancel-subscription').send({ confirmEmail: owner.email, confirmCancel: true }).expect(200);
    const resumed = await owner.agent.post('/api/user/resume-subscription').expect(200);
    expect(resumed.body.subscription.cancelAtPeriodEnd).toBe(false);
  });

  it('the local checkout page’s session: the owner only; bad card input 400 without paying', async () => {
    const base = `/api/local-checkout/sessions/${openPack}`;
    expect((await owner.agent.get(base).expect(200)).body).toMatchObject({ status: 'open', email: owner.email, item: { pack: 'pack1' } });
    for (const { agent } of strangers()) {
      await agent.get(base).expect(404);
      await agent.post(`${base}/pay`).send(SUCCESS_CARD).expect(404);
      await agent.post(`${base}/cancel`).expect(404);
    }
    for (const { agent } of refused()) {
      await agent.get(base).expect(401);
      await agent.post(`${base}/pay`).send(SUCCESS_CARD).expect(401);
      await agent.post(`${base}/cancel`).expect(401);
    }
    await suspended.agent.post(`/api/local-checkout/sessions/${suspendedOpen}/pay`).send(SUCCESS_CARD).expect(401);
    expect((await balance(t, suspended.id)).balance).toBe(0);
    for (const body of [{}, { ...SUCCESS_CARD, cardNumber: '4'.repeat(31) }, { ...SUCCESS_CARD, cvc: 123 }, { ...SUCCESS_CARD, expiry: '12/2034/1' }, { ...SUCCESS_CARD, extra: 1 }]) {
      await owner.agent.post(`${base}/pay`).send(body).expect(400);
    }
    await owner.agent.get('/api/local-checkout/sessions/lcs_unknown').expect(404);
    expect((await owner.agent.get(base).expect(200)).body.status).toBe('open');
    expect((await balance(t, owner.id)).regular).toBe(7 + 45);
  });

  it('a local invoice receipt: the owner only', async () => {
    const receipt = await owner.agent.get(invoiceUrl).expect(200);
    expect(receipt.headers['content-type']).toMatch(/^text\/html/);
    for (const { agent } of strangers()) await agent.get(invoiceUrl).expect(404);
    for (const { agent } of refused()) await agent.get(invoiceUrl).expect(401);
    await owner.agent.get('/api/local-checkout/invoices/lin_unknown').expect(404);
    await owner.agent.get(`/api/local-checkout/invoices/${'x'.repeat(300)}`).expect(404);
  });

  it('POST /api/webhooks/stripe: no actor gets in without Stripe’s signature; nothing is recorded', async () => {
    const event = JSON.stringify({ id: 'evt_actor', type: 'checkout.session.completed', data: { object: { id: openPack } } });
    for (const agent of [anonymous(), owner.agent, admin.agent, suspended.agent]) {
      await agent.post('/api/webhooks/stripe').set('Content-Type', 'application/json').send(event).expect(400);
      await agent.post('/api/webhooks/stripe').set('Stripe-Signature', 't=1,v1=00').send(event).expect(400);
    }
    await anonymous().post('/api/webhooks/stripe').send('').expect(400);
    expect(await sql(t, `SELECT 1 FROM processed_payment_event`)).toHaveLength(0);
    expect((await owner.agent.get(`/api/checkout/sessions/${openPack}`)).body.fulfilled).toBe(false);
  });
});
