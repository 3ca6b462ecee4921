import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import sharp from 'sharp';
import { mailsTo } from '../test/support/outbox';
import { waitUntil } from '../test/support/server-process';
import { PRODUCTION_RUNTIME, residentMemory, startBuiltAppProcess } from './support/built-app';
import { withDatabaseServer } from './support/load';
import { startBareServer } from './support/servers';

/** Issue 14: RSS after start and after a mixed load, target ≤ 200 MB for both. */
const TARGET_MB = 200;
const REQUESTS = Number(process.env.MEMORY_BENCH_REQUESTS ?? 1000);
const CONCURRENCY = Number(process.env.MEMORY_BENCH_CONCURRENCY ?? 16);

type Call = { method: 'GET' | 'POST'; path: string; cookie?: string; json?: unknown };

async function send(base: string, c: Call): Promise<{ status: number; body: string; cookie?: string }> {
  const headers: Record<string, string> = {};
  if (c.cookie) headers.cookie = c.cookie;
  if (c.json !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}${c.path}`, { method: c.method, headers, body: c.json === undefined ? undefined : JSON.stringify(c.json), redirect: 'manual' });
  const body = await res.text();
  const cookie = res.headers
    .getSetCookie()
    .find((v) => v.startsWith('magic.sid='))
    ?.split(';')[0];
  return { status: res.status, body, cookie };
}

/** A bare node:http process: the floor any Node server starts from, measured in the same run. */
async function bareNodeRss(): Promise<number> {
  const bare = await startBareServer('ok', 'text/plain');
  try {
    for (let i = 0; i < 200; i++) await fetch(`${bare.baseUrl}/`).then((r) => r.text());
    return residentMemory(bare.pid).rssMb;
  } finally {
    await bare.stop();
  }
}

export async function run(): Promise<void> {
  await withDatabaseServer(async () => {
    const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'magic-editor-memory-bench-'));
    // The app runs as `npm start` and the Docker image run it (PRODUCTION_RUNTIME);
    // MEMORY_BENCH_NODE_ARGS replaces its Node flags to try others.
    const nodeArgs = process.env.MEMORY_BENCH_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? PRODUCTION_RUNTIME.nodeArgs;
    const app = await startBuiltAppProcess(
      {
        ...PRODUCTION_RUNTIME.env,
        MAIL_OUTBOX_DIR: outbox,
        REGISTRATIONS_PER_IP_PER_DAY: '100000',
        REGISTRATION_ATTEMPTS_PER_IP_PER_HOUR: '100000',
        LOGIN_FAILURES_PER_WINDOW: '100000',
      },
      nodeArgs,
    );
    try {
      const base = app.baseUrl;
      await new Promise((r) => setTimeout(r, 1000)); // start-up work settles (runAtStart jobs, lazy loads)
      const atStart = residentMemory(app.pid);

      // One verified user with one generated image (local engine), so the mix can read an image.
      const email = `mem-${randomBytes(4).toString('hex')}@example.com`;
      const password = 'memory-bench-1';
      const reg = await send(base, { method: 'POST', path: '/api/register', json: { email, username: `mem_${randomBytes(3).toString('hex')}`, password } });
      if (reg.status !== 201 || !reg.cookie) throw new Error(`register: ${reg.status} ${reg.body}`);
      const cookie = reg.cookie;
      let token: string | undefined;
      await waitUntil('the verification mail', () => (token = /\/confirm-email\/([A-Za-z0-9_-]+)/.exec(mailsTo(outbox, email)[0]?.text ?? '')?.[1]) !== undefined, () => app.output(), 10_000);
      await send(base, { method: 'GET', path: `/api/confirm-email/${token}` });
      const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#5a8f3c' } }).jpeg({ quality: 90 }).toBuffer();
      const form = new FormData();
      form.append('prompt', 'make it black and white');
      form.append('image', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'photo.jpg');
      const gen = await fetch(`${base}/api/generate`, { method: 'POST', headers: { cookie }, body: form });
      const genBody = (await gen.json()) as { imageUrl?: string };
      if (gen.status !== 200 || !genBody.imageUrl) throw new Error(`generate: ${gen.status} ${JSON.stringify(genBody)}`);
      const afterGeneration = residentMemory(app.pid);

      // The mix, per 50 requests: the 2-s credits poll dominates, as in production (000 §7).
      const round: Array<(i: number) => Call> = [
        ...Array.from({ length: 14 }, () => () => ({ method: 'GET' as const, path: '/api/user/credits', cookie })),
        ...Array.from({ length: 6 }, () => () => ({ method: 'GET' as const, path: '/api/user', cookie })),
        ...Array.from({ length: 6 }, () => () => ({ method: 'GET' as const, path: '/api/health' })),
        ...Array.from({ length: 6 }, () => () => ({ method: 'GET' as const, path: '/api/community/recent?limit=20' })),
        ...Array.from({ length: 5 }, () => () => ({ method: 'GET' as const, path: '/api/leaderboard' })),
        ...Array.from({ length: 5 }, () => () => ({ method: 'GET' as const, path: genBody.imageUrl!, cookie })),
        ...Array.from({ length: 5 }, () => () => ({ method: 'GET' as const, path: '/' })),
        (i) => ({ method: 'POST', path: '/api/register', json: { email: `m${i}-${randomBytes(3).toString('hex')}@example.com`, username: `m${i}_${randomBytes(3).toString('hex')}`, password } }),
        () => ({ method: 'POST', path: '/api/login', json: { email, password } }),
        () => ({ method: 'GET', path: '/api/site-config' }),
      ];
      const calls = Array.from({ length: REQUESTS }, (_, i) => round[i % round.length](i));
      let next = 0;
      const failures: string[] = [];
      const started = Date.now();
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < calls.length) {
            const c = calls[next++];
            const res = await send(base, c);
            if (res.status >= 400) failures.push(`${c.method} ${c.path} → ${res.status}`);
          }
        }),
      );
      const loadMs = Date.now() - started;
      const afterLoad = residentMemory(app.pid);
      await new Promise((r) => setTimeout(r, 5000));
      const afterIdle = residentMemory(app.pid);
      const bare = await bareNodeRss();

      const mb = (n: number) => Number(n.toFixed(1));
      console.log(`built app (${Object.entries(PRODUCTION_RUNTIME.env).map(([k, v]) => `${k}=${v} `).join('')}node ${[...nodeArgs, 'backend/dist/main.js'].join(' ')}), production, LOG_LEVEL=silent; ${REQUESTS} mixed requests, ${CONCURRENCY} at a time, in ${loadMs} ms`);
      console.table([
        { when: 'after start (1 s idle)', 'RSS MB': mb(atStart.rssMb), 'target MB': TARGET_MB, ok: atStart.rssMb <= TARGET_MB ? 'yes' : 'NO' },
        { when: 'after one generation (setup)', 'RSS MB': mb(afterGeneration.rssMb), 'target MB': '', ok: '' },
        { when: `after ${REQUESTS} mixed requests`, 'RSS MB': mb(afterLoad.rssMb), 'target MB': TARGET_MB, ok: afterLoad.rssMb <= TARGET_MB ? 'yes' : 'NO' },
        { when: 'after 5 s idle', 'RSS MB': mb(afterIdle.rssMb), 'target MB': TARGET_MB, ok: afterIdle.rssMb <= TARGET_MB ? 'yes' : 'NO' },
        { when: 'peak (VmHWM)', 'RSS MB': mb(afterIdle.peakMb), 'target MB': '', ok: '' },
        { when: 'baseline: bare node:http process', 'RSS MB': mb(bare), 'target MB': '', ok: '' },
      ]);
      console.log(`ratio (app RSS after load / bare node:http RSS): ${(afterLoad.rssMb / bare).toFixed(2)}`);
      if (failures.length) throw new Error(`${failures.length} failed requests, e.g. ${failures.slice(0, 5).join('; ')}`);
    } finally {
      await app.stop();
      fs.rmSync(outbox, { recursive: true, force: true });
    }
  });
}
