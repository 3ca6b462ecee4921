import { exactTimestampSql } from '../src/shared/pagination';
import { encodeLeaderboardCursor, leaderboardCursorKey } from '../src/modules/community/application/leaderboard-cursor';
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { PostgresQueryRunner } from 'typeorm/driver/postgres/PostgresQueryRunner';
import { migrateDatabase } from '../src/database/migrate';
import { PurgeMyEditsJob } from '../src/modules/images/application/purge-my-edits.job';
import { FinishAccountDeletionsJob } from '../src/modules/privacy/application/finish-account-deletions.job';
import { createTestDatabase, type TestDatabase } from '../test/support/database';
import { createTestApp, type TestApp } from '../test/support/test-app';
import { withDatabaseServer } from './support/load';
import { growthSize, seedGrowth, type GrowthSize } from './support/growth-seed';
import { signedCookie } from './support/sessions';

/**
 * Issue 29: cost as the data grows. Builds a database at two sizes through the real schema
 * (`--small=10000 --large=1000000` images; users, laughs and ledger rows scale with them; user 1
 * has 10,000 saved images at both sizes), then times, one request at a time and uncached
 * (COMMUNITY_CACHE_TTL_MS=0), every list, search, stat and job the issue names, and prints per
 * endpoint p50 and p99 at each size, the large/small ratio, and the top node of the plan of the
 * endpoint's slowest SQL statement at the large size. `--runs=N` requests per endpoint (default 15).
 */
const ADMIN_EMAIL = 'user2@example.com';

interface Figures {
  p50: number;
  p99: number;
  plan: string;
}

type Target = { name: string; timed: (t: TestApp, ctx: Context) => Promise<void>; runs?: number; destructive?: boolean };

interface Context {
  admin: string;
  heavy: string;
  secret: string;
  /** A leaderboard cursor half-way down the list (as a reader paging that far would hold). */
  deepCursor: string;
  /** D44: the admin ledger's and user list's cursors half-way down (from an offset page, read once). */
  ledgerCursor: string;
  usersCursor: string;
}

