import sharp from 'sharp';
import { ReplicateImageModel, SAFETY_TOLERANCE } from '../../src/modules/generation/adapters/model/replicate-image-model.adapter';
import type { ImageEditRequest } from '../../src/modules/generation/application/image-model.port';
import { ModelRefusedError, TransientModelError } from '../../src/modules/generation/domain/model-errors';
import { freePort } from '../support/free-port';
import { E003_HIGH_DEMAND, E004_UNAVAILABLE, E005_SENSITIVE, startFakeReplicate, type FakeReplicate } from '../support/fake-replicate';

const PRIMARY = 'black-forest-labs/flux-kontext-max';

/** D10: the Replicate adapter against a local server speaking Replicate's prediction API. */
describe('Replicate image model adapter', () => {
  let fake: FakeReplicate;
  let jpeg: Buffer;
  let png: Buffer;
  const logged: string[] = [];
  const logger = {
    log: (m: unknown) => void logged.push(String(m)),
    warn: (m: unknown) => void logged.push(String(m)),
    error: (m: unknown) => void logged.push(String(m)),
  };

  const adapter = (overrides: Partial<ConstructorParameters<typeof ReplicateImageModel>[0]> = {}) =>
    new ReplicateImageModel({ apiToken: fake.token, baseUrl: fake.baseUrl, model: PRIMARY, timeoutMs: 5000, pollIntervalMs: 10, logger, ...overrides });

  const request = (extra: Partial<ImageEditRequest> = {}): ImageEditRequest => ({
    image: jpeg,
    mimeType: 'image/jpeg',
    prompt: 'add snow falling',
    style: 'realistic',
    ...extra,
  });

  beforeAll(async () => {
    fake = await startFakeReplicate();
    jpeg = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#3366cc' } }).jpeg().toBuffer();
    png = await sharp({ create: { width: 32, height: 24, channels: 4, background: '#cc663380' } }).png().toBuffer();
  });
  afterAll(async () => {
    // the token is never logged, whatever happened above
    expect(logged.length).toBeGreaterThan(0);
    for (const line of logged) expect(line).not.toContain(fake.token);
    await fake.close();
  });
  beforeEach(() => fake.clear());

  it('creates a prediction by model name with the checked upload as a data URI, polls it, and returns the fetched output bytes', async () => {
    const output = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#ff0000' } }).png().toBuffer();
    fake.enqueue({ kind: 'succeed', polls: 2, image: output, contentType: 'application/octet-stream' });

    const result = await adapter().edit(request());

    expect(result.image.equals(output)).toBe(true);
    expect(result.mimeType).toBe('image/png'); // by the bytes, not the header
    expect(result.model).toBe(PRIMARY);
    const [create] = fake.creates();
    expect(create.path).toBe(`/v1/models/${PRIMARY}/predictions`);
    expect(create.authorization).toBe(`Bearer ${fake.token}`);
    const input = create.body!.input as Record<string, unknown>;
    expect(input).toMatchObject({ prompt: 'add snow falling', output_format: 'jpg', safety_tolerance: SAFETY_TOLERANCE });
    expect(SAFETY_TOLERANCE).toBe(2);
    expect(input.input_image).toBe(`data:image/jpeg;base64,${jpeg.toString('base64')}`);
    // polled until it finished: 2 × processing, then succeeded
    expect(fake.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/v1/predictions/'))).toHaveLength(3);
    // the output host gets no token
    const fileFetch = fake.requests.find((r) => r.path.startsWith('/files/'));
    expect(fileFetch?.authorization).toBeUndefined();
  });

  it('asks for PNG output for a PNG upload', async () => {
    const result = await adapter().edit(request({ image: png, mimeType: 'image/png' }));
    expect((fake.creates()[0].body!.input as Record<string, unknown>).output_format).toBe('png');
    expect(result.mimeType).toBe('image/png');
    expect(result.image.equals(png)).toBe(true); // the fake echoes the input
  });

  it('E005 "flagged as sensitive" → ModelRefusedError (nsfw_detected)', async () => {
    fake.enqueue({ kind: 'fail', error: E005_SENSITIVE, polls: 1 });
    const error = await adapter().edit(request()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelRefusedError);
    expect((error as ModelRefusedError).error).toBe('nsfw_detected');
  });

  it.each([
    ['E004', { kind: 'fail', error: E004_UNAVAILABLE } as const],
    ['E003', { kind: 'fail', error: E003_HIGH_DEMAND } as const],
    ['a canceled prediction', { kind: 'cancel' } as const],
    ['HTTP 500 on create', { kind: 'http-error', status: 500 } as const],
    ['HTTP 503 on create', { kind: 'http-error', status: 503 } as const],
  ])('%s → TransientModelError', async (_label, behaviour) => {
    fake.enqueue(behaviour);
    const error = await adapter().edit(request()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransientModelError);
    expect(error).not.toBeInstanceOf(ModelRefusedError);
  });

  it('a timeout → TransientModelError, and the prediction is cancelled', async () => {
    fake.enqueue({ kind: 'hang' });
    const started = Date.now();
    const error = await adapter({ timeoutMs: 400 }).edit(request()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransientModelError);
    expect((error as Error).message).toMatch(/did not answer within/);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(fake.predictions).toHaveLength(1);
    expect(fake.cancelledIds()).toEqual([fake.predictions[0].id]);
    expect(fake.requests.some((r) => r.method === 'POST' && r.path === `/v1/predictions/${fake.predictions[0].id}/cancel`)).toBe(true);
  });

  it("the caller's AbortSignal stops the call and cancels the prediction too", async () => {
    fake.enqueue({ kind: 'hang' });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 150);
    const error = await adapter().edit(request({ signal: controller.signal })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransientModelError);
    expect(fake.cancelledIds()).toHaveLength(1);
  });

  it('a wrong token (401) is a TransientModelError, logged as a misconfiguration without the token', async () => {
    const before = logged.length;
    const error = await adapter({ apiToken: 'r8_wrong_token_value' }).edit(request()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransientModelError);
    const lines = logged.slice(before);
    expect(lines.some((l) => /misconfiguration.*401.*REPLICATE_API_TOKEN/.test(l))).toBe(true);
    for (const line of lines) expect(line).not.toContain('r8_wrong_token_value');
  });

  it('an unreachable service → TransientModelError at once (no 15 s of client retries)', async () => {
    const port = await freePort();
    const started = Date.now();
    const error = await adapter({ baseUrl: `http://127.0.0.1:${port}/v1` }).edit(request()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransientModelError);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
