import { SchedulerRegistry } from '@nestjs/schedule';
import sharp from 'sharp';
import { Client } from 'pg';
import { TypeormModelChainRepository } from '../../src/modules/generation/adapters/model/typeorm/typeorm-model-chain.repository';
import { ChainImageModel } from '../../src/modules/generation/application/chain-image-model';
import { IMAGE_MODEL, type ImageModel } from '../../src/modules/generation/application/image-model.port';
import { ModelChainService } from '../../src/modules/generation/application/model-chain.service';
import { RunModelRecoveryJob } from '../../src/modules/generation/application/run-model-recovery.job';
import { FLUX_2_PRO, KONTEXT_MAX, KONTEXT_PRO, NANO_BANANA } from '../../src/modules/generation/domain/model-catalogue';
import { applyHealthEvent, healthyModel, type HealthEvent, type ModelHealth } from '../../src/modules/generation/domain/model-chain';
import { ModelRefusedError, TransientModelError } from '../../src/modules/generation/domain/model-errors';
import {
  BFL_CONTENT_MODERATED,
  E003_HIGH_DEMAND,
  E004_UNAVAILABLE,
  E005_SENSITIVE,
  GOOGLE_IMAGE_SAFETY,
  startFakeReplicate,
  type FakeBehaviour,
  type FakeReplicate,
} from '../support/fake-replicate';
import { photoJpeg } from '../support/images';
import { createTestApp, type TestApp } from '../support/test-app';
import { balanceOf, generate as generatePhoto, signedInUser } from '../generation/generation-helpers';

const E004: FakeBehaviour = { kind: 'fail', error: E004_UNAVAILABLE };
const times = (n: number, b: FakeBehaviour): FakeBehaviour[] => Array.from({ length: n }, () => b);

/**
 * D41 (D11 per model) through the real app: IMAGE_MODEL is the chain over a multi-vendor
 * MODEL_CHAIN (FLUX.2 [pro] → Nano Banana → Kontext Pro) against a fake Replicate speaking each
 * model's schema; the shared model_health rows; the recovery test; two instances on one database.
 */
