import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { mailsTo } from '../../test/support/outbox';
import { waitUntil } from '../../test/support/server-process';
import { PRODUCTION_RUNTIME, residentMemory, startBuiltAppProcess } from './built-app';
import type { AppProcess } from './servers';

/**
 * The built app as production runs it (PRODUCTION_RUNTIME), the local engine editing (D10), mail
 * to a folder, and per-address limits lifted so a bench can sign up as many people as it needs.
 */
export async function startEditingApp(extraEnv: Record<string, string> = {}): Promise<AppProcess & { outbox: string }> {
  const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'magic-editor-edit-bench-'));
  const app = await startBuiltAppProcess(
    {
      ...PRODUCTION_RUNTIME.env,
      MAIL_OUTBOX_DIR: outbox,
      REGISTRATIONS_PER_IP_PER_DAY: '100000',
      REGISTRATION_ATTEMPTS_PER_IP_PER_HOUR: '100000',
      GENERATION_MAX_IN_FLIGHT_PER_INSTANCE: '8',
      REPLICATE_API_TOKEN: '',
      MODEL_CHAIN: '',
      ...extraEnv,
    },
    PRODUCTION_RUNTIME.nodeArgs,
  );
  const stop = app.stop;
  return {
    ...app,
    outbox,
    stop: async () => {
      await stop();
      fs.rmSync(outbox, { recursive: true, force: true });
    },
  };
}

/** A new verified user (2 free watermarked credits, D5): the session cookie. */
export async function verifiedUser(app: AppProcess & { outbox: string }): Promise<string> {
  const email = `edit-${randomBytes(5).toString('hex')}@example.com`;
  const res = await fetch(`${app.baseUrl}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, username: `ed_${randomBytes(4).toString('hex')}`, password: 'edit-bench-1' }),
  });
  const cookie = res.headers
    .getSetCookie()
    .find((v) => v.startsWith('magic.sid='))
    ?.split(';')[0];
  if (res.status !== 201 || !cookie) throw new Error(`register: ${res.status} ${await res.text()}`);
  let token: string | undefined;
  await waitUntil('the verification mail', () => (token = /\/confirm-email\/([A-Za-z0-9_-]+)/.exec(mailsTo(app.outbox, email)[0]?.text ?? '')?.[1]) !== undefined, () => app.output(), 10_000);
  await fetch(`${app.baseUrl}/api/confirm-email/${token}`, { redirect: 'manual' });
  return cookie;
}

/** One edit through POST /api/generate: ms from sending to the parsed JSON answer. */
export async function postEdit(app: AppProcess, cookie: string, jpeg: Buffer, prompt: string): Promise<number> {
  const form = new FormData();
  form.append('prompt', prompt);
  form.append('share', 'false');
  form.append('image', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'photo.jpg');
  const t0 = performance.now();
  const res = await fetch(`${app.baseUrl}/api/generate`, { method: 'POST', headers: { cookie }, body: form });
  const body = (await res.json()) as { imageUrl?: string };
  const ms = performance.now() - t0;
  if (res.status !== 200 || !body.imageUrl) throw new Error(`generate: ${res.status} ${JSON.stringify(body)}`);
  return ms;
}

/** Samples a process's RSS every `everyMs` until stopped: the highest seen. */
export function sampleRss(pid: number, everyMs = 20): { stop: () => number } {
  let peak = residentMemory(pid).rssMb;
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, residentMemory(pid).rssMb);
    } catch {
      // the process ended
    }
  }, everyMs);
  return {
    stop: () => {
      clearInterval(timer);
      return peak;
    },
  };
}
