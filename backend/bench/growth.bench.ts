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
 * (`--small=20000 --large=1000000` images; users, laughs and ledger rows scale with them; user 1
 * has 10,000 saved images and 1,000 laughs at both sizes), then times, one request at a time and
 * uncached (COMMUNITY_CACHE_TTL_MS=0), in three rounds that alternate the sizes (timeRound), every
 * list, search, stat and job the issue names, and prints per
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
  // One match at both sizes (user 424's address): the answer stays the same size, so the ratio is
  // the table's. ("er4242" matched none of 1,000 users and 11 of 100,000: an answer that grew.)
  { name: 'admin user search (one match)', timed: async (t, c) => void (await get(t, '/api/admin/search-users?q=user424%40', c.admin)) },
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

/** One size: its database, loaded once, and every request's time per endpoint across rounds. */
interface Loaded {
  label: 'small' | 'large';
  db: TestDatabase;
  times: Map<string, number[]>;
  /** The large size's slowest statement per endpoint, from its last round. */
  plans: Map<string, string>;
}

/** Loads a database of `size` through the real schema. */
async function load(label: Loaded['label'], size: GrowthSize): Promise<Loaded> {
  const db: TestDatabase = await createTestDatabase('growth');
  try {
    console.log(`${label}: loading ${size.images} images, ${size.users} users, ${size.laughs} laughs, ${size.ledger} ledger rows…`);
    const started = Date.now();
    await migrateDatabase(db.url);
    await seedGrowth(db.url, size, (line) => console.log(line));
    console.log(`  loaded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    return { label, db, times: new Map(), plans: new Map() };
  } catch (e) {
    await db.drop();
    throw e;
  }
}

/** Sessions, and the cursors half-way down that a reader paging that far would hold. */
async function contextOf(t: TestApp, secret: string): Promise<Context> {
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
  // At a size too small for public images (all of user 1's, --small=10000), the first page stands in.
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
  return {
    admin,
    heavy: await session(1),
    deepCursor,
    ledgerCursor: await halfWay('/api/admin/transactions'),
    usersCursor: await halfWay('/api/admin/users'),
  };
}

/** How many of a target's `n` requests a round makes: spread evenly, a single one in the last round. */
function shareOf(n: number, round: number, rounds: number): number {
  return Math.floor((n * (round + 1)) / rounds) - Math.floor((n * round) / rounds);
}

/**
 * One round at one size: an app on its database times its share of every target's requests.
 * The sizes take turns by rounds (small, large; large, small; …), each round a new app: a ratio
 * of two figures taken once each, minutes apart, on a busy two-core machine measured the machine
 * as much as the data (the same endpoint moved by 2× between runs). Not two apps at once: passport
 * keeps one process-wide list of session deserialisers, so a second app's signed-in requests
 * would load their user through the first app's database.
 */
async function timeRound(loaded: Loaded, round: number, rounds: number, runs: number): Promise<void> {
  const secret = randomBytes(32).toString('hex');
  const t = await createTestApp({ db: loaded.db, sessionSecret: secret, env: { ADMIN_EMAILS: ADMIN_EMAIL, COMMUNITY_CACHE_TTL_MS: '0', NODE_ENV: 'test', SESSION_SECRET: secret } });
  try {
    const ctx = await contextOf(t, secret);
    for (const target of TARGETS) {
      const n = target.runs ?? runs;
      const share = shareOf(n, round, rounds);
      if (share === 0) continue;
      if (!target.destructive && n > 1) await target.timed(t, ctx); // warm-up (connections, statement plans)
      const times = loaded.times.get(target.name) ?? [];
      loaded.times.set(target.name, times);
      for (let i = 0; i < share; i++) {
        recorded.length = 0;
        recording = loaded.label === 'large'; // the plan printed is the large size's
        const t0 = performance.now();
        await target.timed(t, ctx);
        times.push(performance.now() - t0);
        recording = false;
      }
      if (loaded.label === 'large') loaded.plans.set(target.name, await planOfSlowest(t));
    }
  } finally {
    await t.close();
  }
}

function figuresOf(loaded: Loaded, name: string): Figures {
  const times = [...(loaded.times.get(name) ?? [])].sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), plan: loaded.plans.get(name) ?? '–' };
}

export async function run(): Promise<void> {
  // 20,000: user 1's 10,000 saved (private) images and 10,000 others. At 10,000 every image was
  // user 1's, so the small size's feed and leaderboard were empty and their ratios compared a full
  // page with none (and user 1 laughed at nothing there, at 1,000 images at the large size).
  const small = growthSize(option('small', 20_000));
  const large = growthSize(option('large', 1_000_000));
  const runs = option('runs', 15);
  await withDatabaseServer(async () => {
    console.log(`growth: small ${small.images} images, large ${large.images} images; ${runs} requests per endpoint, one at a time, uncached; 2 cores`);
    const rounds = 3;
    const a = await load('small', small);
    let b: Loaded | undefined;
    try {
      b = await load('large', large);
      for (let round = 0; round < rounds; round++) {
        for (const loaded of round % 2 === 0 ? [a, b] : [b, a]) {
          const started = Date.now();
          await timeRound(loaded, round, rounds, runs);
          console.log(`  round ${round + 1} of ${rounds}, ${loaded.label}: ${((Date.now() - started) / 1000).toFixed(0)} s`);
        }
      }
    } finally {
      if (b) await b.db.drop();
      await a.db.drop();
    }
    console.log('');
    console.log(`| endpoint | p50 small | p50 large | large/small | p99 large | plan at large (slowest statement) |`);
    console.log(`|---|---|---|---|---|---|`);
    for (const { name } of TARGETS) {
      const s = figuresOf(a, name);
      const l = figuresOf(b!, name);
      console.log(`| ${name} | ${s.p50.toFixed(1)} ms | ${l.p50.toFixed(1)} ms | ${(l.p50 / s.p50).toFixed(2)} | ${l.p99.toFixed(1)} ms | ${l.plan} |`);
    }
  });
}
