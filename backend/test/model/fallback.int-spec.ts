import { SchedulerRegistry } from '@nestjs/schedule';
import sharp from 'sharp';
import { Client } from 'pg';
import { TypeormModelFallbackStateRepository } from '../../src/modules/generation/adapters/model/typeorm/typeorm-model-fallback-state.repository';
import { FallbackImageModel } from '../../src/modules/generation/application/fallback-image-model';
import { FallbackService } from '../../src/modules/generation/application/fallback.service';
import { RunFallbackRecoveryJob } from '../../src/modules/generation/application/run-fallback-recovery.job';
import { IMAGE_MODEL, type ImageModel } from '../../src/modules/generation/application/image-model.port';
import {
  applyFallbackEvent,
  INITIAL_FALLBACK_STATE,
  type FallbackEvent,
  type FallbackState,
} from '../../src/modules/generation/domain/fallback-state';
import { ModelRefusedError, TransientModelError } from '../../src/modules/generation/domain/model-errors';
import { E003_HIGH_DEMAND, E004_UNAVAILABLE, E005_SENSITIVE, startFakeReplicate, type FakeReplicate } from '../support/fake-replicate';
import { createTestApp, type TestApp } from '../support/test-app';

const PRIMARY = 'black-forest-labs/flux-kontext-max';
const FALLBACK = 'black-forest-labs/flux-kontext-pro';

/**
 * D11 through the real app: IMAGE_MODEL with a Replicate token (a fake Replicate server), the
 * shared model_fallback_state row, the recovery test, two instances on one database.
 */
