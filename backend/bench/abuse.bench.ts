import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import sharp from 'sharp';
import { type FakeStripe, startFakeStripe } from '../test/support/fake-stripe';
import { percentile, jsonClient } from './support/http-client';
import { withDatabaseServer } from './support/load';
import { PRODUCTION_RUNTIME, startBuiltAppProcess } from './support/built-app';
import type { AppProcess } from './support/servers';
import { seedSignedInUser, type SeededUser } from './support/sessions';

/**
 * Issue 24: one verified user must never stall an instance for everyone.
 *
 * One verified free user (the flooder) fires, all at once, 50 POST /api/create-subscription,
 * 50 POST /api/purchase-credits, 20 GET /api/user/export and 20 POST /api/checkout/sessions/{id}/confirm
 * of an unpaid checkout, while another user polls GET /api/user/credits every 200 ms and makes 4
 * generations (local engine), and GET /api/health is asked every 200 ms. Run once with the local
 * test checkout and once with Stripe (the fake Stripe server, counting the API calls the confirms
 * cause).
 *
 * Printed: every status count, the other user's p99, the health answers, the database pool's peak
 * use (backends of the app that are not idle, sampled every 25 ms from pg_stat_activity) and the
 * flooder's open checkouts afterwards.
 * Targets: 0 × 5xx for anyone, health always 200, the other user's p99 < 1 s, exactly one open
 * checkout for the flooder.
 *
 * Runs the built app (`npm run build` first), as `npm start` does.
 */

const FLOOD = {
  subscribe: Number(process.env.BENCH_ABUSE_SUBSCRIBE ?? 50),
  purchase: Number(process.env.BENCH_ABUSE_PURCHASE ?? 50),
  export: Number(process.env.BENCH_ABUSE_EXPORT ?? 20),
  confirm: Number(process.env.BENCH_ABUSE_CONFIRM ?? 20),
};
const POLL_MS = 200;
const GENERATIONS = 4;

type Counts = Record<string, number>;

function count(into: Counts, status: number | string): void {
  into[String(status)] = (into[String(status)] ?? 0) + 1;
}

function fmt(counts: Counts): string {
  return Object.entries(counts)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, n]) => `${n} × ${status}`)
    .join(', ');
}

const isServerError = (status: string) => /^5\d\d$/.test(status) || status === 'error';

interface ScenarioResult {
  provider: string;
  ok: boolean;
}

async function photo(): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: '#5a8f3c' } }).jpeg({ quality: 90 }).toBuffer();
}

