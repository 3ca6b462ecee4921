import sharp from 'sharp';
import { ReplicateImageModel } from '../../src/modules/generation/adapters/model/replicate-image-model.adapter';
import { REPLICATE_SCHEMAS, SAFETY_TOLERANCE } from '../../src/modules/generation/adapters/model/replicate-model-schemas';
import type { ImageEditRequest } from '../../src/modules/generation/application/image-model.port';
import { FLUX_2_PRO, KONTEXT_MAX, KONTEXT_PRO, NANO_BANANA, PUBLISHED_PRICES, type SupportedModel } from '../../src/modules/generation/domain/model-catalogue';
import { ModelRefusedError, TransientModelError } from '../../src/modules/generation/domain/model-errors';
import { freePort } from '../support/free-port';
import {
  BFL_CONTENT_MODERATED,
  E003_HIGH_DEMAND,
  E004_UNAVAILABLE,
  E005_SENSITIVE,
  GOOGLE_IMAGE_SAFETY,
  startFakeReplicate,
  type FakeReplicate,
} from '../support/fake-replicate';

const PRIMARY = KONTEXT_MAX;

/** D10/D41: the Replicate adapters against a local server speaking Replicate's prediction API and each model's input schema. */
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

  const adapter = (overrides: Partial<ConstructorParameters<typeof ReplicateImageModel>[0]> = {}, model: SupportedModel = PRIMARY) =>
    new ReplicateImageModel({
      apiToken: fake.token,
      baseUrl: fake.baseUrl,
      schema: REPLICATE_SCHEMAS[model],
      price: PUBLISHED_PRICES[model],
      timeoutMs: 5000,
      pollIntervalMs: 10,
      logger,
      ...overrides,
    });

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

  describe('each model with its own input schema (D41)', () => {
    const inputOf = () => fake.creates().at(-1)!.body!.input as Record<string, unknown>;

    it.each<SupportedModel>([KONTEXT_MAX, KONTEXT_PRO])('%s: input_image as a data URI, seed, safety 2, the upload\'s format and aspect ratio; a URL string back', async (model) => {
      const result = await adapter({}, model).edit(request({ seed: 1234, style: 'cartoon' }));
      expect(Object.keys(inputOf()).sort()).toEqual(['aspect_ratio', 'input_image', 'output_format', 'prompt', 'safety_tolerance', 'seed']);
      expect(inputOf()).toMatchObject({ prompt: 'add snow falling (in a cartoon style)', aspect_ratio: 'match_input_image', output_format: 'jpg', seed: 1234, safety_tolerance: 2 });
      expect(result).toMatchObject({ model, mimeType: 'image/jpeg', costMicros: model === KONTEXT_MAX ? 80_000 : 40_000 });
      expect(result.image.equals(jpeg)).toBe(true);
    });

    it('FLUX.2 [pro]: input_images as an array, aspect ratio and format told (else a 1:1 WebP), seed; cost by megapixels', async () => {
      const wide = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#3366cc' } }).png().toBuffer();
      const result = await adapter({}, FLUX_2_PRO).edit(request({ image: wide, mimeType: 'image/png', seed: 7 }));
      const input = inputOf();
      expect(Object.keys(input).sort()).toEqual(['aspect_ratio', 'input_images', 'output_format', 'output_quality', 'prompt', 'safety_tolerance', 'seed']);
      expect(input.input_images).toEqual([`data:image/png;base64,${wide.toString('base64')}`]);
      expect(input).toMatchObject({ aspect_ratio: 'match_input_image', output_format: 'png', seed: 7, safety_tolerance: 2 });
      // the output keeps the photo's shape and format (the fake makes what the model would)
      expect(result.mimeType).toBe('image/png');
      expect(await sharp(result.image).metadata()).toMatchObject({ width: 1600, height: 900, format: 'png' });
      // 1.44 MP in and out: $0.03 for the first output MP + $0.015 × (2 in + 2 out − 1)
      expect(result.costMicros).toBe(30_000 + 15_000 * 3);
    });

    it('the fake makes a 1:1 WebP when FLUX.2 [pro] is not told otherwise (why the adapter tells it)', async () => {
      const wide = await sharp({ create: { width: 64, height: 32, channels: 3, background: '#3366cc' } }).jpeg().toBuffer();
      const bare = new ReplicateImageModel({
        apiToken: fake.token,
        baseUrl: fake.baseUrl,
        schema: { ...REPLICATE_SCHEMAS[FLUX_2_PRO], input: (r) => ({ prompt: r.prompt, input_images: [`data:${r.mimeType};base64,${r.image.toString('base64')}`] }) },
        price: PUBLISHED_PRICES[FLUX_2_PRO],
        timeoutMs: 5000,
        pollIntervalMs: 10,
        logger,
      });
      const result = await bare.edit(request({ image: wide }));
      expect(result.mimeType).toBe('image/webp');
      expect(await sharp(result.image).metadata()).toMatchObject({ width: 32, height: 32 });
    });

    it('Nano Banana: image_input as an array, no seed and no safety setting, the style as a sentence; an array output is read too', async () => {
      fake.enqueueFor(NANO_BANANA, { kind: 'succeed', outputShape: 'array' });
      const result = await adapter({}, NANO_BANANA).edit(request({ image: png, mimeType: 'image/png', seed: 99, style: 'cartoon' }));
      const input = inputOf();
      expect(Object.keys(input).sort()).toEqual(['aspect_ratio', 'image_input', 'output_format', 'prompt']);
      expect(input).toMatchObject({ image_input: [`data:image/png;base64,${png.toString('base64')}`], aspect_ratio: 'match_input_image', output_format: 'png' });
      expect(input.prompt).toMatch(/^add snow falling\. .*cartoon/);
      expect(result).toMatchObject({ model: NANO_BANANA, mimeType: 'image/png', costMicros: 39_000 });
      expect(result.image.equals(png)).toBe(true);
    });

    it('the fake speaks each schema: a wrong or missing input name is a 422 in Replicate\'s shape (a misconfiguration, transient for the chain)', async () => {
      const before = logged.length;
      const wrong = new ReplicateImageModel({
        apiToken: fake.token,
        baseUrl: fake.baseUrl,
        // Kontext's field name sent to Nano Banana
        schema: { ...REPLICATE_SCHEMAS[NANO_BANANA], input: (r) => ({ prompt: r.prompt, input_image: 'data:image/png;base64,AAAA', seed: 1 }) },
        price: PUBLISHED_PRICES[NANO_BANANA],
        timeoutMs: 5000,
        pollIntervalMs: 10,
        logger,
      });
      const error = await wrong.edit(request()).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TransientModelError);
      expect(fake.predictions).toHaveLength(0);
      expect(logged.slice(before).some((l) => /misconfiguration.*HTTP 422/.test(l) && /input_image is not allowed/.test(l))).toBe(true);

      const res = await fetch(`${fake.baseUrl}/models/${FLUX_2_PRO}/predictions`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${fake.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ input: { input_images: 'not-an-array', safety_tolerance: 6 } }),
      });
      expect(res.status).toBe(422);
      const body = (await res.json()) as { title: string; status: number; detail: string; invalid_fields: Array<{ type: string; field: string }> };
      expect(body).toMatchObject({ title: 'Input validation failed', status: 422 });
      expect(body.invalid_fields.map((f) => f.field).sort()).toEqual(['input.input_images', 'input.prompt', 'input.safety_tolerance']);
      expect(body.invalid_fields.find((f) => f.field === 'input.prompt')?.type).toBe('required');
    });

    it.each([
      [KONTEXT_MAX, E005_SENSITIVE],
      [KONTEXT_PRO, E005_SENSITIVE],
      [FLUX_2_PRO, E005_SENSITIVE],
      [FLUX_2_PRO, BFL_CONTENT_MODERATED],
      [NANO_BANANA, GOOGLE_IMAGE_SAFETY],
      [NANO_BANANA, E005_SENSITIVE],
    ])('%s refusing with "%s" → ModelRefusedError (nsfw_detected)', async (model, message) => {
      fake.enqueueFor(model, { kind: 'fail', error: message });
      const error = await adapter({}, model as SupportedModel).edit(request()).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ModelRefusedError);
      expect((error as ModelRefusedError).error).toBe('nsfw_detected');
    });

    it("a vendor's refusal words are its own: Google's safety block from a Flux model is a plain failure", async () => {
      fake.enqueueFor(KONTEXT_MAX, { kind: 'fail', error: GOOGLE_IMAGE_SAFETY });
      const error = await adapter({}, KONTEXT_MAX).edit(request()).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TransientModelError);
    });
  });

  it('an unreachable service → TransientModelError at once (no 15 s of client retries)', async () => {
    const port = await freePort();
    const started = Date.now();
    const error = await adapter({ baseUrl: `http://127.0.0.1:${port}/v1` }).edit(request()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransientModelError);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
