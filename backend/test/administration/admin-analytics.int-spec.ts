import type { TestApp } from '../support/test-app';
import { count, createAdminApp, signedInAdmin, sql, type TestUser } from './admin-helpers';
import { newAccount } from '../support/fixtures';

/**
 * 001 §2 Sales Analytics and Platform Stats (§9: 10 recent purchases, the four packs): every figure
 * on a seeded data set whose answers are known, on a database of its own (so counts are exact).
 * Rows are inserted straight into credit_transaction and image, at fixed UTC times.
 */
describe('admin analytics and platform stats', () => {
  let t: TestApp;
  let admin: TestUser;
  /** The seeded accounts (besides the admin). */
  let u: string[];
  /** YYYY-MM-DD (UTC) of `k` days ago, by the database's clock; the window is days 29..0. */
  let day: (k: number) => string;

  /** `hours` after UTC midnight of `daysAgo` days ago, as an SQL expression. */
  const at = (daysAgo: number, hours: number) =>
    `((date_trunc('day', now() AT TIME ZONE 'UTC') - make_interval(days => ${daysAgo}) + make_interval(hours => ${hours})) AT TIME ZONE 'UTC')`;

  interface Row {
    user: number;
    type: string;
    credits: number;
    kind?: 'regular' | 'watermarked';
    source: string | null;
    cents?: number | null;
    pack?: string | null;
    stripe?: string | null;
    daysAgo: number;
    hours: number;
  }
  async function insert(rows: Row[]): Promise<string[]> {
    const ids: string[] = [];
    for (const r of rows) {
      const [{ id }] = await sql<{ id: string }>(
        t,
        `INSERT INTO credit_transaction (user_id, type, credit_kind, credits, source_type, purchase_amount, pack_type, stripe_transaction_id, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, ${at(r.daysAgo, r.hours)}) RETURNING id`,
        [u[r.user], r.type, r.kind ?? 'regular', r.credits, r.source, r.cents ?? null, r.pack ?? null, r.stripe ?? null],
      );
      ids.push(id);
    }
    return ids;
  }
  const pack = (p: string, credits: number, cents: number, user: number, daysAgo: number, hours: number, stripe: string | null): Row => ({
    user,
    type: 'purchase',
    credits,
    source: 'pack',
    cents,
    pack: p,
    stripe,
    daysAgo,
    hours,
  });
  const sub = (credits: number, cents: number, user: number, daysAgo: number, hours: number, stripe: string): Row => ({
    user,
    type: 'subscription',
    credits,
    source: 'subscription',
    cents,
    stripe,
    daysAgo,
    hours,
  });

  /** The 12 purchases, newest first. Revenue 1 234 567 cents, 400 credits sold. */
  const PURCHASES: Row[] = [
    pack('pack15', 15, 2000, 0, 0, 2, 'pi_3PaAAAAAAAAAA1'),
    sub(50, 1000, 1, 0, 1, 'in_1QbBBBBBBBBBB2'),
    pack('pack7', 7, 1001, 4, 1, 5, 'cs_test_a1CCCCCCCC'),
    pack('pack7', 7, 1000, 4, 1, 3, 'pi_DDDDDDDDDDDD'),
    pack('pack45', 45, 4999, 5, 2, 1, 'pi_EEEEEEEEEEEE'),
    pack('pack15', 15, 1999, 0, 5, 1, null),
    sub(50, 1000, 2, 10, 1, 'in_GGGGGGGGGGGG'),
    pack('pack15', 15, 1999, 3, 15, 1, 'pi_HHHHHHHHHHHH'),
    sub(50, 1000, 1, 20, 1, 'in_IIIIIIIIIIII'),
    sub(50, 1000, 0, 29, 1, 'in_JJJJJJJJJJJJ'),
    // Outside the 30-day window: in the totals, not in revenueByDay or the recent 10.
    sub(51, 1212568, 2, 30, 1, 'in_KKKKKKKKKKKK'),
    pack('pack45', 45, 5001, 5, 40, 1, 'pi_LLLLLLLLLLLL'),
  ];
  /** Ledger rows that are not purchases, however much they look like one. */
  const NOT_PURCHASES: Row[] = [
    { user: 0, type: 'grant', kind: 'watermarked', credits: 2, source: 'verification', daysAgo: 0, hours: 0 },
    { user: 1, type: 'grant', credits: 7, source: 'promo', cents: 777, pack: 'pack7', stripe: 'pi_PROMOPROMO', daysAgo: 0, hours: 3 },
    { user: 4, type: 'refund', credits: -7, source: 'refund', cents: 1001, pack: 'pack7', stripe: 'pi_REFUNDREFUND', daysAgo: 1, hours: 6 },
    { user: 5, type: 'adjustment', credits: 5, source: 'admin', daysAgo: 0, hours: 0 },
  ];
  let purchaseIds: string[];

  beforeAll(async () => {
    t = await createAdminApp();
    admin = await signedInAdmin(t);
    u = [
      await newAccount(t, { plan: 'starter' }),
      await newAccount(t, { plan: 'creator' }),
      await newAccount(t, { plan: 'pro' }),
      await newAccount(t),
      await newAccount(t, { plan: 'paid' }),
      await newAccount(t),
    ];
    await sql(t, `UPDATE "user" SET is_suspended = true WHERE id = ANY($1)`, [[u[2], u[3]]]);
    purchaseIds = await insert(PURCHASES);
    await insert(NOT_PURCHASES);
    // 50 use rows (one of 3 credits): 52 credits used, usage rate 50 / 400 = 12.5 %.
    await sql(
      t,
      `INSERT INTO credit_transaction (user_id, type, credit_kind, credits, source_type, created_at)
       SELECT $1, 'use', 'regular', CASE WHEN g = 1 THEN -3 ELSE -1 END, 'generation', now() - make_interval(secs => g) FROM generate_series(1, 50) g`,
      [u[0]],
    );
    const image = (status: string, daysAgo: number, extra = 'true, false') =>
      sql(t, `INSERT INTO image (user_id, prompt, style, status, is_public, is_hidden_by_admin, timestamp) VALUES ($1, 'p', 'funny', $2, ${extra}, ${at(daysAgo, 1)})`, [
        u[0],
        status,
      ]);
    await image('completed', 0);
    await image('completed', 0, 'false, true');
    await image('completed', 1);
    await image('completed', 29);
    await image('completed', 30);
    await image('completed', 100);
    await image('processing', 0);
    await image('failed', 0);
    const [{ today }] = await sql<{ today: string }>(t, `SELECT to_char((now() AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS today`);
    day = (k: number) => new Date(Date.parse(`${today}T00:00:00Z`) - k * 86_400_000).toISOString().slice(0, 10);
  });
  afterAll(() => t?.close());

  /** 30 entries, oldest first, `values` by days ago, 0 elsewhere. */
  const window = (values: Record<number, number>) => Array.from({ length: 30 }, (_, i) => ({ date: day(29 - i), value: values[29 - i] ?? 0 }));

  it('GET /api/admin/analytics: every figure of 001 §2 on the seeded data', async () => {
    const res = await admin.agent.get('/api/admin/analytics').expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const a = res.body;
    expect(Object.keys(a).sort()).toEqual(
      ['activeUsers', 'creditUsageRate', 'creditsSold', 'creditsUsed', 'modelSpend', 'packPerformance', 'recentPurchases', 'revenueByDay', 'subscribedUsers', 'totalPurchases', 'totalRevenue'].sort(),
    );
    expect(a.totalRevenue).toBe(12345.67);
    expect(a.creditsSold).toBe(400);
    expect(a.creditsUsed).toBe(52);
    expect(a.activeUsers).toBe(5); // 7 accounts (the admin too), 2 suspended
    expect(a.totalPurchases).toBe(12);
    expect(a.subscribedUsers).toBe(3); // suspended or not
    expect(a.creditUsageRate).toBe(12.5);
    expect(a.packPerformance).toEqual([
      { pack: 'pack1', sales: 0, credits: 0, revenue: 0, averagePerSale: 0 },
      { pack: 'pack7', sales: 2, credits: 14, revenue: 20.01, averagePerSale: 10.01 }, // 1000.5 cents, half up
      { pack: 'pack15', sales: 3, credits: 45, revenue: 59.98, averagePerSale: 19.99 }, // 1999.33 cents
      { pack: 'pack45', sales: 2, credits: 90, revenue: 100, averagePerSale: 50 },
    ]);
    expect(a.recentPurchases).toEqual(
      PURCHASES.slice(0, 10).map((p, i) => ({
        id: purchaseIds[i],
        credits: p.credits,
        amount: (p.cents as number) / 100,
        userId: u[p.user],
        packType: p.pack ?? null,
        createdAt: expect.any(String),
        paymentId: p.stripe ? p.stripe.slice(0, 8) : null,
      })),
    );
    expect(a.recentPurchases.map((p: { paymentId: string | null }) => p.paymentId)).toEqual([
      'pi_3PaAA',
      'in_1QbBB',
      'cs_test_',
      'pi_DDDDD',
      'pi_EEEEE',
      null,
      'in_GGGGG',
      'pi_HHHHH',
      'in_IIIII',
      'in_JJJJJ',
    ]);
    const times = a.recentPurchases.map((p: { createdAt: string }) => Date.parse(p.createdAt));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    expect(a.recentPurchases[0].createdAt.slice(0, 10)).toBe(day(0));
    expect(a.revenueByDay).toEqual(window({ 0: 30, 1: 20.01, 2: 49.99, 5: 19.99, 10: 10, 15: 19.99, 20: 10, 29: 10 }));
  });

  it('D41: model spend, revenue and gross margin per day and per model, cost per credit spent', async () => {
    const attempt = (model: string, outcome: string, cost: number, daysAgo: number, purpose = 'generation') =>
      sql(t, `INSERT INTO model_attempt (model, purpose, outcome, latency_ms, cost_micros, created_at) VALUES ($1, $2, $3, 9000, $4, ${at(daysAgo, 1)})`, [
        model,
        purpose,
        outcome,
        cost,
      ]);
    const MAX = 'black-forest-labs/flux-kontext-max';
    const NANO = 'google/nano-banana';
    const FLUX2 = 'black-forest-labs/flux-2-pro';
    for (let i = 0; i < 3; i++) await attempt(MAX, 'succeeded', 80_000, 0);
    await attempt(MAX, 'failed', 0, 0);
    await attempt(MAX, 'succeeded', 80_000, 0, 'test'); // an admin's test costs too, but spends no credit
    for (let i = 0; i < 2; i++) await attempt(NANO, 'succeeded', 39_000, 0);
    await attempt(FLUX2, 'succeeded', 45_000, 1);
    await attempt(MAX, 'succeeded', 80_000, 40); // outside the 30 days
    try {
      const spend = (await admin.agent.get('/api/admin/analytics').expect(200)).body.modelSpend;
      // revenue of the 30 days: 169.98 (see revenueByDay above)
      expect(spend).toMatchObject({ days: 30, totalSpend: 0.443, totalRevenue: 169.98, grossMargin: 169.537, grossMarginRate: 99.7, costPerCreditSpent: 0.0738 });
      expect(spend.byDay).toHaveLength(30);
      expect(spend.byDay[29]).toEqual({ date: day(0), generations: 5, spend: 0.398, revenue: 30, margin: 29.602 });
      expect(spend.byDay[28]).toEqual({ date: day(1), generations: 1, spend: 0.045, revenue: 20.01, margin: 19.965 });
      expect(spend.byDay[27]).toEqual({ date: day(2), generations: 0, spend: 0, revenue: 49.99, margin: 49.99 });
      expect(spend.byModel).toEqual([
        { model: MAX, generations: 3, spend: 0.32, costPerGeneration: 0.1067, revenue: 84.99, margin: 84.67 },
        { model: NANO, generations: 2, spend: 0.078, costPerGeneration: 0.039, revenue: 56.66, margin: 56.582 },
        { model: FLUX2, generations: 1, spend: 0.045, costPerGeneration: 0.045, revenue: 28.33, margin: 28.285 },
      ]);
    } finally {
      await sql(t, `DELETE FROM model_attempt`);
    }
  });

  it('GET /api/admin/platform-stats: users, transactions, suspended, images today and in total, generations per day, fallback', async () => {
    const res = await admin.agent.get('/api/admin/platform-stats').expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({
      totalUsers: 7,
      totalTransactions: 12 + 4 + 50,
      totalTransactionsEstimated: false,
      suspendedUsers: 2,
      imagesToday: 2,
      imagesTotal: 6,
      generationsByDay: window({ 0: 2, 1: 1, 29: 1 }),
      fallback: expect.objectContaining({ isActive: false, adminOverride: null, failureCount: 0, currentModel: 'local-engine' }),
    });
  });

  it('the figures follow the data: a suspension, a new sale today', async () => {
    await sql(t, `UPDATE "user" SET is_suspended = true WHERE id = $1`, [u[5]]);
    const [id] = await insert([pack('pack1', 1, 199, 5, 0, 3, 'pi_NEWNEWNEW')]);
    const a = (await admin.agent.get('/api/admin/analytics').expect(200)).body;
    expect(a).toMatchObject({ totalRevenue: 12347.66, creditsSold: 401, totalPurchases: 13, activeUsers: 4 });
    expect(a.packPerformance[0]).toEqual({ pack: 'pack1', sales: 1, credits: 1, revenue: 1.99, averagePerSale: 1.99 });
    expect(a.recentPurchases[0]).toMatchObject({ id, amount: 1.99, packType: 'pack1', paymentId: 'pi_NEWNE' });
    expect(a.recentPurchases).toHaveLength(10);
    expect(a.revenueByDay[29]).toEqual({ date: day(0), value: 31.99 });
    const p = (await admin.agent.get('/api/admin/platform-stats').expect(200)).body;
    expect(p).toMatchObject({ totalUsers: 7, suspendedUsers: 3, totalTransactions: 67 });
  });

  describe('credit usage rate: use transactions / credits sold × 100, one decimal, half up', () => {
    /** Replaces the purchases by one of `sold` credits and the use rows by `uses` rows. */
    async function dataSet(sold: number, uses: number): Promise<number> {
      await sql(t, `DELETE FROM credit_transaction WHERE type IN ('purchase', 'subscription', 'use')`);
      if (sold > 0) await insert([pack('pack45', sold, 100, 0, 0, 1, 'pi_RATE')]);
      await sql(
        t,
        `INSERT INTO credit_transaction (user_id, type, credit_kind, credits, source_type) SELECT $1, 'use', 'regular', -1, 'generation' FROM generate_series(1, $2::int)`,
        [u[0], uses],
      );
      expect(await count(t, 'credit_transaction', `type = 'use'`)).toBe(uses);
      return (await admin.agent.get('/api/admin/analytics').expect(200)).body.creditUsageRate;
    }

    it.each([
      [8, 1, 12.5],
      [3, 1, 33.3],
      [3, 2, 66.7],
      [400, 1, 0.3], // 0.25 → 0.3 (half to even would say 0.2)
      [400, 133, 33.3], // 33.25 → 33.3
      [400, 267, 66.8], // 66.75 → 66.8
      [7, 1, 14.3], // 14.2857…
      [1000, 1, 0.1],
      [2000, 1, 0.1], // 0.05 → 0.1
      [2, 5, 250],
      [400, 0, 0],
      [0, 3, 0], // nothing sold: 0, not Infinity or NaN
    ])('%s credits sold, %s uses → %s', async (sold, uses, rate) => {
      expect(await dataSet(sold, uses)).toBe(rate);
    });
  });

  it('an empty ledger: zeros, the four packs, 30 days of 0', async () => {
    await sql(t, `DELETE FROM credit_transaction`);
    const a = (await admin.agent.get('/api/admin/analytics').expect(200)).body;
    expect(a).toMatchObject({ totalRevenue: 0, creditsSold: 0, creditsUsed: 0, totalPurchases: 0, creditUsageRate: 0, recentPurchases: [] });
    expect(a.packPerformance.map((p: { pack: string; sales: number }) => [p.pack, p.sales])).toEqual([
      ['pack1', 0],
      ['pack7', 0],
      ['pack15', 0],
      ['pack45', 0],
    ]);
    expect(a.revenueByDay).toEqual(window({}));
  });
});