async function scenario(provider: 'local' | 'stripe'): Promise<ScenarioResult> {
  const secret = randomBytes(32).toString('hex');
  let stripe: FakeStripe | undefined;
  if (provider === 'stripe') stripe = await startFakeStripe({ webhookUrl: null });
  let app: AppProcess | undefined;
  const sampler = new Client({ connectionString: process.env.DATABASE_URL });
  try {
    // The built app, as `npm start` runs it (from source, ts-node would compile modules on first
    // use in the middle of the flood and stall everyone for that).
    app = await startBuiltAppProcess(
      {
        ...PRODUCTION_RUNTIME.env,
        // Development: STRIPE_API_BASE (the fake Stripe) is refused in production.
        NODE_ENV: 'development',
        LOG_LEVEL: 'warn',
        SESSION_SECRET: secret,
        ...(stripe?.env ?? {}),
      },
      PRODUCTION_RUNTIME.nodeArgs,
    );
    const db = new Client({ connectionString: app.db.url });
    await db.connect();
    let flooder: SeededUser;
    let other: SeededUser;
    try {
      flooder = await seedSignedInUser(db, secret, { label: 'flood' });
      other = await seedSignedInUser(db, secret, { credits: 10, label: 'other' });
    } finally {
      await db.end();
    }
    const http = jsonClient(app.baseUrl, 512);
    const base = app.baseUrl;

    // An unpaid checkout of the flooder's to confirm again and again.
    const opened = await http.send('POST', '/api/purchase-credits', { pack: 'pack1' }, { cookie: flooder.cookie });
    if (opened.status !== 200) throw new Error(`purchase-credits: ${opened.status} ${JSON.stringify(opened.body)}`);
    const checkoutUrl = (opened.body as { checkoutUrl: string }).checkoutUrl;
    const sessionId = provider === 'stripe' ? /\/(cs_[^/?]+)/.exec(checkoutUrl)?.[1] : /\/checkout\/local\/([^/?]+)/.exec(checkoutUrl)?.[1];
    if (!sessionId) throw new Error(`no session id in ${checkoutUrl}`);
    const stripeRetrievesBefore = stripe?.requestsTo('GET', /^\/v1\/checkout\/sessions\/[^/]+$/).length ?? 0;

    // Pool use, sampled from outside the app.
    await sampler.connect();
    const appDb = new URL(app.db.url).pathname.slice(1);
    let poolPeak = 0;
    let sampling = true;
    const sampling$ = (async () => {
      while (sampling) {
        const { rows } = await sampler.query<{ busy: number; open: number }>(
          `SELECT count(*) FILTER (WHERE state <> 'idle')::int AS busy, count(*)::int AS open
             FROM pg_stat_activity WHERE datname = $1 AND application_name = 'magic-editor'`,
          [appDb],
        );
        poolPeak = Math.max(poolPeak, rows[0].busy);
        await new Promise((r) => setTimeout(r, 25));
      }
    })();

    // The other user and the health check, until the flood is over.
    let flooding = true;
    const otherPolls: Counts = {};
    const pollLatencies: number[] = [];
    const health: Counts = {};
    const healthLatencies: number[] = [];
    const every = async (work: () => Promise<void>) => {
      while (flooding) {
        const next = Date.now() + POLL_MS;
        await work();
        await new Promise((r) => setTimeout(r, Math.max(0, next - Date.now())));
      }
    };
    const timed = async (into: Counts, latencies: number[], call: () => Promise<{ status: number }>) => {
      const t0 = performance.now();
      try {
        count(into, (await call()).status);
      } catch {
        count(into, 'error');
      }
      latencies.push(performance.now() - t0);
    };
    const polling$ = every(() => timed(otherPolls, pollLatencies, () => http.send('GET', '/api/user/credits', undefined, { cookie: other.cookie })));
    const health$ = every(() => timed(health, healthLatencies, () => http.send('GET', '/api/health')));
    const jpeg = await photo();
    const generations: Counts = {};
    const generationLatencies: number[] = [];
    const generating$ = (async () => {
      for (let i = 0; i < GENERATIONS; i++) {
        const form = new FormData();
        form.append('prompt', 'make it black and white');
        form.append('image', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'photo.jpg');
        await timed(generations, generationLatencies, () => fetch(`${base}/api/generate`, { method: 'POST', headers: { cookie: other.cookie }, body: form }));
      }
    })();

    // The flood: everything at once.
    const flood: Record<string, Counts> = { 'create-subscription': {}, 'purchase-credits': {}, export: {}, confirm: {} };
    const floodLatencies: number[] = [];
    const fire = (name: string, method: string, path: string, body?: unknown) =>
      timed(flood[name], floodLatencies, async () => {
        if (name !== 'export') return http.send(method, path, body, { cookie: flooder.cookie });
        // The export is a zip stream: read it to the end.
        const res = await fetch(`${base}${path}`, { headers: { cookie: flooder.cookie } });
        await res.arrayBuffer();
        return res;
      });
    const started = Date.now();
    await Promise.all([
      ...Array.from({ length: FLOOD.subscribe }, () => fire('create-subscription', 'POST', '/api/create-subscription', { tier: 'starter' })),
      ...Array.from({ length: FLOOD.purchase }, () => fire('purchase-credits', 'POST', '/api/purchase-credits', { pack: 'pack7' })),
      ...Array.from({ length: FLOOD.export }, () => fire('export', 'GET', '/api/user/export')),
      ...Array.from({ length: FLOOD.confirm }, () => fire('confirm', 'POST', `/api/checkout/sessions/${encodeURIComponent(sessionId)}/confirm`)),
    ]);
    const floodMs = Date.now() - started;
    await generating$;
    flooding = false;
    await Promise.all([polling$, health$]);
    sampling = false;
    await sampling$;
    http.close();

    const check = new Client({ connectionString: app.db.url });
    await check.connect();
    let openCheckouts: number;
    try {
      const { rows } = await check.query<{ n: number }>(`SELECT count(*)::int AS n FROM billing_checkout_session WHERE user_id = $1 AND status = 'open'`, [flooder.id]);
      openCheckouts = rows[0].n;
    } finally {
      await check.end();
    }
    const stripeRetrieves = (stripe?.requestsTo('GET', /^\/v1\/checkout\/sessions\/[^/]+$/).length ?? 0) - stripeRetrievesBefore;
    // Then the success page's confirm, 20 times one after another, of the checkout left open.
    let sequentialRetrieves: number | null = null;
    if (stripe) {
      const db2 = new Client({ connectionString: app.db.url });
      await db2.connect();
      const { rows } = await db2.query<{ id: string }>(`SELECT id FROM billing_checkout_session WHERE user_id = $1 AND status = 'open'`, [flooder.id]);
      await db2.end();
      const before = stripe.requestsTo('GET', /^\/v1\/checkout\/sessions\/[^/]+$/).length;
      const again = jsonClient(app.baseUrl, 4);
      for (let i = 0; i < 20 && rows[0]; i++) {
        const r = await again.send('POST', `/api/checkout/sessions/${encodeURIComponent(rows[0].id)}/confirm`, undefined, { cookie: flooder.cookie });
        count(flood.confirm, r.status);
      }
      again.close();
      sequentialRetrieves = stripe.requestsTo('GET', /^\/v1\/checkout\/sessions\/[^/]+$/).length - before;
    }
    // JSON lines ("level":50) or pino-pretty's (development: "ERROR"), colours stripped.
    const errorsLogged = app
      .output()
      .replace(/\u001b\[[0-9;]*m/g, '')
      .split('\n')
      .filter((line) => line.includes('"level":50') || /\bERROR\b/.test(line)).length;
    const stripeOpenSessions = stripe
      ? stripe.requestsTo('POST', '/v1/checkout/sessions').filter((r) => r.status === 200).length -
        stripe.requestsTo('POST', /\/v1\/checkout\/sessions\/[^/]+\/expire$/).filter((r) => r.status === 200).length
      : null;

    const sortedPolls = [...pollLatencies].sort((a, b) => a - b);
    const sortedGenerations = [...generationLatencies].sort((a, b) => a - b);
    const allStatuses = [...Object.values(flood), otherPolls, generations, health].flatMap((c) => Object.keys(c));
    const fiveHundreds = allStatuses.filter(isServerError).length;
    const healthAlways200 = Object.keys(health).every((s) => s === '200');
    const otherP99 = percentile(sortedPolls, 99);
    const otherOk = Object.keys(otherPolls).every((s) => s === '200') && Object.keys(generations).every((s) => s === '200');

    console.log(`\n--- provider: ${provider} (${stripe ? 'fake Stripe, its wire format' : 'the local test checkout'}) ---`);
    console.log(`flood: ${FLOOD.subscribe} create-subscription + ${FLOOD.purchase} purchase-credits + ${FLOOD.export} export + ${FLOOD.confirm} confirm, all at once; done in ${floodMs} ms (p99 ${Math.round(percentile([...floodLatencies].sort((a, b) => a - b), 99))} ms)`);
    for (const [name, counts] of Object.entries(flood)) console.log(`  flooder ${name.padEnd(20)} ${fmt(counts)}`);
    console.log(`other user credits poll:      ${fmt(otherPolls)}; p50 ${Math.round(percentile(sortedPolls, 50))} ms, p99 ${Math.round(percentile(sortedPolls, 99))} ms, max ${Math.round(sortedPolls.at(-1) ?? 0)} ms`);
    console.log(`other user generations:       ${fmt(generations)}; each ${sortedGenerations.map((ms) => `${Math.round(ms)} ms`).join(', ')}`);
    console.log(`health:                       ${fmt(health)}; p99 ${Math.round(percentile([...healthLatencies].sort((a, b) => a - b), 99))} ms`);
    console.log(`database pool peak use:       ${poolPeak} busy connections of the app`);
    console.log(`flooder's open checkouts:     ${openCheckouts}${stripeOpenSessions === null ? '' : ` (Stripe: ${stripeOpenSessions} sessions created and not expired)`}`);
    if (stripe) {
      console.log(`Stripe checkout retrieves during the flood: ${stripeRetrieves} (its ${FLOOD.confirm} confirms ask at most once per session every 3 s)`);
      console.log(`then 20 confirms one after another of the open checkout: ${sequentialRetrieves} Stripe retrieves`);
    }
    console.log(`server ERROR log lines:       ${errorsLogged}`);

    const verdicts: Array<[string, boolean]> = [
      ['0 × 5xx for anyone', fiveHundreds === 0],
      ['health always 200', healthAlways200],
      ["the other user's requests all succeed", otherOk],
      [`the other user's credits poll p99 < 1000 ms (${Math.round(otherP99)} ms)`, otherP99 < 1000],
      [`exactly one open checkout for the flooder (${openCheckouts})`, openCheckouts === 1],
      ['no ERROR in the server log', errorsLogged === 0],
    ];
    for (const [what, ok] of verdicts) console.log(`${ok ? 'PASS' : 'FAIL'}  ${what}`);
    return { provider, ok: verdicts.every(([, ok]) => ok) };
  } finally {
    await sampler.end().catch(() => undefined);
    await app?.stop();
    await stripe?.close();
  }
}

export async function run(): Promise<void> {
  await withDatabaseServer(async () => {
    const results: ScenarioResult[] = [];
    for (const provider of ['local', 'stripe'] as const) results.push(await scenario(provider));
    console.log(`\nabuse: ${results.map((r) => `${r.provider} ${r.ok ? 'met every target' : 'MISSED a target'}`).join('; ')}`);
  });
}