describe('image model chain (D41)', () => {
  let fake: FakeReplicate;
  let a: TestApp;
  let b: TestApp;
  let db: Client;
  let image: Buffer;

  const modelOf = (t: TestApp) => t.app.get<ImageModel>(IMAGE_MODEL, { strict: false });
  const chainOf = (t: TestApp) => t.app.get(ModelChainService, { strict: false });
  const generate = (t: TestApp = a, imageId?: string) =>
    modelOf(t).edit({ image, mimeType: 'image/jpeg', prompt: 'make it black and white', style: 'realistic', imageId });
  const outcome = (t: TestApp = a) =>
    generate(t).then(
      (r) => r.model,
      (e: unknown) => e,
    );
  const health = async (model: string) => (await chainOf(a).view()).models.find((m) => m.model === model)!;

  beforeAll(async () => {
    fake = await startFakeReplicate();
    image = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#808080' } }).jpeg().toBuffer();
    // Attempt time with room for a busy machine (a 2-poll success took over 800 ms once under the
    // full suite); the request's budget well above two attempts.
    const env = { ...fake.env, MODEL_CHAIN: `${FLUX_2_PRO},${NANO_BANANA},${KONTEXT_PRO}`, MODEL_TIMEOUT_MS: '8000', MODEL_ATTEMPT_TIMEOUT_MS: '2000' };
    a = await createTestApp({ env });
    b = await createTestApp({ env, db: a.db });
    db = new Client({ connectionString: a.db.url });
    await db.connect();
  });
  afterAll(async () => {
    await db?.end();
    await b?.close();
    await a?.close();
    await fake?.close();
  });
  beforeEach(async () => {
    fake.clear();
    await db.query(`UPDATE model_fallback_state SET admin_override = NULL, chain_order = NULL WHERE id = 1`);
    await db.query(`UPDATE model_health SET disabled = false, skipped = false, failure_count = 0, skipped_until = NULL, last_failure_time = NULL, last_recovery_check = NULL`);
    await db.query(`DELETE FROM model_attempt`);
  });

  it('IMAGE_MODEL is the chain; the first model serves while it works, and each call is recorded with its cost', async () => {
    expect(modelOf(a)).toBeInstanceOf(ChainImageModel);
    const id = '00000000-0000-4000-8000-000000000001';
    expect(await generate(a, id)).toMatchObject({ model: FLUX_2_PRO, mimeType: 'image/jpeg', costMicros: 30_000 + 15_000 });
    expect(fake.createdModels()).toEqual([FLUX_2_PRO]);
    const { rows } = await db.query(`SELECT image_id, model, purpose, outcome, cost_micros FROM model_attempt`);
    expect(rows).toEqual([{ image_id: id, model: FLUX_2_PRO, purpose: 'generation', outcome: 'succeeded', cost_micros: '45000' }]);
  });

  it('a failing first vendor hands each call to the second; after 5 failures it is skipped for 10 minutes; then the third takes over from the second', async () => {
    fake.setDefaultFor(FLUX_2_PRO, E004);
    for (let i = 0; i < 4; i++) expect(await outcome()).toBe(NANO_BANANA);
    expect(await health(FLUX_2_PRO)).toMatchObject({ failureCount: 4, status: 'in-use' });
    // the 5th failure: FLUX.2 is skipped, on every instance
    expect(await outcome(b)).toBe(NANO_BANANA);
    const skipped = await health(FLUX_2_PRO);
    expect(skipped).toMatchObject({ failureCount: 5, status: 'skipped' });
    expect(skipped.skippedUntil! - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(skipped.skippedUntil! - Date.now()).toBeLessThanOrEqual(10 * 60_000 + 5000);
    fake.clear();
    fake.setDefaultFor(FLUX_2_PRO, E004);
    expect(await outcome(b)).toBe(NANO_BANANA);
    expect(fake.createdModels()).toEqual([NANO_BANANA]); // passed over without a call
    expect((await chainOf(b).view()).currentModel).toBe(NANO_BANANA);

    // Google goes down too: Kontext Pro, the third, serves
    fake.setDefaultFor(NANO_BANANA, { kind: 'fail', error: E003_HIGH_DEMAND });
    fake.clear();
    fake.setDefaultFor(FLUX_2_PRO, E004);
    fake.setDefaultFor(NANO_BANANA, { kind: 'fail', error: E003_HIGH_DEMAND });
    expect(await outcome(a)).toBe(KONTEXT_PRO);
    expect(fake.createdModels()).toEqual([NANO_BANANA, KONTEXT_PRO]);

    // the failed calls cost nothing; the calls that made an image cost their model's price
    const { rows } = await db.query(
      `SELECT model, outcome, count(*)::int AS n, sum(cost_micros)::int AS cost FROM model_attempt GROUP BY 1, 2 ORDER BY 1, 2`,
    );
    expect(rows).toEqual([
      { model: FLUX_2_PRO, outcome: 'failed', n: 5, cost: 0 },
      { model: KONTEXT_PRO, outcome: 'succeeded', n: 1, cost: 40_000 },
      { model: NANO_BANANA, outcome: 'failed', n: 1, cost: 0 },
      { model: NANO_BANANA, outcome: 'succeeded', n: 6, cost: 6 * 39_000 },
    ]);
  });

  it('back after recovery: the recovery test (one instance at a time) ends the skip window, and both instances use the first vendor again', async () => {
    fake.setDefaultFor(FLUX_2_PRO, E004);
    for (let i = 0; i < 5; i++) await outcome(i % 2 ? a : b);
    expect((await health(FLUX_2_PRO)).status).toBe('skipped');

    // still down: the test fails and the window moves out
    const before = (await health(FLUX_2_PRO)).skippedUntil!;
    await new Promise((r) => setTimeout(r, 20));
    expect(await chainOf(a).runRecoveryCheck()).toBe('still-failing');
    expect((await health(FLUX_2_PRO)).skippedUntil!).toBeGreaterThan(before);
    // ran within the interval already: not again until it has passed
    expect(await chainOf(b).runRecoveryCheck()).toBe('not-due');

    // back: two instances race for the (forced) test; one runs it, the other finds it locked
    fake.clear();
    fake.setDefaultFor(FLUX_2_PRO, { kind: 'succeed', polls: 2 });
    const results = await Promise.all([chainOf(a).runRecoveryCheck({ force: true }), chainOf(b).runRecoveryCheck({ force: true })]);
    expect(results.sort()).toEqual(['locked', 'recovered']);
    expect(fake.createdModels()).toEqual([FLUX_2_PRO]);
    expect(await health(FLUX_2_PRO)).toMatchObject({ status: 'in-use', failureCount: 0, skippedUntil: null });
    expect(await outcome(b)).toBe(FLUX_2_PRO);
    expect(await outcome(a)).toBe(FLUX_2_PRO);
    const { rows } = await db.query(`SELECT purpose, outcome FROM model_attempt WHERE purpose = 'recovery' ORDER BY id`);
    expect(rows).toEqual([
      { purpose: 'recovery', outcome: 'failed' },
      { purpose: 'recovery', outcome: 'succeeded' },
    ]);
  });

  it('two instances count concurrent failures of one model exactly', async () => {
    fake.setDefaultFor(FLUX_2_PRO, E004);
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => outcome(i % 2 ? b : a)));
    expect(results.every((r) => r === NANO_BANANA)).toBe(true);
    expect(await health(FLUX_2_PRO)).toMatchObject({ failureCount: 8, status: 'skipped' });
  });

  it.each([
    [FLUX_2_PRO, E005_SENSITIVE],
    [FLUX_2_PRO, BFL_CONTENT_MODERATED],
    [NANO_BANANA, GOOGLE_IMAGE_SAFETY],
    [KONTEXT_PRO, E005_SENSITIVE],
  ])('a refusal by %s ("%s") ends the chain with nsfw_detected and counts as no failure', async (model, message) => {
    // the models before it are skipped (disabled), so it is the one asked
    const order = [FLUX_2_PRO, NANO_BANANA, KONTEXT_PRO];
    for (const m of order.slice(0, order.indexOf(model))) await db.query(`UPDATE model_health SET disabled = true WHERE model = $1`, [m]);
    fake.enqueueFor(model, { kind: 'fail', error: message });
    const error = await outcome();
    expect(error).toBeInstanceOf(ModelRefusedError);
    expect((error as ModelRefusedError).error).toBe('nsfw_detected');
    expect(fake.createdModels()).toEqual([model]); // no other vendor asked to make what one refused
    expect((await health(model)).failureCount).toBe(0);
    const { rows } = await db.query(`SELECT model, outcome, cost_micros FROM model_attempt`);
    expect(rows).toEqual([{ model, outcome: 'refused', cost_micros: '0' }]);
  });

  it('through POST /api/generate: each vendor\'s refusal answers nsfw_detected and costs no credit; a failed first vendor costs none either', async () => {
    const user = await signedInUser(a, { regular: 1 });
    const order = [FLUX_2_PRO, NANO_BANANA, KONTEXT_PRO];
    const refusals: Array<[string, string]> = [
      [FLUX_2_PRO, BFL_CONTENT_MODERATED],
      [NANO_BANANA, GOOGLE_IMAGE_SAFETY],
      [KONTEXT_PRO, E005_SENSITIVE],
    ];
    for (const [model, message] of refusals) {
      await db.query(`UPDATE model_health SET disabled = (model = ANY($1))`, [order.slice(0, order.indexOf(model))]);
      fake.enqueueFor(model, { kind: 'fail', error: message });
      const res = await generatePhoto(user.agent, { image: photoJpeg(), prompt: 'add snow falling' }).expect(400);
      expect([model, res.body.error]).toEqual([model, 'nsfw_detected']);
    }
    expect(await balanceOf(a, user.id)).toMatchObject({ balance: 1 });
    await db.query(`UPDATE model_health SET disabled = false`);
    fake.enqueueFor(FLUX_2_PRO, E004);
    const made = await generatePhoto(user.agent, { image: photoJpeg(), prompt: 'add snow falling' }).expect(200);
    expect(made.body.model).toBe(NANO_BANANA);
    expect(await balanceOf(a, user.id)).toMatchObject({ balance: 0 });
    const { rows } = await db.query(`SELECT model, outcome FROM model_attempt WHERE image_id = $1 ORDER BY id`, [made.body.id]);
    expect(rows).toEqual([
      { model: FLUX_2_PRO, outcome: 'failed' },
      { model: NANO_BANANA, outcome: 'succeeded' },
    ]);
  });

  it('a model that stalls uses up only its attempt time: the next model answers within the request budget', async () => {
    fake.setDefaultFor(FLUX_2_PRO, { kind: 'hang' });
    const started = Date.now();
    expect(await outcome()).toBe(NANO_BANANA);
    // Its attempt time (2 s) and the next model's answer, well inside the request's 8 s.
    expect(Date.now() - started).toBeLessThan(6000);
    expect(fake.cancelledIds()).toHaveLength(1); // the stalled prediction stops costing
    expect((await health(FLUX_2_PRO)).failureCount).toBe(1);
  });

  it("the request's budget ends the chain: a timeout counts, the user going away does not", async () => {
    fake.setDefault({ kind: 'hang' });
    const controller = new AbortController();
    setTimeout(() => controller.abort(new TransientModelError('budget')), 300);
    const timedOut = await generateWith(controller.signal);
    expect(timedOut).toBeInstanceOf(TransientModelError);
    expect(fake.createdModels()).toEqual([FLUX_2_PRO]);
    expect((await health(FLUX_2_PRO)).failureCount).toBe(1);

    fake.clear();
    fake.setDefault({ kind: 'hang' });
    const gone = new AbortController();
    setTimeout(() => gone.abort(), 300);
    await generateWith(gone.signal);
    expect((await health(FLUX_2_PRO)).failureCount).toBe(1);
    const { rows } = await db.query(`SELECT outcome FROM model_attempt ORDER BY id`);
    expect(rows.map((r: { outcome: string }) => r.outcome)).toEqual(['failed', 'aborted']);
  });

  function generateWith(signal: AbortSignal): Promise<unknown> {
    return modelOf(a)
      .edit({ image, mimeType: 'image/jpeg', prompt: 'make it black and white', style: 'realistic', signal })
      .then((r) => r.model, (e: unknown) => e);
  }

  it('the admin order and disabled models decide; the last enabled model cannot be disabled', async () => {
    const chain = chainOf(a);
    const after = await chain.reorder([KONTEXT_PRO, FLUX_2_PRO, NANO_BANANA]);
    expect(after.models.map((m) => [m.model, m.position, m.status])).toEqual([
      [KONTEXT_PRO, 1, 'in-use'],
      [FLUX_2_PRO, 2, 'standby'],
      [NANO_BANANA, 3, 'standby'],
    ]);
    expect(await outcome(b)).toBe(KONTEXT_PRO);
    await expect(chain.reorder([KONTEXT_PRO, FLUX_2_PRO])).rejects.toMatchObject({ code: 'MODEL.INVALID_ORDER' });
    await expect(chain.reorder([KONTEXT_PRO, FLUX_2_PRO, FLUX_2_PRO])).rejects.toMatchObject({ code: 'MODEL.INVALID_ORDER' });

    await chain.setEnabled(KONTEXT_PRO, false);
    expect(await outcome(b)).toBe(FLUX_2_PRO);
    await chain.setEnabled(FLUX_2_PRO, false);
    await expect(chain.setEnabled(NANO_BANANA, false)).rejects.toMatchObject({ code: 'MODEL.LAST_ENABLED' });
    await expect(chain.setEnabled('black-forest-labs/flux-schnell', false)).rejects.toMatchObject({ code: 'MODEL.NOT_FOUND' });
    expect(await outcome(b)).toBe(NANO_BANANA);
    expect((await chain.view()).models.map((m) => m.status)).toEqual(['disabled', 'disabled', 'in-use']);
  });

  it("001's fallback controls act on the chain's first two models; a test answers {model, success, error, latencyMs}", async () => {
    const chain = chainOf(a);
    expect(await chain.status()).toMatchObject({
      isActive: false,
      adminOverride: null,
      currentModel: FLUX_2_PRO,
      configuration: { engine: 'replicate', primaryModel: FLUX_2_PRO, fallbackModel: NANO_BANANA },
    });
    await chain.setOverride(true);
    expect(await chain.status()).toMatchObject({ adminOverride: true, currentModel: NANO_BANANA });
    expect(await outcome(b)).toBe(NANO_BANANA);
    expect(await chain.runTest()).toMatchObject({ model: NANO_BANANA, success: true, error: null, latencyMs: expect.any(Number) });

    await chain.setOverride(null);
    fake.setDefaultFor(FLUX_2_PRO, E004);
    for (let i = 0; i < 5; i++) await outcome();
    expect(await chain.status()).toMatchObject({ isActive: true, failureCount: 5, currentModel: NANO_BANANA });
    // no recovery test of the primary while an override decides for it
    await chain.setOverride(false);
    expect(await chain.runRecoveryCheck({ force: true })).toBe('not-due');
    fake.clear();
    expect(await outcome()).toBe(FLUX_2_PRO); // forced: tried first whatever its window
    await chain.setOverride(null);

    fake.enqueueFor(NANO_BANANA, E004);
    const failed = await chain.testModel(NANO_BANANA);
    expect(failed).toMatchObject({ model: NANO_BANANA, success: false });
    expect(failed.error).toMatch(/E004/);
    expect((await health(NANO_BANANA)).failureCount).toBe(1);

    expect(await chain.reset()).toMatchObject({ isActive: false, failureCount: 0, retryAfter: null });
    expect((await health(NANO_BANANA)).failureCount).toBe(0);
    const { rows } = await db.query(`SELECT model, purpose, outcome FROM model_attempt WHERE purpose = 'test' ORDER BY id`);
    expect(rows).toEqual([
      { model: NANO_BANANA, purpose: 'test', outcome: 'succeeded' },
      { model: NANO_BANANA, purpose: 'test', outcome: 'failed' },
    ]);
  });

  it('reliability per model over 24 hours and 7 days: success rate and p50/p95 latency', async () => {
    await db.query(
      `INSERT INTO model_attempt (model, purpose, outcome, latency_ms, cost_micros, created_at)
       SELECT $1, 'generation', CASE WHEN g % 4 = 0 THEN 'failed' ELSE 'succeeded' END, g * 100, 0, now() - interval '1 hour'
         FROM generate_series(1, 20) g
       UNION ALL
       SELECT $1, 'generation', 'succeeded', 50000, 0, now() - interval '3 days' FROM generate_series(1, 4)`,
      [KONTEXT_PRO],
    );
    const view = await health(KONTEXT_PRO);
    // 24 h: 20 calls, 5 failed; latency of the 15 that made an image
    expect(view.last24Hours).toEqual({ attempts: 20, successRate: 75, p50Ms: 1000, p95Ms: 1830 });
    expect(view.last7Days).toMatchObject({ attempts: 24, successRate: 79.2 });
    expect(view.price).toEqual({ perImage: 0.04, perMegapixel: 0, description: '$0.04 per image' });
    expect((await health(NANO_BANANA)).last24Hours).toEqual({ attempts: 0, successRate: null, p50Ms: null, p95Ms: null });
  });

  it('the recovery test is an interval job every FALLBACK_RECOVERY_INTERVAL_MINUTES (not at start)', async () => {
    const job = a.app.get(RunModelRecoveryJob, { strict: false });
    expect(job).toMatchObject({ jobName: 'generation.run-model-recovery', everyMs: a.config.generation.fallback.recoveryIntervalMinutes * 60_000, runAtStart: false });
    expect(a.app.get(SchedulerRegistry).getIntervals()).toContain('generation.run-model-recovery');
    expect(await job.execute()).toBe('not-due'); // nothing skipped: nothing to recover
    expect(fake.createdModels()).toEqual([]);
  });

  it('the SQL performs the same transitions as the domain rules', async () => {
    const repo = a.app.get(TypeormModelChainRepository, { strict: false });
    const policy = a.config.generation.fallback;
    const now = new Date();
    const model = KONTEXT_PRO;
    const failure = (): [HealthEvent, () => Promise<unknown>] => [
      { type: 'transient-failure', at: now },
      () => repo.recordFailure(model, policy.failureThreshold, policy.durationMinutes),
    ];
    const steps: Array<[HealthEvent, () => Promise<unknown>]> = [
      failure(),
      failure(),
      failure(),
      [{ type: 'success', at: now }, () => repo.recordSuccess(model)],
      ...Array.from({ length: 6 }, failure),
      [{ type: 'recovery-result', success: false, at: now }, () => repo.recordRecoveryResult(model, false, policy.durationMinutes)],
      [{ type: 'reset', at: now }, () => repo.reset([model])],
      failure(),
      failure(),
      ...Array.from({ length: 3 }, failure),
      [{ type: 'recovery-result', success: true, at: now }, () => repo.recordRecoveryResult(model, true, policy.durationMinutes)],
    ];
    let expected: ModelHealth = healthyModel(model);
    for (const [event, run] of steps) {
      expected = applyHealthEvent(expected, event, policy);
      await run();
      const got = (await repo.read()).health.get(model)!;
      const shape = (h: ModelHealth) => ({
        skipped: h.skipped,
        failureCount: h.failureCount,
        hasSkippedUntil: h.skippedUntil !== null,
        hasLastFailure: h.lastFailureTime !== null,
        hasRecoveryCheck: h.lastRecoveryCheck !== null,
      });
      expect({ event: event.type, ...shape(got) }).toEqual({ event: event.type, ...shape(expected) });
    }
    // the other models were not touched
    expect((await repo.read()).health.get(NANO_BANANA)).toMatchObject({ failureCount: 0, skipped: false });
  });

  it('the default chain is the spec\'s Kontext Max → Kontext Pro', async () => {
    const d = await createTestApp({ env: { ...fake.env } });
    try {
      expect(d.config.generation.modelChain).toEqual([KONTEXT_MAX, KONTEXT_PRO]);
    } finally {
      await d.close();
    }
  });
});