function option(name: string, fallback: number): number {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  const value = arg ? Number(arg.split('=')[1]) : Number(process.env[`GROWTH_${name.toUpperCase()}`] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
}

const get = (t: TestApp, url: string, cookie?: string) => {
  const req = request(t.http).get(url);
  if (cookie) req.set('Cookie', cookie);
  return req.then((res) => {
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${res.text.slice(0, 200)}`);
    return res;
  });
};

const TARGETS: Target[] = [
  { name: 'feed (recent, 20)', timed: async (t) => void (await get(t, '/api/community/recent?limit=20')) },
  { name: 'leaderboard, first page', timed: async (t) => void (await get(t, '/api/leaderboard?page=1')) },
  { name: 'leaderboard, page 100', timed: async (t) => void (await get(t, '/api/leaderboard?page=100')) },
  {
    name: 'leaderboard, half-way down by cursor (D44)',
    timed: async (t, c) => void (await get(t, `/api/leaderboard${c.deepCursor ? `?cursor=${encodeURIComponent(c.deepCursor)}` : ''}`)),
  },
  { name: 'credits (signed in)', timed: async (t, c) => void (await get(t, '/api/user/credits', c.heavy)) },
  { name: 'admin transactions, first page', timed: async (t, c) => void (await get(t, '/api/admin/transactions', c.admin)) },
  {
    name: 'admin transactions, half-way down by cursor (D44)',
    timed: async (t, c) => void (await get(t, `/api/admin/transactions?cursor=${encodeURIComponent(c.ledgerCursor)}`, c.admin)),
  },
  { name: 'admin users, first page', timed: async (t, c) => void (await get(t, '/api/admin/users', c.admin)) },
  {
    name: 'admin users, half-way down by cursor (D44)',
    timed: async (t, c) => void (await get(t, `/api/admin/users?cursor=${encodeURIComponent(c.usersCursor)}`, c.admin)),
  },
  { name: 'admin user search', timed: async (t, c) => void (await get(t, '/api/admin/search-users?q=er4242', c.admin)) },
  { name: 'admin audit, first page', timed: async (t, c) => void (await get(t, '/api/admin/audit', c.admin)) },
  { name: 'platform stats', timed: async (t, c) => void (await get(t, '/api/admin/platform-stats', c.admin)) },
  { name: 'sales analytics', timed: async (t, c) => void (await get(t, '/api/admin/analytics', c.admin)) },
  {
    name: 'My Edits, 100 pages of the 10k user',
    runs: 3,
    timed: async (t, c) => {
      let cursor: string | undefined;
      for (let page = 0; page < 100; page++) {
        const res = await get(t, `/api/my-edits${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`, c.heavy);
        cursor = res.headers['x-next-cursor'];
        if (!cursor) break;
      }
    },
  },
  {
    name: 'purge job (steady state)',
    timed: async (t) => {
      await t.app.get(PurgeMyEditsJob).execute();
    },
  },
  {
    name: 'data export of the 10k user',
    runs: 1,
    timed: async (t, c) => {
      const res = await request(t.http).get('/api/user/export').set('Cookie', c.heavy).buffer(true).parse((r, done) => {
        let n = 0;
        r.on('data', (chunk: Buffer) => (n += chunk.length));
        r.on('end', () => done(null, n));
      });
      if (res.status !== 200) throw new Error(`export: ${res.status}`);
    },
  },
  {
    name: 'account deletion of the 10k user',
    runs: 1,
    destructive: true,
    timed: async (t, c) => {
      const res = await request(t.http).post('/api/user/delete-account').set('Cookie', c.heavy).send({ confirmEmail: 'user1@example.com' });
      if (res.status >= 300) throw new Error(`delete-account: ${res.status} ${res.text.slice(0, 200)}`);
      await t.app.get(FinishAccountDeletionsJob).execute(new Date(Date.now() + 365 * 86400_000));
    },
  },
];

/** Every statement the app sends through TypeORM while `recording` is set, with its duration. */
const recorded: Array<{ sql: string; params: unknown[] | undefined; ms: number }> = [];
let recording = false;
const originalQuery = PostgresQueryRunner.prototype.query;
PostgresQueryRunner.prototype.query = async function (this: PostgresQueryRunner, ...args: Parameters<typeof originalQuery>) {
  const started = performance.now();
  try {
    return await originalQuery.apply(this, args);
  } finally {
    if (recording) recorded.push({ sql: args[0], params: args[1], ms: performance.now() - started });
  }
} as typeof originalQuery;

async function planOfSlowest(t: TestApp): Promise<string> {
  const slowest = recorded.filter((r) => /^\s*(SELECT|WITH|UPDATE|DELETE)/i.test(r.sql)).sort((a, b) => b.ms - a.ms)[0];
  if (!slowest) return '–';
  try {
    const ds = t.app.get(DataSource);
    const [row] = (await ds.query(`EXPLAIN (FORMAT JSON) ${slowest.sql}`, slowest.params)) as Array<{ 'QUERY PLAN': Array<{ Plan: Record<string, unknown> }> }>;
    const plan = row['QUERY PLAN'][0].Plan;
    let node = plan;
    // The first node that reads something, below sorts, limits and aggregates, says more.
    while (node.Plans && !node['Relation Name'] && ['Limit', 'Sort', 'Aggregate', 'Incremental Sort', 'Gather Merge', 'Gather', 'Unique', 'WindowAgg', 'Result'].includes(String(node['Node Type']))) {
      node = (node.Plans as Array<Record<string, unknown>>)[0];
    }
    const on = node['Index Name'] ?? node['Relation Name'];
    return `${String(plan['Node Type'])} › ${String(node['Node Type'])}${on ? ` on ${String(on)}` : ''} (${slowest.ms.toFixed(0)} ms)`;
  } catch (e) {
    return `(no plan: ${(e as Error).message.slice(0, 60)})`;
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function measure(size: GrowthSize, runs: number): Promise<Map<string, Figures>> {
  const db: TestDatabase = await createTestDatabase('growth');
  const results = new Map<string, Figures>();
  try {
    console.log(`loading ${size.images} images, ${size.users} users, ${size.laughs} laughs, ${size.ledger} ledger rows…`);
    const started = Date.now();
    await migrateDatabase(db.url);
    await seedGrowth(db.url, size, (line) => console.log(line));
    console.log(`  loaded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    const secret = randomBytes(32).toString('hex');
    const t = await createTestApp({ db, sessionSecret: secret, env: { ADMIN_EMAILS: ADMIN_EMAIL, COMMUNITY_CACHE_TTL_MS: '0', NODE_ENV: 'test', SESSION_SECRET: secret } });
    try {
      const ds = t.app.get(DataSource);
      const session = async (user: number) => {
        const sid = randomBytes(24).toString('base64url');
        const [{ id }] = (await ds.query(`SELECT md5('u' || $1::text)::uuid AS id`, [user])) as Array<{ id: string }>;
        const expires = new Date(Date.now() + 86400_000);
        const sess = { cookie: { originalMaxAge: 86400_000, expires: expires.toISOString(), secure: false, httpOnly: true, path: '/', sameSite: 'lax' }, passport: { user: id } };
        await ds.query(`INSERT INTO "session" (sid, sess, expire) VALUES ($1, $2, $3)`, [sid, JSON.stringify(sess), expires]);
        return signedCookie(sid, secret);
      };
      const [half] = (await ds.query(
        `SELECT laugh_count, ${exactTimestampSql('timestamp')} AS ts, id, rank FROM (
           SELECT laugh_count, timestamp, id, row_number() OVER (ORDER BY laugh_count DESC, timestamp DESC, id) AS rank
             FROM image WHERE is_public AND NOT is_hidden_by_admin AND status = 'completed' AND laugh_count > 0) r
          WHERE rank = GREATEST(1, (SELECT count(*) / 2 FROM image WHERE is_public AND NOT is_hidden_by_admin AND status = 'completed' AND laugh_count > 0))`,
      )) as Array<{ laugh_count: number; ts: string; id: string; rank: string }>;
      // At a size too small for public images (all of user 1's), the first page stands in.
      const deepCursor = half
        ? encodeLeaderboardCursor(leaderboardCursorKey(secret), { laughCount: half.laugh_count, timestamp: half.ts, id: half.id, rank: Number(half.rank) })
        : '';
      const admin = await session(2);
      // What an admin who clicked Load more that far would hold: the cursor after the middle row.
      const halfWay = async (path: string) => {
        const first = await get(t, `${path}?limit=1`, admin);
        const middle = Math.floor(Number(first.headers['x-total-count']) / 2);
        const res = await get(t, `${path}?limit=1&offset=${middle}`, admin);
        const cursor = res.headers['x-next-cursor'] as string | undefined;
        if (!cursor) throw new Error(`${path}: no cursor half-way down`);
        return cursor;
      };
      const ctx: Context = {
        admin,
        heavy: await session(1),
        secret,
        deepCursor,
        ledgerCursor: await halfWay('/api/admin/transactions'),
        usersCursor: await halfWay('/api/admin/users'),
      };
      for (const target of TARGETS) {
        const n = target.runs ?? runs;
        const times: number[] = [];
        if (!target.destructive && n > 1) await target.timed(t, ctx); // warm-up (connections, statement plans)
        for (let i = 0; i < n; i++) {
          recorded.length = 0;
          recording = true;
          const t0 = performance.now();
          await target.timed(t, ctx);
          times.push(performance.now() - t0);
          recording = false;
        }
        times.sort((a, b) => a - b);
        const figures = { p50: percentile(times, 50), p99: percentile(times, 99), plan: await planOfSlowest(t) };
        results.set(target.name, figures);
        console.log(`  ${target.name}: p50 ${figures.p50.toFixed(1)} ms, p99 ${figures.p99.toFixed(1)} ms; ${figures.plan}`);
      }
    } finally {
      await t.close();
    }
  } finally {
    await db.drop();
  }
  return results;
}

export async function run(): Promise<void> {
  const small = growthSize(option('small', 10_000));
  const large = growthSize(option('large', 1_000_000));
  const runs = option('runs', 15);
  await withDatabaseServer(async () => {
    console.log(`growth: small ${small.images} images, large ${large.images} images; ${runs} requests per endpoint, one at a time, uncached; 2 cores`);
    const a = await measure(small, runs);
    const b = await measure(large, runs);
    console.log('');
    console.log(`| endpoint | p50 small | p50 large | large/small | p99 large | plan at large (slowest statement) |`);
    console.log(`|---|---|---|---|---|---|`);
    for (const { name } of TARGETS) {
      const s = a.get(name)!;
      const l = b.get(name)!;
      console.log(`| ${name} | ${s.p50.toFixed(1)} ms | ${l.p50.toFixed(1)} ms | ${(l.p50 / s.p50).toFixed(2)} | ${l.p99.toFixed(1)} ms | ${l.plan} |`);
    }
  });
}
