import { SchedulerRegistry } from '@nestjs/schedule';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { ReleaseStaleReservationsJob } from '../../src/modules/credits/application/release-stale-reservations.job';
import { CREDITS_API, type CreditsApi } from '../../src/modules/credits';
import { DomainError } from '../../src/shared/errors/domain-error';
import { newAccount } from '../support/fixtures';
import { heardEverything } from '../support/hot-cache-barrier';
import { createTestApp, TestApp } from '../support/test-app';

/** The credits ledger through CREDITS_API, against a real PostgreSQL (D2-D5, ADR 0007). */
describe('credits ledger (CREDITS_API)', () => {
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

  function grant(userId: string, credits_: number, kind: 'regular' | 'watermarked', extra: { expiresAt?: Date | null; key?: string; type?: 'grant' | 'purchase' | 'subscription' | 'refund' } = {}) {
    return credits.grant({
      userId,
      credits: credits_,
      kind,
      type: extra.type ?? 'purchase',
      sourceType: extra.type === 'subscription' ? 'subscription' : 'pack',
      description: `${credits_} ${kind}`,
      idempotencyKey: extra.key ?? `test:${randomUUID()}`,
      expiresAt: extra.expiresAt ?? null,
    });
  }

  async function rejection(p: Promise<unknown>): Promise<DomainError> {
    try {
      await p;
    } catch (e) {
      return e as DomainError;
    }
    throw new Error('expected a rejection');
  }

  const reserveKey = () => `gen:${randomUUID()}`;

  it('starts every user at 0 and sums grants per kind', async () => {
    const user = await newUser();
    expect(await credits.balance(user)).toEqual({ balance: 0, regular: 0, watermarked: 0 });
    await grant(user, 2, 'watermarked', { type: 'grant' });
    await grant(user, 7, 'regular');
    expect(await credits.balance(user)).toEqual({ balance: 9, regular: 7, watermarked: 2 });
  });

  it('lets exactly 3 of 100 concurrent reservations through a balance of 3, never going below 0 (D4)', async () => {
    const user = await newUser();
    await grant(user, 3, 'regular');
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, () => credits.reserve({ userId: user, idempotencyKey: reserveKey() })),
    );
    const won = results.filter((r): r is PromiseFulfilledResult<{ id: string; kind: 'regular' | 'watermarked' }> => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(3);
    expect(lost).toHaveLength(97);
    for (const r of lost) {
      expect(r.reason).toBeInstanceOf(DomainError);
      expect(r.reason).toMatchObject({ kind: 'payment_required', code: 'CREDITS.INSUFFICIENT', message: 'Insufficient credits' });
    }
    expect(await credits.balance(user)).toEqual({ balance: 0, regular: 0, watermarked: 0 });
    const active = await db.query(`SELECT count(*)::int AS n FROM credit_reservation WHERE user_id = $1 AND status = 'active'`, [user]);
    expect(active.rows[0].n).toBe(3);

    // Capture 1, release 2: one credit spent, two back.
    await credits.capture(won[0].value.id);
    await credits.release(won[1].value.id);
    await credits.release(won[2].value.id);
    expect(await credits.balance(user)).toEqual({ balance: 2, regular: 2, watermarked: 0 });
    const uses = await db.query(`SELECT credits, type FROM credit_transaction WHERE user_id = $1 AND type = 'use'`, [user]);
    expect(uses.rows).toEqual([{ credits: -1, type: 'use' }]);
  });

  it('applies a replayed grant once, also when 20 arrive at the same moment (D5)', async () => {
    const user = await newUser();
    const first = await grant(user, 2, 'watermarked', { key: `verify:${user}`, type: 'grant' });
    expect(first.applied).toBe(true);
    const again = await grant(user, 2, 'watermarked', { key: `verify:${user}`, type: 'grant' });
    expect(again).toEqual({ transactionId: first.transactionId, applied: false, credits: 2 });
    expect(await credits.balance(user)).toEqual({ balance: 2, regular: 0, watermarked: 2 });

    const key = `stripe:evt_${randomUUID()}`;
    const burst = await Promise.all(Array.from({ length: 20 }, () => grant(user, 7, 'regular', { key })));
    expect(burst.filter((r) => r.applied)).toHaveLength(1);
    expect(new Set(burst.map((r) => r.transactionId)).size).toBe(1);
    const rows = await db.query(`SELECT count(*)::int AS n FROM credit_transaction WHERE idempotency_key = $1`, [key]);
    expect(rows.rows[0].n).toBe(1);
    expect(await credits.balance(user)).toEqual({ balance: 9, regular: 7, watermarked: 2 });
  });

  it('reserves once for a retried request with the same key (D5)', async () => {
    const user = await newUser();
    await grant(user, 1, 'regular');
    const key = reserveKey();
    const first = await credits.reserve({ userId: user, idempotencyKey: key });
    // The retry succeeds although the balance is now 0: it is the same reservation.
    const retried = await credits.reserve({ userId: user, idempotencyKey: key });
    expect(retried).toEqual(first);
    const concurrent = await Promise.all(Array.from({ length: 10 }, () => credits.reserve({ userId: user, idempotencyKey: key })));
    expect(concurrent.every((r) => r.id === first.id)).toBe(true);
    const rows = await db.query(`SELECT count(*)::int AS n FROM credit_reservation WHERE user_id = $1`, [user]);
    expect(rows.rows[0].n).toBe(1);
    expect((await credits.balance(user)).balance).toBe(0);
  });

  it('makes capture idempotent and never releases a captured reservation (D4)', async () => {
    const user = await newUser();
    await grant(user, 2, 'regular');
    const r = await credits.reserve({ userId: user, idempotencyKey: reserveKey() });
    await credits.capture(r.id);
    await credits.capture(r.id);
    await credits.release(r.id);
    expect(await credits.balance(user)).toEqual({ balance: 1, regular: 1, watermarked: 0 });
    const uses = await db.query(`SELECT credits, idempotency_key FROM credit_transaction WHERE user_id = $1 AND type = 'use'`, [user]);
    expect(uses.rows).toEqual([{ credits: -1, idempotency_key: `use:${r.id}` }]);
    const status = await db.query(`SELECT status FROM credit_reservation WHERE id = $1`, [r.id]);
    expect(status.rows[0].status).toBe('captured');

    // A released one gives its credit back once, and cannot be captured afterwards.
    const r2 = await credits.reserve({ userId: user, idempotencyKey: reserveKey() });
    await credits.release(r2.id);
    await credits.release(r2.id);
    expect((await credits.balance(user)).balance).toBe(1);
    expect(await rejection(credits.capture(r2.id))).toMatchObject({ kind: 'conflict', code: 'CREDITS.RESERVATION_RELEASED' });
    expect((await credits.balance(user)).balance).toBe(1);
    expect(await rejection(credits.capture(randomUUID()))).toMatchObject({ kind: 'not_found' });
  });

  it('spends regular credits before watermarked ones and reports which kind paid (D2)', async () => {
    const user = await newUser();
    await grant(user, 2, 'watermarked', { type: 'grant' });
    await grant(user, 1, 'regular');
    const first = await credits.reserve({ userId: user, idempotencyKey: reserveKey() });
    expect(first.kind).toBe('regular');
    await credits.capture(first.id);
    expect(await credits.balance(user)).toEqual({ balance: 2, regular: 0, watermarked: 2 });
    const second = await credits.reserve({ userId: user, idempotencyKey: reserveKey() });
    expect(second.kind).toBe('watermarked');
    await credits.capture(second.id);
    expect(await credits.balance(user)).toEqual({ balance: 1, regular: 0, watermarked: 1 });
  });

  it('spends the soonest-expiring regular credits first, never-expiring ones last (D2, D3)', async () => {
    const user = await newUser();
    const pack = await grant(user, 1, 'regular'); // never expires
    const soon = new Date(Date.now() + 3 * 24 * 3600 * 1000);
    const later = new Date(Date.now() + 30 * 24 * 3600 * 1000);
    const laterSub = await grant(user, 1, 'regular', { type: 'subscription', expiresAt: later });
    const soonSub = await grant(user, 1, 'regular', { type: 'subscription', expiresAt: soon });
    const order: string[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await credits.reserve({ userId: user, idempotencyKey: reserveKey() });
      const row = await db.query(`SELECT group_id FROM credit_reservation WHERE id = $1`, [r.id]);
      order.push(row.rows[0].group_id);
    }
    expect(order).toEqual([soonSub.transactionId, laterSub.transactionId, pack.transactionId]);
  });

  it('drops an expired subscription grant together with its uses, keeping the rest of the balance right (D3)', async () => {
    const user = await newUser();
    await grant(user, 2, 'regular'); // a pack: never expires
    const sub = await grant(user, 3, 'regular', { type: 'subscription', expiresAt: new Date(Date.now() + 24 * 3600 * 1000) });
    // One generation is paid from the subscription (soonest-expiring first).
    const r = await credits.reserve({ userId: user, idempotencyKey: reserveKey() });
    await credits.capture(r.id);
    // One more is in flight on it.
    await credits.reserve({ userId: user, idempotencyKey: reserveKey() });
    expect(await credits.balance(user)).toEqual({ balance: 3, regular: 3, watermarked: 0 });

    // The period ends: the grant and the rows drawn from it (same group) expire.
    await db.query(`UPDATE credit_transaction SET expires_at = now() - interval '1 second' WHERE group_id = $1`, [sub.transactionId]);
    await db.query(`UPDATE credit_reservation SET expires_at = now() - interval '1 second' WHERE group_id = $1`, [sub.transactionId]);
    await heardEverything(t, db); // written behind the ledger's back: its cached balance goes with the NOTIFY
    expect(await credits.balance(user)).toEqual({ balance: 2, regular: 2, watermarked: 0 });
    // And the next generation is paid from the pack.
    const next = await credits.reserve({ userId: user, idempotencyKey: reserveKey() });
    expect(next.kind).toBe('regular');
    expect(await credits.balance(user)).toEqual({ balance: 1, regular: 1, watermarked: 0 });
  });

  it('releases stale reservations in the recovery job and leaves fresh ones (D4)', async () => {
    const user = await newUser();
    await grant(user, 2, 'regular');
    const stale = await credits.reserve({ userId: user, idempotencyKey: reserveKey() });
    const fresh = await credits.reserve({ userId: user, idempotencyKey: reserveKey() });
    const minutes = t.config.credits.reservationStaleMinutes;
    await db.query(`UPDATE credit_reservation SET created_at = now() - make_interval(mins => $2::int + 1) WHERE id = $1`, [stale.id, minutes]);
    expect((await credits.balance(user)).balance).toBe(0);

    const released = await t.app.get(ReleaseStaleReservationsJob).execute();
    expect(released).toContain(stale.id);
    expect(released).not.toContain(fresh.id);
    const rows = await db.query(`SELECT id, status FROM credit_reservation WHERE user_id = $1 ORDER BY created_at`, [user]);
    expect(rows.rows).toEqual([
      { id: stale.id, status: 'released' },
      { id: fresh.id, status: 'active' },
    ]);
    expect((await credits.balance(user)).balance).toBe(1);
  });

  it('runs the recovery job when an instance starts (a crash left the reservation behind)', async () => {
    const user = await newUser();
    await grant(user, 1, 'regular');
    const orphan = await credits.reserve({ userId: user, idempotencyKey: reserveKey() });
    await db.query(`UPDATE credit_reservation SET created_at = now() - interval '1 day' WHERE id = $1`, [orphan.id]);
    const restarted = await createTestApp({ db: t.db });
    try {
      const row = await db.query(`SELECT status FROM credit_reservation WHERE id = $1`, [orphan.id]);
      expect(row.rows[0].status).toBe('released');
      expect((await restarted.app.get<CreditsApi>(CREDITS_API).balance(user)).balance).toBe(1);
    } finally {
      await restarted.close();
    }
  });

  it('schedules the recovery job through IntervalJobs every 15 s, and at start', () => {
    const job = t.app.get(ReleaseStaleReservationsJob);
    expect(job).toMatchObject({ jobName: 'credits.release-stale-reservations', everyMs: 15_000, runAtStart: true });
    const registry = t.app.get(SchedulerRegistry);
    expect(registry.getIntervals()).toContain('credits.release-stale-reservations');
  });

  it('refuses a negative adjustment that would go below 0 and applies one that fits, once (D4, D5)', async () => {
    const user = await newUser();
    const admin = await newUser();
    await grant(user, 2, 'watermarked', { type: 'grant' });
    await grant(user, 5, 'regular');
    const refused = await rejection(
      credits.adjust({ userId: user, credits: -3, kind: 'watermarked', reason: 'penalty', adminId: admin, idempotencyKey: `adj:${randomUUID()}` }),
    );
    expect(refused).toMatchObject({ kind: 'payment_required', code: 'CREDITS.INSUFFICIENT' });
    expect(await credits.balance(user)).toEqual({ balance: 7, regular: 5, watermarked: 2 });

    const key = `adj:${randomUUID()}`;
    const applied = await credits.adjust({ userId: user, credits: -2, kind: 'watermarked', reason: 'correction', adminId: admin, idempotencyKey: key });
    expect(applied.applied).toBe(true);
    const replay = await credits.adjust({ userId: user, credits: -2, kind: 'watermarked', reason: 'correction', adminId: admin, idempotencyKey: key });
    expect(replay).toEqual({ transactionId: applied.transactionId, applied: false });
    expect(await credits.balance(user)).toEqual({ balance: 5, regular: 5, watermarked: 0 });

    const gift = await credits.adjust({ userId: user, credits: 3, kind: 'watermarked', reason: 'gift', adminId: admin, idempotencyKey: `adj:${randomUUID()}` });
    expect(gift.applied).toBe(true);
    expect(await credits.balance(user)).toEqual({ balance: 8, regular: 5, watermarked: 3 });
    const row = await db.query(`SELECT type, source_type, created_by FROM credit_transaction WHERE id = $1`, [gift.transactionId]);
    expect(row.rows[0]).toEqual({ type: 'adjustment', source_type: 'admin', created_by: admin });
  });

  it('counts an active reservation against a negative adjustment, spreading it over groups soonest-expiring first', async () => {
    const user = await newUser();
    const admin = await newUser();
    await grant(user, 2, 'regular'); // never expires
    const sub = await grant(user, 2, 'regular', { type: 'subscription', expiresAt: new Date(Date.now() + 24 * 3600 * 1000) });
    await credits.reserve({ userId: user, idempotencyKey: reserveKey() }); // holds 1 of the subscription's
    expect(
      await rejection(credits.adjust({ userId: user, credits: -4, kind: 'regular', reason: 'penalty', adminId: admin, idempotencyKey: `adj:${randomUUID()}` })),
    ).toMatchObject({ code: 'CREDITS.INSUFFICIENT' });
    await credits.adjust({ userId: user, credits: -3, kind: 'regular', reason: 'penalty', adminId: admin, idempotencyKey: `adj:${randomUUID()}` });
    expect(await credits.balance(user)).toEqual({ balance: 0, regular: 0, watermarked: 0 });
    const rows = await db.query(
      `SELECT credits, group_id FROM credit_transaction WHERE user_id = $1 AND type = 'adjustment' ORDER BY credits`,
      [user],
    );
    expect(rows.rows).toEqual(expect.arrayContaining([{ credits: -1, group_id: sub.transactionId }]));
    expect(rows.rows).toHaveLength(2);
  });
});
