import { Client } from 'pg';
import { BillingRepository } from '../../src/modules/billing/adapters/typeorm/billing.repository';
import type { TestApp } from '../support/test-app';
import { balance, createBillingApp, expectLedgerInvariants, localSessionId, signedInUser } from './billing-helpers';

/**
 * Issue 24: a wait for an account's lock is bounded by DB_LOCK_TIMEOUT_MS (here 200 ms). What
 * runs out of time is told the server is busy and may retry: a 503, never a 500, with nothing
 * half-written.
 */
describe('a lock held elsewhere for longer than DB_LOCK_TIMEOUT_MS', () => {
  let short: TestApp;
  beforeAll(async () => {
    short = await createBillingApp({ env: { DB_LOCK_TIMEOUT_MS: '200' } });
  });
  afterAll(() => short.close());

  it('is answered 503 DATABASE.BUSY (try again), never 500, and the retry after it is released grants once', async () => {
    const user = await signedInUser(short);
    const id = localSessionId((await user.agent.post('/api/purchase-credits').send({ pack: 'pack1' }).expect(200)).body.checkoutUrl);
    expect(await short.app.get(BillingRepository).claimLocalCheckout(id, null, { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 })).toBe(true);
    const holder = new Client({ connectionString: short.db.url });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query(`SELECT pg_advisory_xact_lock(hashtextextended('billing:user:' || $1, 0))`, [user.id]);
      const busy = await user.agent.post(`/api/checkout/sessions/${id}/confirm`).expect(503);
      expect(busy.body).toMatchObject({ code: 'DATABASE.BUSY', message: 'The server is busy right now. Please try again in a moment.' });
      await holder.query('COMMIT');
    } finally {
      await holder.end();
    }
    const done = await user.agent.post(`/api/checkout/sessions/${id}/confirm`).expect(200);
    expect(done.body).toMatchObject({ fulfilled: true });
    expect((await balance(short, user.id)).regular).toBe(1);
    await expectLedgerInvariants(short, user.id);
  });
});
