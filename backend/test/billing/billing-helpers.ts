import request from 'supertest';
import { CREDITS_API, type CreditsApi } from '../../src/modules/credits';
import { createGenerationApp, signedInUser, sql, type TestUser } from '../generation/generation-helpers';
import { type FakeStripe, startFakeStripe } from '../support/fake-stripe';
import type { TestApp, TestAppOptions } from '../support/test-app';

export { signedInUser, sql };
export type { TestUser };

/** A whole app for billing tests (many sign-ups from one IP are fine here). */
export function createBillingApp(options: TestAppOptions = {}): Promise<TestApp> {
  return createGenerationApp(options);
}

/**
 * A whole app paying through the real Stripe SDK against the fake Stripe server, which signs and
 * posts its events to the app's webhook.
 */
export async function createStripeBillingApp(): Promise<{ t: TestApp; stripe: FakeStripe }> {
  const stripe = await startFakeStripe();
  const t = await createBillingApp({ env: stripe.env, listen: true });
  stripe.webhookUrl = `${t.baseUrl}/api/webhooks/stripe`;
  return { t, stripe };
}

/** After each Stripe test: Stripe reachable again, the events it held sent, every delivery done. */
export async function settleStripe(stripe: FakeStripe): Promise<void> {
  stripe.setUnavailable(false);
  await stripe.releaseEvents();
  await stripe.idle();
}

/** Opens a Stripe checkout (a pack or a plan) as the user; the Checkout Session's id. */
export async function openStripeCheckout(t: TestApp, user: TestUser, body: { pack: string } | { tier: string }): Promise<string> {
  const path = 'pack' in body ? '/api/purchase-credits' : '/api/create-subscription';
  const res = await user.agent.post(path).send(body).expect(200);
  const [row] = await sql<{ id: string }>(t, `SELECT id FROM billing_checkout_session WHERE url = $1`, [res.body.checkoutUrl]);
  expect(row.id).toMatch(/^cs_test_/);
  return row.id;
}

/** The id of the user's subscription that has not ended (throws when there is none). */
export async function liveSubscriptionId(t: TestApp, userId: string): Promise<string> {
  const [row] = await sql<{ id: string }>(t, `SELECT id FROM billing_subscription WHERE user_id = $1 AND ended_at IS NULL`, [userId]);
  if (!row) throw new Error(`user ${userId} has no running subscription`);
  return row.id;
}

export interface UserRow {
  subscription_tier: string;
  is_subscribed: boolean;
  subscription_status: string;
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
}

export async function userRow(t: TestApp, userId: string): Promise<UserRow> {
  const [row] = await sql<UserRow>(
    t,
    `SELECT subscription_tier, is_subscribed, subscription_status, stripe_customer_id, stripe_subscription_id FROM "user" WHERE id = $1`,
    [userId],
  );
  return row;
}

export function balance(t: TestApp, userId: string) {
  return t.app.get<CreditsApi>(CREDITS_API).balance(userId);
}

export interface LedgerRow {
  type: string;
  credit_kind: string;
  credits: number;
  source_type: string | null;
  pack_type: string | null;
  purchase_amount: number | null;
  currency: string;
  stripe_transaction_id: string | null;
  idempotency_key: string | null;
  expires_at: Date | null;
  description: string | null;
}

/** The user's ledger rows other than generations, oldest first. */
export function ledger(t: TestApp, userId: string): Promise<LedgerRow[]> {
  return sql<LedgerRow>(
    t,
    `SELECT type, credit_kind, credits, source_type, pack_type, purchase_amount, currency, stripe_transaction_id, idempotency_key, expires_at, description
       FROM credit_transaction WHERE user_id = $1 AND type <> 'use' AND source_type IS DISTINCT FROM 'test' ORDER BY created_at, id`,
    [userId],
  );
}

export const SUCCESS_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', cardholderName: 'Ann Test' };
export const DECLINE_CARD = { ...SUCCESS_CARD, cardNumber: '4000 0000 0000 0002' };

/** The session id in a checkoutUrl of the local test checkout (`/checkout/local/{id}`). */
export function localSessionId(checkoutUrl: string): string {
  const match = /^\/checkout\/local\/(lcs_[0-9a-f]+)$/.exec(checkoutUrl);
  if (!match) throw new Error(`not a local checkout URL: ${checkoutUrl}`);
  return match[1];
}

/** Opens and pays a local checkout; answers the session id. */
export async function buyLocally(user: TestUser, body: { pack: string } | { tier: string }): Promise<string> {
  const path = 'pack' in body ? '/api/purchase-credits' : '/api/create-subscription';
  const opened = await user.agent.post(path).send(body).expect(200);
  const id = localSessionId(opened.body.checkoutUrl as string);
  await user.agent.post(`/api/local-checkout/sessions/${id}/pay`).send(SUCCESS_CARD).expect(200);
  return id;
}

export function anonymous(t: TestApp) {
  return request(t.http);
}

/**
 * Issue 24: what must hold after any money path, whatever the order or number of calls: no group
 * of credits below 0, no purchase or invoice granted twice, no purchase refunded above what it
 * granted.
 */
export async function expectLedgerInvariants(t: TestApp, userId: string): Promise<void> {
  const negative = await sql(t, `SELECT group_id, sum(credits)::int AS left FROM credit_transaction WHERE user_id = $1 GROUP BY group_id HAVING sum(credits) < 0`, [userId]);
  expect(negative).toEqual([]);
  const doubled = await sql(
    t,
    `SELECT stripe_transaction_id, count(*)::int AS n FROM credit_transaction
      WHERE user_id = $1 AND credits > 0 AND type IN ('purchase', 'subscription') GROUP BY stripe_transaction_id HAVING count(*) > 1`,
    [userId],
  );
  expect(doubled).toEqual([]);
  const overRefunded = await sql(
    t,
    `SELECT g.id, g.credits, -sum(r.credits)::int AS refunded FROM credit_transaction g
       JOIN credit_transaction r ON r.group_id = g.id AND r.type = 'refund'
      WHERE g.user_id = $1 AND g.credits > 0 GROUP BY g.id, g.credits HAVING -sum(r.credits) > g.credits`,
    [userId],
  );
  expect(overRefunded).toEqual([]);
}
