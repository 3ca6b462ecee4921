import request from 'supertest';
import { IMAGE_MODEL, type ImageEditRequest, type ImageEditResult, type ImageModel } from '../../src/modules/generation/application/image-model.port';
import { smallJpeg } from '../support/images';
import type { TestApp } from '../support/test-app';
import { waitUntil } from '../support/server-process';
import { balanceOf, createGenerationApp, generate, imageRowsOf, ledgerOf, signedInUser, sql } from './generation-helpers';

/**
 * Issue 9: at most GENERATION_MAX_IN_FLIGHT_PER_USER generations in flight per user, on all
 * instances together (counted in the database), and GENERATION_MAX_IN_FLIGHT_PER_INSTANCE per
 * server process. Over either: 429 GENERATION.TOO_MANY_IN_FLIGHT, no credit spent, no row left.
 * The model is a double that holds every call until the test lets it go.
 */
describe('generations in flight', () => {
  /** A model that answers only when released, so generations stay in flight as long as a test needs. */
  class GatedModel implements ImageModel {
    private waiting: Array<() => void> = [];
    get held(): number {
      return this.waiting.length;
    }
    edit(req: ImageEditRequest): Promise<ImageEditResult> {
      return new Promise((resolve) => this.waiting.push(() => resolve({ image: req.image, mimeType: req.mimeType, model: 'gated', costMicros: 0 })));
    }
    releaseAll(): void {
      const waiting = this.waiting;
      this.waiting = [];
      for (const go of waiting) go();
    }
  }

  const modelA = new GatedModel();
  const modelB = new GatedModel();
  let a: TestApp;
  let b: TestApp;
  let image: Buffer;

  beforeAll(async () => {
    image = await smallJpeg();
    a = await createGenerationApp({
      env: { GENERATION_MAX_IN_FLIGHT_PER_INSTANCE: '3' },
      overrideProviders: [{ provide: IMAGE_MODEL, useValue: modelA }],
    });
    // A second instance on the same database.
    b = await createGenerationApp({
      db: a.db,
      env: { GENERATION_MAX_IN_FLIGHT_PER_INSTANCE: '3' },
      overrideProviders: [{ provide: IMAGE_MODEL, useValue: modelB }],
    });
  });
  afterAll(async () => {
    modelA.releaseAll();
    modelB.releaseAll();
    await b.close();
    await a.close();
  });

  const heldBy = (model: GatedModel, n: number) => waitUntil(`${n} model call(s)`, () => model.held === n, () => '', 10_000);

  it('refuses a third generation of one user with 429 and no credit spent, even on another instance', async () => {
    const user = await signedInUser(a, { regular: 5 });
    const first = generate(user.agent, { image, prompt: 'make it black and white' }).then((r) => r);
    const second = generate(user.agent, { image, prompt: 'make it black and white' }).then((r) => r);
    await heldBy(modelA, 2);

    const third = await generate(user.agent, { image, prompt: 'make it black and white' }).expect(429);
    expect(third.body).toMatchObject({
      code: 'GENERATION.TOO_MANY_IN_FLIGHT',
      message: 'You already have 2 edits in progress. Please wait for one to finish and try again.',
    });

    // The same user signed in on the other instance is counted with the same two.
    const onB = request.agent(b.http);
    await onB.post('/api/login').send({ email: user.email, password: 'secret-pass-1' }).expect(200);
    const elsewhere = await generate(onB, { image, prompt: 'make it black and white' }).expect(429);
    expect(elsewhere.body.code).toBe('GENERATION.TOO_MANY_IN_FLIGHT');
    expect(modelB.held).toBe(0);

    // Nothing was spent or stored for the refused ones: 2 credits held, 2 rows processing.
    expect(await balanceOf(a, user.id)).toMatchObject({ balance: 3 });
    expect(await ledgerOf(a, user.id)).toMatchObject({ reservations: { active: 2 } });
    expect((await imageRowsOf(a, user.id)).map((r) => r.status)).toEqual(['processing', 'processing']);

    modelA.releaseAll();
    expect((await first).status).toBe(200);
    expect((await second).status).toBe(200);
    // With those finished, the next one goes through.
    const next = generate(onB, { image, prompt: 'make it black and white' }).then((r) => r);
    await heldBy(modelB, 1);
    modelB.releaseAll();
    expect((await next).status).toBe(200);
    expect(await balanceOf(a, user.id)).toMatchObject({ balance: 2 });
    expect(await ledgerOf(a, user.id)).toMatchObject({ reservations: { captured: 3 } });
  });

  it('refuses a generation over the instance cap with 429, whoever asks, while the other instance takes it', async () => {
    const users = await Promise.all([1, 2, 3, 4].map(() => signedInUser(a, { regular: 1 })));
    const running = users.slice(0, 3).map((u) => generate(u.agent, { image, prompt: 'make it black and white' }).then((r) => r));
    await heldBy(modelA, 3);

    const refused = await generate(users[3].agent, { image, prompt: 'make it black and white' }).expect(429);
    expect(refused.body).toMatchObject({
      code: 'GENERATION.TOO_MANY_IN_FLIGHT',
      message: 'The editor is very busy right now. Please try again in a moment.',
    });
    expect(await balanceOf(a, users[3].id)).toMatchObject({ balance: 1 });
    expect(await imageRowsOf(a, users[3].id)).toEqual([]);
    const [{ n }] = await sql<{ n: number }>(a, `SELECT count(*)::int AS n FROM credit_reservation WHERE user_id = $1`, [users[3].id]);
    expect(n).toBe(0);

    // Another instance has room of its own.
    const onB = request.agent(b.http);
    await onB.post('/api/login').send({ email: users[3].email, password: 'secret-pass-1' }).expect(200);
    const other = generate(onB, { image, prompt: 'make it black and white' }).then((r) => r);
    await heldBy(modelB, 1);
    modelB.releaseAll();
    expect((await other).status).toBe(200);

    modelA.releaseAll();
    expect((await Promise.all(running)).map((r) => r.status)).toEqual([200, 200, 200]);
    // The slots came back: the next request gets past them to the ledger (its one credit is spent: 402, not 429).
    await generate(users[0].agent, { image, prompt: 'make it black and white' }).expect(402);
  });
});
