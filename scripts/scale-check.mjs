#!/usr/bin/env node
// `npm run scale:check`: the Docker-free equivalent of `docker compose --profile scale up`
// (docs/deploy.md). Starts two instances of the built backend (backend/dist/main.js) on ONE fresh
// PostgreSQL database of DATABASE_URL's server, puts a reverse proxy in front of them (nginx when
// it is installed, with the settings of docker/nginx/scale.conf; else a small node:http
// round-robin proxy that also forwards the /ws upgrade), signs up and in THROUGH THE PROXY, then
// checks that both instances, each hit directly, see the same state: the session, the credits
// after the verification grant, a live update (/ws) published by one and heard on the other, and
// an image generated through one and served by the other. Prints a PASS/FAIL table; exits 1 on any
// FAIL.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run scale:check
//   options: --no-build (use backend/dist as it is), --proxy=nginx|node (default: nginx if found)
//
// The S3 image store is used when S3_BUCKET (and the other S3_* variables) are set in the
// environment; otherwise images stay in PostgreSQL, which both instances share as well.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as http from 'node:http';
import { createRequire } from 'node:module';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const backendRequire = createRequire(path.join(root, 'backend', 'package.json'));
const { Client } = backendRequire('pg');
const WebSocket = backendRequire('ws');
const sharp = backendRequire('sharp');

const args = process.argv.slice(2);
const noBuild = args.includes('--no-build');
const proxyArg = args.find((a) => a.startsWith('--proxy='))?.slice('--proxy='.length);

const results = [];
const cleanups = [];
const log = (m) => console.log(`[scale-check] ${m}`);

function record(check, pass, detail = '') {
  results.push({ check, result: pass ? 'PASS' : 'FAIL', detail });
  log(`${pass ? 'PASS' : 'FAIL'}  ${check}${detail ? `  (${detail})` : ''}`);
  return pass;
}

async function step(check, fn) {
  try {
    const detail = await fn();
    return record(check, true, typeof detail === 'string' ? detail : '');
  } catch (e) {
    record(check, false, e.message.split('\n')[0].slice(0, 200));
    return false;
  }
}

