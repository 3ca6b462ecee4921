import type { ReportsApi } from '../../reports';
import { Logger } from '@nestjs/common';
import sharp from 'sharp';
import { ContentCredentialsService } from '../../../shared/provenance/content-credentials.service';
import { loadConfig, type AppConfig } from '../../../config/app-config';
import { DomainError } from '../../../shared/errors/domain-error';
import { EventBus } from '../../../shared/events/event-bus';
import { ReservationReleasedError, TooManyActiveReservationsError, type CreditsApi, type Reservation } from '../../credits';
import type { ImagesApi } from '../../images';
import { IMAGE_GENERATED } from '../domain/image-generated.event';
import { ModelRefusedError, TransientModelError, UnsupportedEditError } from '../domain/model-errors';
import { UnreadableUploadError } from '../domain/generation-errors';
import { GenerateImageUseCase } from './generate-image.use-case';
import type { ImageEditRequest, ImageModel } from './image-model.port';
import { InstanceGenerationSlots } from './instance-generation-slots';
import { InstanceImageWork } from './instance-image-work';
import { OutputImageService } from '../adapters/codecs/output-image.service';
import { RegionMaskService } from '../adapters/codecs/region-mask.service';
import { ChainSourceCodec } from '../adapters/codecs/chain-source.codec';
import { UploadCheckService } from '../adapters/codecs/upload-check.service';