describe('image model fallback (D11)', () => {
  let fake: FakeReplicate;
  let a: TestApp;
  let b: TestApp;
  let db: Client;
  let image: Buffer;

  const modelOf = (t: TestApp) => t.app.get<ImageModel>(IMAGE_MODEL, { strict: false });
  const serviceOf = (t: TestApp) => t.app.get(FallbackService, { strict: false });
  const generate = (t: TestApp = a) =>
    modelOf(t).edit({ image, mimeType: 'image/jpeg', prompt: 'make it black and white', style: 'realistic' });
  const outcome = (t: TestApp = a) => generate(t).then(
    (r) => r.model,
    (e: unknown) => e,
  );

  beforeAll(async () => {
    fake = await startFakeReplicate();
    image = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#808080' } }).jpeg().toBuffer();
    const env = { ...fake.env, MODEL_TIMEOUT_MS: '1500' };
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
    await db.query(
      `UPDATE model_fallback_state SET is_active = false, admin_override = NULL, failure_count = 0, retry_after = NULL,
              last_failure_time = NULL, last_recovery_check = NULL WHERE id = 1`,
    );
  });

  it('IMAGE_MODEL is the Replicate primary behind the fallback state when a token is set', async () => {
    expect(modelOf(a)).toBeInstanceOf(FallbackImageModel);
    expect(await generate()).toMatchObject({ model: PRIMARY, mimeType: 'image/jpeg' });
    expect(fake.createdModels()).toEqual([PRIMARY]);
  });

  it('5 consecutive transient failures (E004, E003, 5xx, canceled, timeout) switch the next call to the fallback model for 10 minutes', async () => {
    fake.enqueue(
      { kind: 'fail', error: E004_UNAVAILABLE },
      { kind: 'fail', error: E003_HIGH_DEMAND },
      { kind: 'http-error', status: 502 },
      { kind: 'cancel' },
    );
    for (let i = 0; i < 4; i++) expect(await outcome()).toBeInstanceOf(TransientModelError);
    expect(await serviceOf(a).status()).toMatchObject({ isActive: false, failureCount: 4, currentModel: PRIMARY });

    fake.enqueue({ kind: 'hang' }); // MODEL_TIMEOUT_MS=1500
    expect(await outcome()).toBeInstanceOf(TransientModelError);
    expect(fake.cancelledIds()).toHaveLength(1);

    const status = await serviceOf(a).status();
    expect(status).toMatchObject({ isActive: true, failureCount: 5, adminOverride: null, currentModel: FALLBACK });
    expect(status.retryAfter! - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(status.retryAfter! - Date.now()).toBeLessThanOrEqual(10 * 60_000 + 5000);
    expect(status.lastFailureTime).toEqual(expect.any(Number));

    expect(await outcome()).toBe(FALLBACK);
    expect(fake.createdModels()).toEqual([PRIMARY, PRIMARY, PRIMARY, PRIMARY, PRIMARY, FALLBACK]);
    expect(fake.creates()[5].path).toBe(`/v1/models/${FALLBACK}/predictions`);
  });

  it('an E005 refusal answers nsfw_detected and does not count', async () => {
    fake.enqueue(...Array.from({ length: 4 }, () => ({ kind: 'fail', error: E004_UNAVAILABLE }) as const));
    for (let i = 0; i < 4; i++) expect(await outcome()).toBeInstanceOf(TransientModelError);
    fake.enqueue(...Array.from({ length: 3 }, () => ({ kind: 'fail', error: E005_SENSITIVE }) as const));
    for (let i = 0; i < 3; i++) {
      const error = await outcome();
      expect(error).toBeInstanceOf(ModelRefusedError);
      expect((error as ModelRefusedError).error).toBe('nsfw_detected');
    }
    expect(await serviceOf(a).status()).toMatchObject({ isActive: false, failureCount: 4 });
    expect(await outcome()).toBe(PRIMARY); // still the primary after 4 failures + 3 refusals; the success resets the count
    expect(await serviceOf(a).status()).toMatchObject({ failureCount: 0 });
  });

  it("a caller's deadline counts as a timeout; the user going away does not count", async () => {
    const call = (reason: unknown) => {
      const controller = new AbortController();
      setTimeout(() => controller.abort(reason), 150);
      return modelOf(a)
        .edit({ image, mimeType: 'image/jpeg', prompt: 'make it black and white', style: 'realistic', signal: controller.signal })
        .catch((e: unknown) => e);
    };
    fake.setDefault({ kind: 'hang' });
    // the generation pipeline aborts its deadline with a TransientModelError; AbortSignal.timeout with a TimeoutError
    expect(await call(new TransientModelError('The model did not answer within 150 ms'))).toBeInstanceOf(TransientModelError);
    expect(await call(new DOMException('timed out', 'TimeoutError'))).toBeInstanceOf(TransientModelError);
    expect(await serviceOf(a).status()).toMatchObject({ failureCount: 2 });
    // the client hung up
    expect(await call(new Error('The request was cancelled'))).toBeInstanceOf(TransientModelError);
    expect(await serviceOf(a).status()).toMatchObject({ failureCount: 2 });
    expect(fake.cancelledIds()).toHaveLength(3);
  });

  it('the recovery test switches back to the primary once it answers again (and keeps the fallback while it does not)', async () => {
    fake.enqueue(...Array.from({ length: 5 }, () => ({ kind: 'fail', error: E004_UNAVAILABLE }) as const));
    for (let i = 0; i < 5; i++) await outcome();
    expect(await outcome()).toBe(FALLBACK);
    const before = await serviceOf(a).status();

    // primary still down: the test fails, the fallback stays and retryAfter moves out
    fake.enqueue({ kind: 'fail', error: E004_UNAVAILABLE });
    await new Promise((r) => setTimeout(r, 20));
    expect(await serviceOf(a).runRecoveryCheck()).toBe('still-failing');
    const still = await serviceOf(a).status();
    expect(still).toMatchObject({ isActive: true, currentModel: FALLBACK });
    expect(still.retryAfter!).toBeGreaterThan(before.retryAfter!);
    // ran within the interval already: not again until it has passed
    expect(await serviceOf(a).runRecoveryCheck()).toBe('not-due');

    // primary back: the (forced) test passes and the next generation uses the primary
    fake.clear();
    expect(await serviceOf(a).runRecoveryCheck({ force: true })).toBe('recovered');
    expect(fake.createdModels()).toEqual([PRIMARY]); // the test ran against the primary
    expect(await serviceOf(a).status()).toMatchObject({ isActive: false, failureCount: 0, retryAfter: null, currentModel: PRIMARY });
    expect(await outcome()).toBe(PRIMARY);
  });

  it('two instances on one database share the state, and count concurrent failures exactly', async () => {
    // 8 failing calls at once, spread over both instances: all start on the primary
    fake.setDefault({ kind: 'fail', error: E004_UNAVAILABLE });
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => outcome(i % 2 ? b : a)));
    expect(results.every((r) => r instanceof TransientModelError)).toBe(true);
    const [sa, sb] = await Promise.all([serviceOf(a).status(), serviceOf(b).status()]);
    expect(sa).toMatchObject({ failureCount: 8, isActive: true });
    expect(sb).toEqual(sa);

    // b switched too, though most of the failures it never saw
    fake.setDefault({ kind: 'succeed' });
    expect(await outcome(b)).toBe(FALLBACK);

    // the admin override set on one instance applies on the other
    await serviceOf(a).setOverride(false);
    expect(await outcome(b)).toBe(PRIMARY);
  });

  it('the recovery test is an interval job every FALLBACK_RECOVERY_INTERVAL_MINUTES (not at start) whose run is the check', async () => {
    const job = a.app.get(RunFallbackRecoveryJob, { strict: false });
    expect(job).toMatchObject({
      jobName: 'generation.run-fallback-recovery',
      everyMs: a.config.generation.fallback.recoveryIntervalMinutes * 60_000,
      runAtStart: false,
    });
    expect(a.app.get(SchedulerRegistry).getIntervals()).toContain('generation.run-fallback-recovery');
    expect(await job.execute()).toBe('not-due'); // the fallback is off: nothing to recover
    expect(fake.createdModels()).toEqual([]);
  });

  it('the recovery test runs on one instance at a time (advisory lock)', async () => {
    fake.enqueue(...Array.from({ length: 5 }, () => ({ kind: 'fail', error: E004_UNAVAILABLE }) as const));
    for (let i = 0; i < 5; i++) await outcome();
    fake.clear();
    fake.setDefault({ kind: 'succeed', polls: 2 }); // the primary takes a moment (~700 ms) to answer
    const results = await Promise.all([serviceOf(a).runRecoveryCheck({ force: true }), serviceOf(b).runRecoveryCheck({ force: true })]);
    expect(results.sort()).toEqual(['locked', 'recovered']);
    expect(fake.createdModels()).toEqual([PRIMARY]);
  });

  it('admin controls: override on/off/automatic, reset, and a test run answering {model, success, error}', async () => {
    const service = serviceOf(a);
    await service.setOverride(true);
    expect(await service.status()).toMatchObject({ adminOverride: true, isActive: false, currentModel: FALLBACK });
    expect(await outcome()).toBe(FALLBACK);
    expect(await service.runTest()).toEqual({ model: FALLBACK, success: true, error: null });

    await service.setOverride(null);
    fake.enqueue(...Array.from({ length: 5 }, () => ({ kind: 'fail', error: E004_UNAVAILABLE }) as const));
    for (let i = 0; i < 5; i++) await outcome();
    expect(await service.status()).toMatchObject({ isActive: true, currentModel: FALLBACK });
    // no recovery test while an override decides
    await service.setOverride(false);
    expect(await service.runRecoveryCheck({ force: true })).toBe('not-due');
    expect(await outcome()).toBe(PRIMARY);
    await service.setOverride(null);

    fake.enqueue({ kind: 'fail', error: E004_UNAVAILABLE });
    await service.setOverride(false);
    const failedTest = await service.runTest();
    expect(failedTest).toMatchObject({ model: PRIMARY, success: false });
    expect(failedTest.error).toMatch(/E004/);

    expect(await service.reset()).toMatchObject({ isActive: false, failureCount: 0, retryAfter: null, adminOverride: false });
  });

  it('the SQL performs the same transitions as the domain rules', async () => {
    const repo = a.app.get(TypeormModelFallbackStateRepository, { strict: false });
    const policy = a.config.generation.fallback;
    const now = new Date();
    const steps: Array<[FallbackEvent, () => Promise<unknown>]> = [];
    const failure = (): [FallbackEvent, () => Promise<unknown>] => [
      { type: 'transient-failure', role: 'primary', at: now },
      () => repo.recordPrimaryFailure(policy.failureThreshold, policy.durationMinutes),
    ];
    steps.push(failure(), failure(), failure());
    steps.push([{ type: 'success', role: 'primary', at: now }, () => repo.recordPrimarySuccess()]);
    steps.push(failure(), failure(), failure(), failure(), failure(), failure());
    steps.push([{ type: 'transient-failure', role: 'fallback', at: now }, () => repo.recordFallbackFailure()]);
    steps.push([{ type: 'admin-override', enabled: true, at: now }, () => repo.setOverride(true)]);
    steps.push([{ type: 'recovery-result', success: false, at: now }, () => repo.recordRecoveryResult(false, policy.durationMinutes)]);
    steps.push([{ type: 'reset', at: now }, () => repo.reset()]);
    steps.push(failure(), failure());
    steps.push([{ type: 'admin-override', enabled: null, at: now }, () => repo.setOverride(null)]);
    steps.push(failure(), failure(), failure());
    steps.push([{ type: 'recovery-result', success: true, at: now }, () => repo.recordRecoveryResult(true, policy.durationMinutes)]);

    let expected: FallbackState = INITIAL_FALLBACK_STATE;
    for (const [event, sql] of steps) {
      expected = applyFallbackEvent(expected, event, policy);
      await sql();
      const got = await repo.read();
      const shape = (s: FallbackState) => ({
        isActive: s.isActive,
        adminOverride: s.adminOverride,
        failureCount: s.failureCount,
        hasRetryAfter: s.retryAfter !== null,
        hasLastFailure: s.lastFailureTime !== null,
        hasRecoveryCheck: s.lastRecoveryCheck !== null,
      });
      expect({ event: event.type, ...shape(got) }).toEqual({ event: event.type, ...shape(expected) });
    }
  });
});
