import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { CREDITS_API, type CreditsApi } from '../../src/modules/credits';
import { newAccount } from '../support/fixtures';
import { createTestApp, TestApp } from '../support/test-app';

/** Issue 9: CREDITS_API.transactions (paged ledger rows) and userStats, against a real PostgreSQL. */
describe('CREDITS_API transactions and userStats', () => {
  let t: TestApp;
  let credits: CreditsApi;
  let db: Client;

  beforeAll(async () => {
    t = await createTestApp();
    credits = t.app.get<CreditsApi>(CREDITS_API);
    db = new Client({ connectionString: t.db.url });
    await db.connect();
  });
  afterAll(async () => {
    await db.end();
    await t.close();
  });

  const newUser = (): Promise<string> => newAccount(db);

  /** Ledger rows a second apart, so "newest first" is unambiguous. */
  async function age(transactionId: string, secondsAgo: number): Promise<void> {
    await db.query(`UPDATE credit_transaction SET created_at = now() - make_interval(secs => $2) WHERE id = $1`, [transactionId, secondsAgo]);
  }

  it('lists a user\'s rows newest first with their public fields, a page at a time, with the total', async () => {
    const user = await newUser();
    const other = await newUser();
    const verification = await credits.grant({ userId: user, credits: 2, kind: 'watermarked', type: 'grant', sourceType: 'verification', description: 'Welcome', idempotencyKey: `t:${randomUUID()}` });
    await age(verification.transactionId, 30);
    const pack = await credits.grant({
      userId: user, credits: 10, kind: 'regular', type: 'purchase', sourceType: 'pack', description: '10 credits', idempotencyKey: `t:${randomUUID()}`,
      stripeTransactionId: 'pi_123', purchaseAmount: 999, currency: 'eur', packType: 'starter',
    });
    await age(pack.transactionId, 20);
    await credits.grant({ userId: other, credits: 5, kind: 'regular', type: 'purchase', sourceType: 'pack', description: 'other', idempotencyKey: `t:${randomUUID()}` });
    const reservation = await credits.reserve({ userId: user, idempotencyKey: `gen:${randomUUID()}` });
    await credits.capture(reservation.id);

    const all = await credits.transactions({ userId: user, limit: 10, offset: 0 });
    expect(all.total).toBe(3);
    expect(all.items.map((r) => r.type)).toEqual(['use', 'purchase', 'grant']);
    expect(all.items[1]).toEqual({
      id: pack.transactionId,
      userId: user,
      type: 'purchase',
      kind: 'regular',
      credits: 10,
      description: '10 credits',
      sourceType: 'pack',
      expiresAt: null,
      stripeTransactionId: 'pi_123',
      purchaseAmount: 999,
      currency: 'EUR',
      packType: 'starter',
      imageId: null,
      createdBy: null,
      createdAt: expect.any(Date),
    });
    expect(all.items[0]).toMatchObject({ type: 'use', credits: -1, sourceType: 'generation', kind: 'regular' });
    expect(all.items[0]).not.toHaveProperty('idempotencyKey');
    expect(all.items[0]).not.toHaveProperty('groupId');

    const page2 = await credits.transactions({ userId: user, limit: 2, offset: 2 });
    expect(page2).toEqual({ items: [expect.objectContaining({ id: verification.transactionId })], total: 3, limit: 2, offset: 2 });
    expect(await credits.transactions({ userId: user, limit: 2, offset: 10 })).toEqual({ items: [], total: 3, limit: 2, offset: 10 });

    const packs = await credits.transactions({ sourceType: 'pack', limit: 100, offset: 0 });
    expect(packs.items.every((r) => r.sourceType === 'pack')).toBe(true);
    expect(packs.items.map((r) => r.userId)).toEqual(expect.arrayContaining([user, other]));
    const userPacks = await credits.transactions({ userId: user, sourceType: 'pack', limit: 100, offset: 0 });
    expect(userPacks).toEqual({ items: [expect.objectContaining({ id: pack.transactionId })], total: 1, limit: 100, offset: 0 });
    // Without a page: the first 50 (D32).
    expect(await credits.transactions({ userId: user })).toMatchObject({ total: 3, limit: 50, offset: 0 });
  });

  it('refuses a malformed page', async () => {
    await expect(credits.transactions({ limit: 0, offset: 0 })).rejects.toMatchObject({ code: 'VALIDATION.FAILED' });
    await expect(credits.transactions({ limit: 201, offset: 0 })).rejects.toMatchObject({ code: 'VALIDATION.FAILED' });
    await expect(credits.transactions({ limit: 10, offset: -1 })).rejects.toMatchObject({ code: 'VALIDATION.FAILED' });
    await expect(credits.transactions({ userId: 'nope', limit: 10, offset: 0 })).rejects.toMatchObject({ code: 'VALIDATION.FAILED' });
  });

  it('sums what a user bought and used beside the balance', async () => {
    const user = await newUser();
    expect(await credits.userStats(user)).toEqual({ balance: 0, regular: 0, watermarked: 0, totalPurchased: 0, totalUsed: 0 });
    await credits.grant({ userId: user, credits: 2, kind: 'watermarked', type: 'grant', sourceType: 'verification', description: 'free', idempotencyKey: `t:${randomUUID()}` });
    await credits.grant({ userId: user, credits: 10, kind: 'regular', type: 'purchase', sourceType: 'pack', description: 'pack', idempotencyKey: `t:${randomUUID()}` });
    await credits.grant({ userId: user, credits: 50, kind: 'regular', type: 'subscription', sourceType: 'subscription', description: 'plan', idempotencyKey: `t:${randomUUID()}`, expiresAt: new Date(Date.now() + 86_400_000) });
    for (let i = 0; i < 3; i += 1) {
      const r = await credits.reserve({ userId: user, idempotencyKey: `gen:${randomUUID()}` });
      await credits.capture(r.id);
    }
    const released = await credits.reserve({ userId: user, idempotencyKey: `gen:${randomUUID()}` });
    await credits.release(released.id);
    await credits.reserve({ userId: user, idempotencyKey: `gen:${randomUUID()}` }); // still held: not used yet

    expect(await credits.userStats(user)).toEqual({ balance: 62 - 3 - 1, regular: 60 - 3 - 1, watermarked: 2, totalPurchased: 60, totalUsed: 3 });
  });
});