/** The use case's order and failure paths with fakes around it (D4: a failure never costs a credit). */
describe('GenerateImageUseCase', () => {
  let jpeg: Buffer;
  beforeAll(async () => {
    Logger.overrideLogger(false);
    jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366aa' } }).jpeg().toBuffer();
  });

  class FakeCredits implements Pick<CreditsApi, 'balance' | 'reserveMany' | 'capture' | 'release'> {
    available = 1;
    kind: Reservation['kind'] = 'regular';
    calls: string[] = [];
    captureError?: Error;
    async balance() {
      return { balance: this.available, regular: this.available, watermarked: 0 };
    }
    reserveError?: Error;
    async reserveMany(command: { holds: readonly unknown[] }) {
      this.calls.push('reserve');
      if (this.reserveError) throw this.reserveError;
      if (this.available < command.holds.length) throw new DomainError('payment_required', 'CREDITS.INSUFFICIENT', 'Insufficient credits');
      this.available -= command.holds.length;
      return command.holds.map((_, i) => ({ id: `r${i + 1}`, kind: this.kind }));
    }
    async capture() {
      this.calls.push('capture');
      if (this.captureError) throw this.captureError;
    }
    async release() {
      this.calls.push('release');
      this.available += 1;
    }
  }

  class FakeImages {
    rows = new Map<string, { status: string; original: Buffer | null; generated: Buffer | null }>();
    completeResult = true;
    seeds = new Map<string, number | null | undefined>();
    async createProcessing(i: { id: string; originalBytes: Buffer; seed?: number | null }) {
      this.rows.set(i.id, { status: 'processing', original: i.originalBytes, generated: null });
      this.seeds.set(i.id, i.seed);
    }
    async deleteUnpaid(id: string) {
      this.rows.delete(id);
    }
    async completeWith(id: string, o: { bytes: Buffer }) {
      if (!this.completeResult) return null;
      Object.assign(this.rows.get(id)!, { status: 'completed', generated: o.bytes });
      return { originalRenditions: [], generatedRenditions: [] };
    }
    async markFailed(id: string) {
      Object.assign(this.rows.get(id)!, { status: 'failed', original: null, generated: null });
    }
    async renditionsFromPixels() {
      return { made: [] };
    }
  }

  const passThrough: ImageModel = { edit: async (r) => ({ image: r.image, mimeType: r.mimeType, model: 'test-model', costMicros: 0 }) };

  function setup(
    model: ImageModel = passThrough,
    env: Record<string, string> = {},
    uploads: (config: AppConfig) => UploadCheckService = (config) => new UploadCheckService(config),
  ) {
    const config = loadConfig({ NODE_ENV: 'test', MODEL_TIMEOUT_MS: '200', ...env });
    const credits = new FakeCredits();
    const images = new FakeImages();
    const events = new EventBus();
    const slots = new InstanceGenerationSlots(config);
    const published: unknown[] = [];
    events.subscribe(IMAGE_GENERATED, (e) => void published.push(e));
    const useCase = new GenerateImageUseCase(
      config,
      credits as unknown as CreditsApi,
      model,
      uploads(config),
      new OutputImageService(images as unknown as ImagesApi),
      images as unknown as ImagesApi,
      events,
      slots,
      new RegionMaskService(),
      new ChainSourceCodec(),
      // The content credentials are the integration tests' (test/provenance): here the file passes as it is.
      { sign: async (bytes: Buffer) => bytes } as unknown as ContentCredentialsService,
      // The block list (D43) is the integration tests' (test/reports): nothing is blocked here.
      { isBlocked: async () => false } as unknown as ReportsApi,
      new InstanceImageWork(config),
    );
    const run = (over: Record<string, unknown> = {}) =>
      useCase.execute({ userId: 'u1', image: { buffer: jpeg, originalname: 'a.jpg' }, prompt: 'make it black and white', ...over });
    return { credits, images, published, run, slots };
  }

  async function rejection(p: Promise<unknown>): Promise<DomainError> {
    try {
      await p;
    } catch (e) {
      return e as DomainError;
    }
    throw new Error('expected a rejection');
  }

  it.each([
    ['1', 1],
    ['2', 2],
  ])('with GENERATION_IMAGE_WORK_CONCURRENCY=%s, the output steps of 4 variants run at most %i at a time (issue 29)', async (concurrency, most) => {
    const prepare = OutputImageService.prototype.prepare;
    let running = 0;
    let seen = 0;
    const spy = jest.spyOn(OutputImageService.prototype, 'prepare').mockImplementation(async function (this: OutputImageService, ...args) {
      seen = Math.max(seen, ++running);
      try {
        await new Promise((r) => setTimeout(r, 10));
        return await prepare.apply(this, args);
      } finally {
        running--;
      }
    });
    try {
      const { credits, run } = setup(passThrough, { GENERATION_IMAGE_WORK_CONCURRENCY: concurrency });
      credits.available = 4;
      const result = await run({ variants: '4' });
      expect(result.variants?.map((v) => v.status)).toEqual(['completed', 'completed', 'completed', 'completed']);
    } finally {
      spy.mockRestore();
    }
    expect(seen).toBe(most);
  });

  it('reserves, stores, captures, then publishes ImageGenerated once', async () => {
    const { credits, images, published, run } = setup();
    const result = await run();
    expect(credits.calls).toEqual(['reserve', 'capture']);
    expect(images.rows.get(result.id)?.status).toBe('completed');
    expect(result).toMatchObject({ imageUrl: `/api/images/${result.id}`, watermarked: false, model: 'test-model' });
    expect(published).toEqual([expect.objectContaining({ type: IMAGE_GENERATED, imageId: result.id, userId: 'u1', isPublic: true })]);
  });

  it('draws a new seed for each generation, hands it to the model and keeps it on the row (issue 15)', async () => {
    const seen: Array<number | undefined> = [];
    const { credits, images, run } = setup({ edit: async (r) => (seen.push(r.seed), { image: r.image, mimeType: r.mimeType, model: 'test-model', costMicros: 0 }) });
    credits.available = 2;
    const first = await run({ seed: 42 });
    const second = await run();
    expect(seen).toEqual([first.seed, second.seed]);
    expect(first.seed).not.toBe(second.seed);
    expect(first.seed).not.toBe(42);
    for (const result of [first, second]) {
      expect(Number.isInteger(result.seed) && result.seed >= 0 && result.seed <= 2 ** 31 - 1).toBe(true);
      expect(images.seeds.get(result.id)).toBe(result.seed);
    }
  });

  it('answers someone without credits at once, without waiting for the upload check (issue 15: the toast came 1-1.5 s late)', async () => {
    class EndlessCheck extends UploadCheckService {
      override check(): Promise<never> {
        return new Promise<never>(() => undefined); // a 12 MP decode that has not finished yet
      }
    }
    const { credits, images, run } = setup(passThrough, {}, (config) => new EndlessCheck(config));
    credits.available = 0;
    const error = await rejection(run({ prompt: 'add snow falling' }));
    expect(error.code).toBe('CREDITS.INSUFFICIENT');
    expect(credits.calls).toEqual([]);
    expect(images.rows.size).toBe(0);
  });

  it('never decodes the upload of someone without credits, and frees the instance slot with the 402 (issues 9 and 15)', async () => {
    class CountingCheck extends UploadCheckService {
      calls = 0;
      override check(bytes: Buffer) {
        this.calls += 1;
        return super.check(bytes);
      }
    }
    let uploads!: CountingCheck;
    const { credits, run, slots } = setup(passThrough, {}, (config) => (uploads = new CountingCheck(config)));
    credits.available = 0;
    const error = await rejection(run({ prompt: 'add snow falling', mask: { buffer: jpeg, originalname: 'm.png' } }));
    expect(error.code).toBe('CREDITS.INSUFFICIENT');
    expect(uploads.calls).toBe(0);
    expect(slots.busy).toBe(0);
  });

  it('keeps the slot until the mask check has settled too when the image is refused, and gives the image\'s verdict first', async () => {
    let settleMask!: () => void;
    const maskSettled = new Promise<void>((resolve) => (settleMask = resolve));
    let maskEntered!: () => void;
    const maskChecking = new Promise<void>((resolve) => (maskEntered = resolve));
    const busyWhenMaskSettled: number[] = [];
    class SlowMaskCheck extends UploadCheckService {
      override async check(bytes: Buffer) {
        if (bytes === jpeg) {
          maskEntered();
          await maskSettled;
          busyWhenMaskSettled.push(slots.busy);
          throw new UnreadableUploadError();
        }
        return super.check(bytes);
      }
    }
    const { run, slots } = setup(passThrough, {}, (config) => new SlowMaskCheck(config));
    const gif = { buffer: Buffer.from('GIF89a....'), originalname: 'a.jpg' };
    const pending = rejection(run({ image: gif, prompt: 'add snow falling', mask: { buffer: jpeg, originalname: 'm.png' } }));
    await maskChecking; // the mask's check is under way (no fixed sleep: issue 25)
    expect(slots.busy).toBe(1);
    settleMask();
    expect((await pending).code).toBe('UPLOAD.UNSUPPORTED_TYPE');
    expect(busyWhenMaskSettled).toEqual([1]);
    expect(slots.busy).toBe(0);
  });

  it.each([
    ['a transient failure', new TransientModelError('E003 service unavailable'), 503, 'GENERATION.MODEL_UNAVAILABLE'],
    ['an NSFW refusal', new ModelRefusedError(), 400, 'GENERATION.NSFW_DETECTED'],
    ['an unknown error', new Error('boom'), undefined, undefined],
  ])('releases the credit and fails the image on %s', async (_name, thrown, _status, code) => {
    const { credits, images, published, run } = setup({ edit: async () => Promise.reject(thrown) });
    const error = await rejection(run());
    if (code) expect(error.code).toBe(code);
    else expect(error).toBe(thrown);
    expect(credits.calls).toEqual(['reserve', 'release']);
    expect(credits.available).toBe(1);
    const [row] = [...images.rows.values()];
    expect(row).toEqual({ status: 'failed', original: null, generated: null });
    expect(published).toHaveLength(0);
  });

  it('answers a busy model with the contract text, not the provider message', async () => {
    const { run } = setup({ edit: async () => Promise.reject(new TransientModelError('E004 upstream 502')) });
    expect((await rejection(run())).message).toBe('The AI service is busy right now. Please try again in a moment.');
  });

  it('gives up on a model that hangs past MODEL_TIMEOUT_MS, even one that ignores the abort', async () => {
    let seen: AbortSignal | undefined;
    const { credits, run } = setup({
      edit: (r: ImageEditRequest) => {
        seen = r.signal;
        return new Promise(() => undefined);
      },
    });
    const started = Date.now();
    const error = await rejection(run());
    expect(Date.now() - started).toBeLessThan(2000);
    expect(error).toMatchObject({ kind: 'unavailable', code: 'GENERATION.MODEL_UNAVAILABLE' });
    expect(seen?.aborted).toBe(true);
    expect(credits.calls).toEqual(['reserve', 'release']);
  });

  it('releases the credit when the client goes away', async () => {
    const client = new AbortController();
    // The client leaves while the model works (the model aborts it as soon as it is called).
    const { credits, run } = setup({ edit: () => (client.abort(), new Promise(() => undefined)) }, { MODEL_TIMEOUT_MS: '60000' });
    await rejection(run({ signal: client.signal }));
    expect(credits.calls).toEqual(['reserve', 'release']);
  });

  it('does not capture a generation the recovery job already failed', async () => {
    const { credits, images, run } = setup();
    images.completeResult = false;
    expect((await rejection(run())).code).toBe('GENERATION.MODEL_UNAVAILABLE');
    expect(credits.calls).toEqual(['reserve', 'release']);
  });

  it('fails the image when the capture finds its reservation released', async () => {
    const { credits, images, run } = setup();
    credits.captureError = new ReservationReleasedError();
    expect((await rejection(run())).code).toBe('GENERATION.MODEL_UNAVAILABLE');
    expect([...images.rows.values()][0].status).toBe('failed');
  });

  it('checks the prompt (D13) and the upload (D12) before anything is stored or reserved', async () => {
    const { credits, images, run } = setup();
    expect((await rejection(run({ prompt: 'make her naked' }))).code).toBe('GENERATION.PROMPT_BLOCKED');
    expect((await rejection(run({ image: { buffer: Buffer.from('GIF89a....'), originalname: 'x.jpg' } }))).code).toBe(
      'UPLOAD.UNSUPPORTED_TYPE',
    );
    expect(credits.calls).toEqual([]);
    expect(images.rows.size).toBe(0);
  });

  it('stores nothing for someone without credits, and removes the row when the reservation loses a race', async () => {
    const { credits, images, run } = setup();
    credits.available = 0;
    expect((await rejection(run())).code).toBe('CREDITS.INSUFFICIENT');
    expect(images.rows.size).toBe(0);
    credits.balance = async () => ({ balance: 1, regular: 1, watermarked: 0 }); // the balance said yes, the race said no
    expect((await rejection(run())).code).toBe('CREDITS.INSUFFICIENT');
    expect(images.rows.size).toBe(0);
  });

  it('refuses a generation over GENERATION_MAX_IN_FLIGHT_PER_INSTANCE with 429 before anything is decoded, stored or reserved (issue 9)', async () => {
    let finish!: () => void;
    const gate = new Promise<void>((resolve) => (finish = resolve));
    let modelCalled!: () => void;
    const atModel = new Promise<void>((resolve) => (modelCalled = resolve));
    const { credits, images, run, slots } = setup(
      { edit: async (r) => (modelCalled(), await gate, { image: r.image, mimeType: r.mimeType, model: 'test-model', costMicros: 0 }) },
      { GENERATION_MAX_IN_FLIGHT_PER_INSTANCE: '1', MODEL_TIMEOUT_MS: '60000' },
    );
    credits.available = 5;
    const first = run();
    await atModel; // the first one is past its upload check and holds the slot
    const refused = await rejection(run());
    expect(refused).toMatchObject({ kind: 'rate_limited', code: 'GENERATION.TOO_MANY_IN_FLIGHT' });
    expect(refused.message).toBe('The editor is very busy right now. Please try again in a moment.');
    expect(credits.calls).toEqual(['reserve']);
    expect(images.rows.size).toBe(1);
    finish();
    await first;
    expect(slots.busy).toBe(0);
    await run(); // the slot came back
  });

  it('gives the slot back when a generation fails', async () => {
    const { run, slots } = setup({ edit: async () => Promise.reject(new TransientModelError('E003')) }, { GENERATION_MAX_IN_FLIGHT_PER_INSTANCE: '1' });
    await rejection(run());
    await rejection(run({ prompt: 'make her naked' }));
    expect(slots.busy).toBe(0);
  });

  it('answers the ledger\'s per-user limit as GENERATION.TOO_MANY_IN_FLIGHT (429) and removes the row (issue 9)', async () => {
    const { credits, images, run } = setup();
    credits.reserveError = new TooManyActiveReservationsError(2);
    const refused = await rejection(run());
    expect(refused).toMatchObject({ kind: 'rate_limited', code: 'GENERATION.TOO_MANY_IN_FLIGHT', details: { scope: 'user', max: 2 } });
    expect(refused.message).toBe('You already have 2 edits in progress. Please wait for one to finish and try again.');
    expect(images.rows.size).toBe(0);
    expect(credits.available).toBe(1);
  });

  it('leaves no image row behind for an edit the model refuses to do (422), and gives the credit back (issue 9)', async () => {
    const { credits, images, run } = setup({ edit: async () => Promise.reject(new UnsupportedEditError('cannot', ['black and white'])) });
    expect((await rejection(run())).code).toBe('GENERATION.UNSUPPORTED_EDIT');
    expect(images.rows.size).toBe(0);
    expect(credits.calls).toEqual(['reserve', 'release']);
  });
});
