import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { FailStuckGenerationsJob } from '../../src/modules/generation/application/fail-stuck-generations.job';
import { signUpBody } from '../identity/identity-helpers';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { startFakeReplicate, type FakeReplicate } from '../support/fake-replicate';
import { freePort } from '../support/free-port';
import { photoJpeg } from '../support/images';
import { startServerProcess, waitUntil } from '../support/server-process';
import type { TestApp } from '../support/test-app';
import { balanceOf, createGenerationApp, grant, imageRowsOf, sql } from './generation-helpers';

/**
 * D4: a process killed mid-generation (kill -9) costs nothing. The next instance's start-up
 * releases the left-behind reservation at once, because the instance that made it is gone
 * (credits job, issue 9), and marks the image failed (generation, on CreditReservationsReleased).
 */
describe('a process killed mid-generation', () => {
  let db: TestDatabase;
  let replicate: FakeReplicate;
  const ENV = { REGISTRATIONS_PER_IP_PER_DAY: '1000', REGISTRATION_ATTEMPTS_PER_IP_PER_HOUR: '1000' };

  /** SQL on the shared database while no in-process instance is running. */
  const query = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => sql<T>({ db } as TestApp, text, params);

  beforeAll(async () => {
    db = await createTestDatabase('crash');
    replicate = await startFakeReplicate();
    replicate.setDefault({ kind: 'hang' }); // accepts the prediction, never finishes
  });
  afterAll(async () => {
    await replicate.close();
    await db.drop();
  });

  it('gets its credit back and its image marked failed as soon as the next instance starts (issue 9)', async () => {
    // A verified user with one credit, made through an in-process instance (it also migrates the database).
    const account = signUpBody();
    let userId: string;
    {
      const setup = await createGenerationApp({ db });
      try {
        userId = (await request(setup.http).post('/api/register').send(account).expect(201)).body.id;
        await grant(setup, userId, { regular: 1 });
      } finally {
        await setup.close();
      }
    }

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = startServerProcess({
      ...ENV,
      ...replicate.env,
      NODE_ENV: 'production',
      LOCAL_CHECKOUT_IN_PRODUCTION: 'true', C2PA_DEVELOPMENT_SIGNER_IN_PRODUCTION: 'true',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: db.url,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'warn',
    });
    let t: TestApp | undefined;
    try {
      await waitUntil('the server', async () => (await fetch(`${base}/api/health`)).ok, server.output);
      const login = await fetch(`${base}/api/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: account.email, password: account.password }),
      });
      expect(login.status).toBe(200);
      const cookie = login.headers.get('set-cookie')!.split(';')[0];

      const form = new FormData();
      form.append('prompt', 'add snow falling');
      form.append('image', new Blob([new Uint8Array(photoJpeg())], { type: 'image/jpeg' }), 'rocket.jpg');
      const inFlight = fetch(`${base}/api/generate`, { method: 'POST', headers: { Cookie: cookie }, body: form }).then(
        (r) => r.status,
        () => 'connection lost',
      );

      // The model has the prediction: the credit is held and the image is processing.
      await waitUntil('the prediction', () => replicate.creates().length === 1, server.output);
      const [held] = await query<{ id: string; status: string }>(`SELECT id, status FROM credit_reservation WHERE user_id = $1`, [userId]);
      expect(held.status).toBe('active');
      const [processing] = await query<{ id: string; status: string }>(`SELECT id, status FROM image WHERE user_id = $1`, [userId]);
      expect(processing.status).toBe('processing');

      server.child.kill('SIGKILL');
      await server.exited;
      expect(await inFlight).toBe('connection lost');

      // Issue 9: no need to wait for CREDIT_RESERVATION_STALE_MINUTES (the rows are seconds old).
      // The reservation names the dead instance, whose liveness lock went with its connection.
      const [tagged] = await query<{ instance_id: string | null }>(`SELECT instance_id FROM credit_reservation WHERE id = $1`, [held.id]);
      expect(tagged.instance_id).toMatch(/^[0-9a-f-]{36}$/);

      // A new instance starts: its start-up jobs clean up.
      t = await createGenerationApp({ db });
      const [released] = await sql<{ status: string }>(t, `SELECT status FROM credit_reservation WHERE id = $1`, [held.id]);
      expect(released.status).toBe('released');
      expect(await imageRowsOf(t, userId)).toEqual([
        expect.objectContaining({ id: processing.id, status: 'failed', original_bytes: null, generated_bytes: null }),
      ]);
      expect(await balanceOf(t, userId)).toEqual({ balance: 1, regular: 1, watermarked: 0 });
      await request(t.http).get(`/api/images/${processing.id}`).expect(404);
    } finally {
      server.child.kill('SIGKILL');
      await t?.close();
    }
  }, 120_000);

  it('leaves a generation still in its time alone', async () => {
    const t = await createGenerationApp({ db });
    try {
      const userId = (await request(t.http).post('/api/register').send(signUpBody()).expect(201)).body.id as string;
      const [fresh] = await sql<{ id: string }>(
        t,
        `INSERT INTO image (user_id, prompt, status, original_image_data) VALUES ($1, 'x', 'processing', '\\x00') RETURNING id`,
        [userId],
      );
      const [old] = await sql<{ id: string }>(
        t,
        `INSERT INTO image (user_id, prompt, status, original_image_data, "timestamp")
         VALUES ($1, 'x', 'processing', '\\x00', now() - interval '11 minutes') RETURNING id`,
        [userId],
      );
      expect(await t.app.get(FailStuckGenerationsJob).execute()).toEqual([old.id]);
      const rows = await imageRowsOf(t, userId);
      expect(rows.find((r) => r.id === fresh.id)).toMatchObject({ status: 'processing', original_bytes: 1 });
      expect(rows.find((r) => r.id === old.id)).toMatchObject({ status: 'failed', original_bytes: null });
    } finally {
      await t.close();
    }
  });
});
