import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { freePort } from '../test/support/free-port';
import { waitUntil } from '../test/support/server-process';
import { BENCH_CONNECTIONS, BENCH_SECONDS, printTable, withDatabaseServer, type LoadFigures } from './support/load';
import { startAppProcess, startBareServer, type RunningServer } from './support/servers';
import { seedSignedInUser } from './support/sessions';

// autocannon ships no types; only what is used here is typed.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const autocannon = require('autocannon') as (opts: Record<string, unknown>) => Promise<{
  requests: { average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}>;

const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 1000);
/** SESSIONS users, each with a ledger grant and a session row as express-session + passport write them. */
async function seedSessions(url: string, secret: string): Promise<string[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  const cookies: string[] = [];
  try {
    await client.query('BEGIN');
    for (let i = 0; i < SESSIONS; i++) cookies.push((await seedSignedInUser(client, secret, { credits: 5 + (i % 7), label: `b${i}` })).cookie);
    await client.query('COMMIT');
  } finally {
    await client.end();
  }
  return cookies;
}

/**
 * The naive signed-in poll: a bare node:http server with a pg pool that, per request, checks the
 * cookie's signature and does the two lookups (the session row by sid, the balance as a sum).
 */
async function startNaiveServer(databaseUrl: string, secret: string): Promise<RunningServer> {
  const port = await freePort();
  const code = `
    const { Pool } = require('pg');
    const { createHmac, timingSafeEqual } = require('node:crypto');
    const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
    const secret = process.env.SECRET;
    function sidOf(header) {
      const m = /(?:^|;\\s*)magic\\.sid=([^;]*)/.exec(header || '');
      if (!m) return undefined;
      const raw = decodeURIComponent(m[1]);
      if (!raw.startsWith('s:')) return undefined;
      const dot = raw.lastIndexOf('.');
      const sid = raw.slice(2, dot);
      const mac = createHmac('sha256', secret).update(sid).digest('base64').replace(/=+$/, '');
      const given = Buffer.from(raw.slice(dot + 1));
      return given.length === mac.length && timingSafeEqual(given, Buffer.from(mac)) ? sid : undefined;
    }
    require('node:http').createServer(async (req, res) => {
      try {
        const sid = sidOf(req.headers.cookie);
        const s = sid && (await pool.query('SELECT sess FROM "session" WHERE sid = $1 AND expire >= now()', [sid])).rows[0];
        const userId = s && s.sess.passport && s.sess.passport.user;
        if (!userId) { res.writeHead(401); return res.end(); }
        const { rows } = await pool.query(
          "SELECT COALESCE(sum(credits) FILTER (WHERE credit_kind = 'regular'), 0)::int AS regular, COALESCE(sum(credits) FILTER (WHERE credit_kind = 'watermarked'), 0)::int AS watermarked FROM credit_transaction WHERE user_id = $1 AND (expires_at IS NULL OR expires_at > now())",
          [userId]);
        const body = Buffer.from(JSON.stringify({ balance: rows[0].regular + rows[0].watermarked, regular: rows[0].regular, watermarked: rows[0].watermarked }));
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length, 'cache-control': 'no-store' });
        res.end(body);
      } catch (e) { res.writeHead(500); res.end(); }
    }).listen(Number(process.env.PORT), '127.0.0.1');`;
  const child = spawn(process.execPath, ['-e', code], {
    env: { ...process.env, PORT: String(port), DATABASE_URL: databaseUrl, SECRET: secret },
    stdio: 'ignore',
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitUntil('the naive server', async () => (await fetch(`${baseUrl}/`)).status === 401, () => '');
  return {
    baseUrl,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * autocannon with BENCH_CONNECTIONS connections; each connection goes round all the cookies (one
 * prepared request per cookie, so the load generator spends no JavaScript per request), each
 * starting at its own offset so the connections spread over the sessions.
 */
async function loadWithCookies(label: string, url: string, cookies: string[]): Promise<LoadFigures> {
  if (!/^http:\/\/127\.0\.0\.1[:/]/.test(url)) throw new Error(`Refusing to load a non-loopback address: ${url}`);
  const r = await autocannon({
    url,
    connections: BENCH_CONNECTIONS,
    duration: BENCH_SECONDS,
    requests: cookies.map((cookie) => ({ method: 'GET', headers: { cookie } })),
  });
  return { label, requestsPerSecond: r.requests.average, p50Ms: r.latency.p50, p99Ms: r.latency.p99, failures: r.non2xx + r.errors + r.timeouts };
}

/**
 * Issue 14: the shell's 2-second poll, GET /api/user/credits signed in, with SESSIONS sessions
 * spread over the connections, against (a) a bare node:http server sending the same bytes and
 * (b) a bare node:http + pg server doing the naive two lookups. Targets: ratio to bare ≥ 0.25,
 * p99 ≤ 20 ms, faster than the naive server.
 */
export async function run(): Promise<void> {
  await withDatabaseServer(async () => {
    const secret = randomBytes(32).toString('hex');
    const app = await startAppProcess({ SESSION_SECRET: secret });
    let naive: RunningServer | undefined;
    let bare: RunningServer | undefined;
    try {
      const cookies = await seedSessions(app.db.url, secret);
      // Every session polled once (the pipeline loads and caches it), as open tabs would.
      const bodies = new Set<string>();
      for (const cookie of cookies) {
        const res = await fetch(`${app.baseUrl}/api/user/credits`, { headers: { cookie } });
        if (res.status !== 200) throw new Error(`warm-up: ${res.status} ${await res.text()}`);
        bodies.add(await res.text());
      }
      const sample = (await (await fetch(`${app.baseUrl}/api/user/credits`, { headers: { cookie: cookies[0] } })).text());
      naive = await startNaiveServer(app.db.url, secret);
      const naiveSample = await (await fetch(`${naive.baseUrl}/`, { headers: { cookie: cookies[0] } })).text();
      if (naiveSample !== sample) throw new Error(`the naive server answers ${naiveSample}, the app ${sample}`);
      bare = await startBareServer(sample);

      console.log(`autocannon: ${BENCH_CONNECTIONS} connections, ${BENCH_SECONDS} s per target, ${cookies.length} sessions, 2 cores shared`);
      const appFigures = await loadWithCookies('app GET /api/user/credits (signed in)', `${app.baseUrl}/api/user/credits`, cookies);
      const naiveFigures = await loadWithCookies('node:http + pg, two lookups', `${naive.baseUrl}/`, cookies);
      const bareFigures = await loadWithCookies('bare node:http, same bytes', `${bare.baseUrl}/`, cookies);
      printTable([appFigures, naiveFigures, bareFigures]);
      console.log(`ratio (app / bare req/s): ${(appFigures.requestsPerSecond / bareFigures.requestsPerSecond).toFixed(2)} (target ≥ 0.25)`);
      console.log(`ratio (app / naive pg req/s): ${(appFigures.requestsPerSecond / naiveFigures.requestsPerSecond).toFixed(2)} (target > 1)`);
      console.log(`app p99: ${appFigures.p99Ms} ms (target ≤ 20 ms)`);
      if (appFigures.failures) throw new Error(`${appFigures.failures} failed requests against the app`);
    } finally {
      await bare?.stop();
      await naive?.stop();
      await app.stop();
    }
  });
}
