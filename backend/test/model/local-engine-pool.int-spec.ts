import * as path from 'node:path';
import sharp from 'sharp';
import { loadConfig } from '../../src/config/app-config';
import { LocalEnginePool } from '../../src/modules/generation/adapters/model/local-engine/local-engine-pool';
import { InstanceImageWork } from '../../src/modules/generation/application/instance-image-work';
import { LocalImageModel } from '../../src/modules/generation/adapters/model/local-image-model.adapter';
import { parseEditIntents } from '../../src/modules/generation/adapters/model/local-engine/edit-intents';
import { photo as samplePhoto, photoJpeg } from '../support/images';
import type { TestApp } from '../support/test-app';
import { balanceOf, createGenerationApp, generate, imageRowsOf, ledgerOf, signedInUser } from '../generation/generation-helpers';

const CRASHING_WORKER = path.join(__dirname, 'fixtures', 'crashing-render.worker.js');
const AFTER_ANSWER_WORKER = path.join(__dirname, 'fixtures', 'after-answer.worker.js');

/** ADR 0022: the local engine's worker pool — bounded, and a dead worker fails only its own generation. */
describe('local engine worker pool (ADR 0022)', () => {
  let photo: Buffer;
  beforeAll(async () => {
    photo = await sharp(samplePhoto('coffee.png')).resize(1600, 1200, { fit: 'fill' }).jpeg({ quality: 90 }).toBuffer();
  });

  it.each([1, 2])('never runs more than LOCAL_ENGINE_THREADS=%i edits at once; the others wait and all finish', async (threads) => {
    const pool = new LocalEnginePool({ threads });
    const model = new LocalImageModel(pool);
    let maxRunning = 0;
    let maxWaiting = 0;
    let maxThreads = 0;
    const sample = () => {
      maxRunning = Math.max(maxRunning, pool.load.running);
      maxWaiting = Math.max(maxWaiting, pool.load.waiting);
      maxThreads = Math.max(maxThreads, pool.threadCount);
    };
    const sampler = setInterval(sample, 1);
    try {
      const edits = ['add snow falling', 'make it warmer', 'add rain falling', 'make it black and white', 'give it a cartoon comic look'].map((prompt) =>
        model.edit({ image: photo, mimeType: 'image/jpeg', prompt, style: 'realistic' }),
      );
      sample();
      const results = await Promise.all(edits);
      for (const r of results) expect((await sharp(r.image).metadata()).width).toBe(1600);
    } finally {
      clearInterval(sampler);
      await pool.destroy();
    }
    expect(maxRunning).toBe(threads);
    expect(maxWaiting).toBe(5 - threads);
    expect(maxThreads).toBeLessThanOrEqual(threads);
    expect(pool.load).toEqual({ running: 0, waiting: 0 });
  });

  it('drops an edit still waiting for a thread when its signal fires, and gives its place to the next', async () => {
    const pool = new LocalEnginePool({ threads: 1 });
    try {
      const intents = parseEditIntents('make it warmer');
      const first = pool.render({ image: photo, mimeType: 'image/jpeg', intents });
      const controller = new AbortController();
      const dropped = pool.render({ image: photo, mimeType: 'image/jpeg', intents }, controller.signal);
      const third = pool.render({ image: photo, mimeType: 'image/jpeg', intents });
      expect(pool.load).toEqual({ running: 1, waiting: 2 });
      controller.abort(new Error('client gone'));
      await expect(dropped).rejects.toThrow('client gone');
      expect(pool.load.waiting).toBe(1);
      await Promise.all([first, third]);
      expect(pool.load).toEqual({ running: 0, waiting: 0 });
    } finally {
      await pool.destroy();
    }
  });

  it('gives the caller its input untouched (the worker gets a moved copy)', async () => {
    const pool = new LocalEnginePool({ threads: 1 });
    try {
      const input = Buffer.from(photo);
      await pool.render({ image: input, mimeType: 'image/jpeg', intents: parseEditIntents('make it warmer') });
      expect(input.equals(photo)).toBe(true);
    } finally {
      await pool.destroy();
    }
  });

  it('lets an idle worker run its event loop after answering (issue 29: it frees the edit\'s pixels then, not at the next edit)', async () => {
    const pool = new LocalEnginePool({ threads: 1, filename: AFTER_ANSWER_WORKER });
    try {
      const flag = new SharedArrayBuffer(4);
      const task = { image: new Uint8Array([0]), mimeType: 'image/jpeg' as const, intents: [], flag };
      await pool.render(task);
      const deadline = Date.now() + 10_000;
      while (Atomics.load(new Int32Array(flag), 0) === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      expect(Atomics.load(new Int32Array(flag), 0)).toBe(1);
      expect(pool.threadCount).toBe(1); // still alive, idle: no next task woke it
    } finally {
      await pool.destroy();
    }
  });

  it('takes one of the instance\'s image-work turns before a thread (issue 29), and gives it back', async () => {
    const config = loadConfig({ NODE_ENV: 'test', GENERATION_IMAGE_WORK_CONCURRENCY: '1' });
    const turns = new InstanceImageWork(config);
    const pool = new LocalEnginePool({ threads: 1, turns });
    try {
      let release!: () => void;
      const held = turns.run(() => new Promise<void>((resolve) => (release = resolve)));
      const edit = pool.render({ image: photo, mimeType: 'image/jpeg', intents: parseEditIntents('make it warmer') });
      await new Promise((r) => setTimeout(r, 50));
      expect(turns.load).toEqual({ running: 1, waiting: 1 });
      expect(pool.load).toEqual({ running: 0, waiting: 0 }); // not even queued for a thread yet
      release();
      await held;
      expect(Buffer.isBuffer(await edit)).toBe(true);
      expect(turns.load).toEqual({ running: 0, waiting: 0 });
    } finally {
      await pool.destroy();
    }
  });

  describe('a worker that dies in the middle of a generation', () => {
    let t: TestApp;
    const pool = new LocalEnginePool({ threads: 1, filename: CRASHING_WORKER });
    beforeAll(async () => {
      t = await createGenerationApp({ overrideProviders: [{ provide: LocalEnginePool, useValue: pool }] });
    });
    afterAll(() => t.close());

    it('fails that generation with a 500, the credit released (D4), the row failed without bytes; the next one gets a fresh worker', async () => {
      for (let attempt = 0; attempt < 2; attempt++) {
        const user = await signedInUser(t, { regular: 1 });
        const res = await generate(user.agent, { image: photoJpeg(), prompt: 'add snow falling' }).expect(500);
        expect(res.body).toMatchObject({ message: expect.any(String) });
        expect(await balanceOf(t, user.id)).toMatchObject({ balance: 1 });
        const ledger = await ledgerOf(t, user.id);
        expect(ledger.rows.filter((r) => r.type === 'use')).toEqual([]);
        expect(ledger.reservations).toEqual({ released: 1 });
        const rows = await imageRowsOf(t, user.id);
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({ status: 'failed', original_bytes: null, generated_bytes: null });
      }
      expect(pool.load).toEqual({ running: 0, waiting: 0 });
      // What the use case saw: the worker's exit, as a plain error (so a 500, logged).
      await expect(pool.render({ image: photo, mimeType: 'image/jpeg', intents: parseEditIntents('add snow falling') })).rejects.toThrow(/worker exited with code: 70/);
    });
  });
});