function assert(cond, message) {
  if (!cond) throw new Error(message);
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function waitFor(what, check, ms = 60_000) {
  const deadline = Date.now() + ms;
  let last;
  while (Date.now() < deadline) {
    try {
      if (await check()) return;
    } catch (e) {
      last = e;
    }
    await sleep(150);
  }
  throw new Error(`timed out waiting for ${what}${last ? `: ${last.message}` : ''}`);
}

// --- processes ------------------------------------------------------------------------------------

function startProcess(name, command, argv, options) {
  const child = spawn(command, argv, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const keep = (d) => (out = (out + d.toString()).slice(-20_000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  cleanups.push(async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  });
  return { name, child, output: () => out, exited };
}

const instances = [];

async function startInstance(name, port, env) {
  const proc = startProcess(name, process.execPath, [path.join(root, 'backend', 'dist', 'main.js')], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
  });
  const instance = { ...proc, port, url: `http://127.0.0.1:${port}` };
  instances.push(instance);
  return instance;
}

/** docker/nginx/scale.conf: the proxy settings the Docker scale profile runs, checked here as they are. */
const SCALE_CONF = path.join(root, 'docker', 'nginx', 'scale.conf');

function nginxConfig(dir, proxyPort, upstreamPorts) {
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  // scale.conf itself, with loopback upstreams and port, inside a main config with temp paths here.
  let appServers = 0;
  const site = fs
    .readFileSync(SCALE_CONF, 'utf8')
    .replace(/^(\s*)server app-\d+:\d+( [^;]*)?;\n/gm, (_line, indent, params = '') =>
      appServers++ === 0 ? upstreamPorts.map((p) => `${indent}server 127.0.0.1:${p}${params};\n`).join('') : '',
    )
    .replace(/^(\s*)listen \d+;$/m, (_line, indent) => `${indent}listen 127.0.0.1:${proxyPort};`);
  if (appServers === 0 || !site.includes(`listen 127.0.0.1:${proxyPort};`)) {
    throw new Error(`${SCALE_CONF} no longer has "server app-N:PORT …;" upstream lines and a "listen PORT;" line: update nginxConfig`);
  }
  return `${asRoot ? 'user root root;\n' : ''}worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
    access_log ${dir}/access.log;
    client_body_temp_path ${dir}/body;
    proxy_temp_path ${dir}/proxy;
    fastcgi_temp_path ${dir}/fastcgi;
    uwsgi_temp_path ${dir}/uwsgi;
    scgi_temp_path ${dir}/scgi;
${site}
}
`;
}

function findNginx() {
  for (const candidate of ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx']) if (fs.existsSync(candidate)) return candidate;
  const which = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' });
  return which.status === 0 ? which.stdout.trim() : undefined;
}

async function startNginx(nginx, dir, proxyPort, upstreamPorts) {
  fs.writeFileSync(path.join(dir, 'nginx.conf'), nginxConfig(dir, proxyPort, upstreamPorts));
  const test = spawnSync(nginx, ['-t', '-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')], { encoding: 'utf8' });
  if (test.status !== 0) throw new Error(`nginx -t failed: ${test.stderr}`);
  return startProcess('nginx', nginx, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log'), '-g', 'daemon off;'], {
    cwd: dir,
  });
}

/** Round-robin node:http proxy with the /ws upgrade, for machines without nginx. */
async function startNodeProxy(proxyPort, upstreamPorts) {
  let next = 0;
  const pick = () => upstreamPorts[next++ % upstreamPorts.length];
  const agent = new http.Agent({ keepAlive: true, keepAliveMsecs: 1000, maxSockets: 64, timeout: 4000 });
  const forwarded = (req) => ({
    ...req.headers,
    'x-forwarded-for': [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', '),
    'x-forwarded-proto': 'http',
    'x-forwarded-host': req.headers.host ?? '',
  });
  const server = http.createServer((req, res) => {
    const upstream = http.request(
      { host: '127.0.0.1', port: pick(), method: req.method, path: req.url, headers: forwarded(req), agent },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.rawHeaders);
        up.pipe(res);
      },
    );
    upstream.setTimeout(150_000, () => upstream.destroy(new Error('upstream timeout')));
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502).end('bad gateway');
      else res.destroy();
    });
    req.pipe(upstream);
  });
  server.on('upgrade', (req, socket, head) => {
    const up = net.connect(pick(), '127.0.0.1', () => {
      const headers = forwarded(req);
      const lines = [`${req.method} ${req.url} HTTP/1.1`, ...Object.entries(headers).map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(', ') : v}`)];
      up.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head?.length) up.write(head);
      up.pipe(socket);
      socket.pipe(up);
    });
    const close = () => {
      up.destroy();
      socket.destroy();
    };
    up.on('error', close);
    socket.on('error', close);
  });
  await new Promise((resolve) => server.listen(proxyPort, '127.0.0.1', resolve));
  cleanups.push(async () => {
    server.closeAllConnections?.();
    agent.destroy();
    await new Promise((resolve) => server.close(() => resolve()));
  });
  return { name: 'node proxy', output: () => '' };
}

// --- HTTP helpers -----------------------------------------------------------------------------------

let publicOrigin = '';

/** fetch with the session cookie and, on state-changing calls, the Origin a browser sends. */
async function call(base, method, pathname, { cookie, json, form } = {}) {
  const headers = {};
  if (cookie) headers.cookie = cookie;
  if (method !== 'GET') headers.origin = publicOrigin;
  let body;
  if (json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(json);
  } else if (form) body = form;
  const res = await fetch(`${base}${pathname}`, { method, headers, body, redirect: 'manual' });
  const buffer = Buffer.from(await res.arrayBuffer());
  let parsed;
  try {
    parsed = JSON.parse(buffer.toString('utf8'));
  } catch {
    parsed = undefined;
  }
  const setCookie = res.headers.getSetCookie?.() ?? [];
  const session = setCookie.find((c) => c.startsWith('magic.sid='))?.split(';')[0];
  return { status: res.status, body: parsed, buffer, headers: res.headers, session };
}

function verificationToken(outboxDir, email) {
  if (!fs.existsSync(outboxDir)) return undefined;
  const mails = fs
    .readdirSync(outboxDir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(fs.readFileSync(path.join(outboxDir, f), 'utf8')))
    .filter((m) => String(m.to).toLowerCase() === email.toLowerCase());
  for (const m of mails.reverse()) {
    const match = /\/confirm-email\/([A-Za-z0-9_-]+)/.exec(`${m.text ?? ''} ${m.html ?? ''}`);
    if (match) return match[1];
  }
  return undefined;
}

/** A /ws client that collects the messages it hears. */
function liveClient(url) {
  return new Promise((resolve, reject) => {
    const messages = [];
    const ws = new WebSocket(url, { headers: { origin: publicOrigin } });
    ws.on('message', (data) => {
      try {
        messages.push(JSON.parse(data.toString()));
      } catch {
        /* not JSON */
      }
    });
    ws.once('open', () => resolve({ ws, messages }));
    ws.once('error', reject);
    cleanups.push(async () => ws.terminate());
  });
}

// --- the run ---------------------------------------------------------------------------------------

async function main() {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    console.error('DATABASE_URL is not set: point it at a PostgreSQL server whose user may create databases,\n  e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run scale:check');
    process.exit(2);
  }

  if (!noBuild) {
    log('Building the backend (npm run build -w backend; --no-build skips this)…');
    const built = spawnSync('npm', ['run', 'build', '-w', 'backend'], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('the backend build failed');
  }
  if (!fs.existsSync(path.join(root, 'backend', 'dist', 'main.js'))) throw new Error('backend/dist/main.js is missing: run npm run build');

  // One fresh database on the server, dropped at the end.
  const dbName = `me_scale_${randomBytes(5).toString('hex')}`;
  const admin = async (sql) => {
    const c = new Client({ connectionString: serverUrl });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await admin(`CREATE DATABASE "${dbName}"`);
  cleanups.push(() => admin(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`));
  const dbUrl = new URL(serverUrl);
  dbUrl.pathname = `/${dbName}`;

  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'magic-editor-scale-'));
  fs.chmodSync(work, 0o755);
  cleanups.push(async () => fs.rmSync(work, { recursive: true, force: true }));
  const outboxDir = path.join(work, 'outbox');

  const [portA, portB, proxyPort] = [await freePort(), await freePort(), await freePort()];
  const proxyUrl = `http://127.0.0.1:${proxyPort}`;
  publicOrigin = proxyUrl;

  const s3 = Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith('S3_')));
  const shared = {
    NODE_ENV: 'production',
    DATABASE_URL: dbUrl.toString(),
    SESSION_SECRET: randomBytes(32).toString('hex'), // the same on both: either checks the other's cookie
    PUBLIC_URL: proxyUrl,
    TRUST_PROXY: 'true',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    MAIL_OUTBOX_DIR: outboxDir,
    SMTP_URL: '',
    REPLICATE_API_TOKEN: '', // the local engine: no network
    OPENAI_API_KEY: '',
    STRIPE_SECRET_KEY: '',
    STRIPE_WEBHOOK_SECRET: '',
    LOCAL_CHECKOUT_IN_PRODUCTION: 'true',
    ...s3,
  };
  log(`Database ${dbName}; images in ${s3.S3_BUCKET ? `S3 bucket ${s3.S3_BUCKET}` : 'PostgreSQL (set S3_* to use an object store)'}`);

  // Both at once on the empty database: the migrations run once, under their advisory lock.
  const started = Date.now();
  const a = await startInstance('instance A', portA, shared);
  const b = await startInstance('instance B', portB, shared);
  const healthy = (inst) =>
    Promise.race([
      waitFor(`${inst.name} to answer /api/health`, async () => (await fetch(`${inst.url}/api/health`)).ok, 90_000),
      inst.exited.then((code) => {
        throw new Error(`${inst.name} exited (${code}): ${inst.output().slice(-1500)}`);
      }),
    ]);
  const bothUp = await step('two instances start together on one fresh database (migrations once, under a lock)', async () => {
    await Promise.all([healthy(a), healthy(b)]);
    return `A :${portA}, B :${portB}, ${Date.now() - started} ms`;
  });
  if (!bothUp) return;

  const nginx = proxyArg === 'node' ? undefined : findNginx();
  if (proxyArg === 'nginx' && !nginx) throw new Error('nginx is not installed (apt-get install nginx-light), or use --proxy=node');
  let proxyName = 'node proxy';
  const proxyUp = await step('reverse proxy in front of both', async () => {
    if (nginx) {
      const dir = path.join(work, 'nginx');
      fs.mkdirSync(dir);
      const proc = await startNginx(nginx, dir, proxyPort, [portA, portB]);
      proxyName = 'nginx';
      await Promise.race([
        waitFor('nginx', async () => (await fetch(`${proxyUrl}/api/health`)).ok, 20_000),
        proc.exited.then((code) => {
          throw new Error(`nginx exited (${code}): ${proc.output()}`);
        }),
      ]);
    } else {
      await startNodeProxy(proxyPort, [portA, portB]);
    }
    for (let i = 0; i < 4; i++) assert((await call(proxyUrl, 'GET', '/api/health')).status === 200, 'health through the proxy is not 200');
    return `${proxyName} on :${proxyPort}`;
  });
  if (!proxyUp) return;

  // Sign up and sign in through the proxy (round robin: the two calls may land on different instances).
  const email = `scale-${randomBytes(4).toString('hex')}@example.com`;
  const password = 'scale-check-pass-1';
  let cookie;
  let userId;
  const signedIn = await step('sign up, then sign in, through the proxy', async () => {
    const reg = await call(proxyUrl, 'POST', '/api/register', { json: { email, username: `scale_${randomBytes(3).toString('hex')}`, password } });
    assert(reg.status === 201, `register answered ${reg.status}: ${reg.buffer.toString().slice(0, 200)}`);
    const login = await call(proxyUrl, 'POST', '/api/login', { json: { email, password } });
    assert(login.status === 200, `login answered ${login.status}: ${login.buffer.toString().slice(0, 200)}`);
    assert(login.session, 'login set no session cookie');
    cookie = login.session;
    userId = login.body.id;
    return `user ${userId}`;
  });
  if (!signedIn) return;

  await step('the session works on both instances (hit directly)', async () => {
    const [ua, ub] = await Promise.all([call(a.url, 'GET', '/api/user', { cookie }), call(b.url, 'GET', '/api/user', { cookie })]);
    assert(ua.status === 200 && ub.status === 200, `GET /api/user: A ${ua.status}, B ${ub.status}`);
    assert(ua.body.id === userId && ub.body.id === userId, 'the instances name different users');
    return `A ${ua.status}, B ${ub.status}`;
  });

  const credits = async (inst) => (await call(inst.url, 'GET', '/api/user/credits', { cookie })).body;
  await step('credits equal on both before the grant', async () => {
    const [ca, cb] = await Promise.all([credits(a), credits(b)]);
    assert(JSON.stringify(ca) === JSON.stringify(cb), `A ${JSON.stringify(ca)} vs B ${JSON.stringify(cb)}`);
    return `balance ${ca.balance} on both`;
  });

  await step('verify the e-mail (outbox link) through the proxy; credits equal on both after the grant', async () => {
    let token;
    await waitFor('the verification mail', () => (token = verificationToken(outboxDir, email)) !== undefined, 10_000);
    const v = await call(proxyUrl, 'GET', `/api/confirm-email/${token}`);
    assert(v.status === 200, `confirm-email answered ${v.status}`);
    const t0 = Date.now();
    let ca;
    let cb;
    // Exact on the writer at once, elsewhere within milliseconds (a per-instance cache dropped by NOTIFY).
    await waitFor('both instances to show the grant', async () => {
      [ca, cb] = await Promise.all([credits(a), credits(b)]);
      return ca.balance > 0 && JSON.stringify(ca) === JSON.stringify(cb);
    }, 3_000).catch(() => {
      throw new Error(`A ${JSON.stringify(ca)} vs B ${JSON.stringify(cb)}`);
    });
    return `balance ${ca.balance} on both (${Date.now() - t0} ms)`;
  });

  // A /ws client on B (directly) and one through the proxy; the generation goes to A directly.
  let imageId;
  let imageUrl;
  let onB;
  let viaProxy;
  await step('/ws: connect a client to B directly and one through the proxy (upgrade proxied)', async () => {
    onB = await liveClient(`ws://127.0.0.1:${portB}/ws`);
    viaProxy = await liveClient(`ws://127.0.0.1:${proxyPort}/ws`);
    return 'both open';
  });

  await step('generate an image through instance A (local engine, shared to the feed)', async () => {
    const jpeg = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#4a7bd0' } }).jpeg({ quality: 90 }).toBuffer();
    const form = new FormData();
    form.append('prompt', 'make it black and white');
    form.append('image', new Blob([jpeg], { type: 'image/jpeg' }), 'scale-check.jpg');
    const res = await call(a.url, 'POST', '/api/generate', { cookie, form });
    assert(res.status === 200, `generate answered ${res.status}: ${res.buffer.toString().slice(0, 300)}`);
    imageId = res.body.id;
    imageUrl = res.body.imageUrl;
    return `image ${imageId}`;
  });

  await step('live update published by A arrives on the client connected to B', async () => {
    assert(imageId, 'no image was generated');
    const hit = (c) => c?.messages.some((m) => m.type === 'new_community_edit' && JSON.stringify(m.data).includes(imageId));
    await waitFor('new_community_edit on B', () => hit(onB), 5_000);
    await waitFor('new_community_edit through the proxy', () => hit(viaProxy), 5_000);
    return 'new_community_edit on B and through the proxy';
  });

  await step('the image generated on A is served by B (same bytes)', async () => {
    assert(imageUrl, 'no image was generated');
    const [fa, fb] = await Promise.all([call(a.url, 'GET', imageUrl, { cookie }), call(b.url, 'GET', imageUrl, { cookie })]);
    assert(fb.status === 200, `B answered ${fb.status} for ${imageUrl}`);
    assert(/^image\//.test(fb.headers.get('content-type') ?? ''), `B's content-type is ${fb.headers.get('content-type')}`);
    assert(fa.buffer.equals(fb.buffer), 'A and B serve different bytes');
    return `${imageUrl}: ${fb.buffer.length} bytes, ${fb.headers.get('content-type')}`;
  });

  await step('credits equal on both after the generation', async () => {
    let ca;
    let cb;
    await waitFor('equal balances', async () => {
      [ca, cb] = await Promise.all([credits(a), credits(b)]);
      return JSON.stringify(ca) === JSON.stringify(cb);
    }, 3_000).catch(() => {
      throw new Error(`A ${JSON.stringify(ca)} vs B ${JSON.stringify(cb)}`);
    });
    return `balance ${ca.balance} on both`;
  });

  await step('sign out on A ends the session on B at once', async () => {
    const out = await call(a.url, 'POST', '/api/logout', { cookie });
    assert(out.status === 200, `logout answered ${out.status}`);
    const ub = await call(b.url, 'GET', '/api/user', { cookie });
    assert(ub.status === 401, `B still answers ${ub.status} for the ended session`);
    return 'B answers 401';
  });

  for (const inst of [a, b]) {
    if (inst.child.exitCode !== null) record(`${inst.name} still running`, false, inst.output().slice(-300));
  }
}

async function cleanup() {
  for (const fn of cleanups.reverse()) await fn().catch(() => undefined);
}

main()
  .catch((e) => record('scale check ran to the end', false, e.message))
  .finally(async () => {
    await cleanup();
    console.log('');
    console.table(results);
    const failed = results.filter((r) => r.result !== 'PASS').length;
    if (failed) {
      for (const inst of instances) {
        const out = inst.output().trim();
        if (out) console.log(`\n--- ${inst.name}: last output (LOG_LEVEL=${process.env.LOG_LEVEL ?? 'warn'}) ---\n${out.slice(-4000)}`);
      }
    }
    console.log(failed ? `scale check: ${failed} FAILED of ${results.length}` : `scale check: all ${results.length} PASSED`);
    process.exit(failed || results.length === 0 ? 1 : 0);
  });
