import { Logger } from '@nestjs/common';
import sharp from 'sharp';
import { loadConfig } from '../../../config/app-config';
import { DomainError } from '../../../shared/errors/domain-error';
import { EventBus } from '../../../shared/events/event-bus';
import type { CreditsApi, Reservation } from '../../credits';
import type { TypeormImageRepository } from '../adapters/typeorm/typeorm-image.repository';
import { IMAGE_GENERATED } from '../domain/image-generated.event';
import { ModelRefusedError, TransientModelError } from '../domain/model-errors';
import { GenerateImageUseCase } from './generate-image.use-case';
import type { ImageEditRequest, ImageModel } from './image-model.port';
import { OutputImageService } from './output-image.service';
import { UploadCheckService } from './upload-check.service';

/** The use case's order and failure paths with fakes around it (D4: a failure never costs a credit). */
describe('GenerateImageUseCase', () => {
  let jpeg: Buffer;
  beforeAll(async () => {
    Logger.overrideLogger(false);
    jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366aa' } }).jpeg().toBuffer();
  });

  class FakeCredits implements Pick<CreditsApi, 'balance' | 'reserve' | 'capture' | 'release'> {
    available = 1;
    kind: Reservation['kind'] = 'regular';
    calls: string[] = [];
    captureError?: Error;
    async balance() {
      return { balance: this.available, regular: this.available, watermarked: 0 };
    }
    async reserve() {
      this.calls.push('reserve');
      if (this.available < 1) throw new DomainError('payment_required', 'CREDITS.INSUFFICIENT', 'Insufficient credits');
      this.available -= 1;
      return { id: 'r1', kind: this.kind };
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
    async createProcessing(i: { id: string; originalBytes: Buffer }) {
      this.rows.set(i.id, { status: 'processing', original: i.originalBytes, generated: null });
    }
    async deleteUnpaid(id: string) {
      this.rows.delete(id);
    }
    async completeWith(id: string, o: { bytes: Buffer }) {
      if (!this.completeResult) return false;
      Object.assign(this.rows.get(id)!, { status: 'completed', generated: o.bytes });
      return true;
    }
    async markFailed(id: string) {
      Object.assign(this.rows.get(id)!, { status: 'failed', original: null, generated: null });
    }
  }

  const passThrough: ImageModel = { edit: async (r) => ({ image: r.image, mimeType: r.mimeType, model: 'test-model' }) };

  function setup(model: ImageModel = passThrough, env: Record<string, string> = {}) {
    const config = loadConfig({ NODE_ENV: 'test', MODEL_TIMEOUT_MS: '200', ...env });
    const credits = new FakeCredits();
    const images = new FakeImages();
    const events = new EventBus();
    const published: unknown[] = [];
    events.subscribe(IMAGE_GENERATED, (e) => void published.push(e));
    const useCase = new GenerateImageUseCase(
      config,
      credits as unknown as CreditsApi,
      model,
      new UploadCheckService(config),
      new OutputImageService(),
      images as unknown as TypeormImageRepository,
      events,
    );
    const run = (over: Record<string, unknown> = {}) =>
      useCase.execute({ userId: 'u1', image: { buffer: jpeg, originalname: 'a.jpg' }, prompt: 'make it black and white', ...over });
    return { credits, images, published, run };
  }

  async function rejection(p: Promise<unknown>): Promise<DomainError> {
    try {
      await p;
    } catch (e) {
      return e as DomainError;
    }
    throw new Error('expected a rejection');
  }

  it('reserves, stores, captures, then publishes ImageGenerated once', async () => {
    const { credits, images, published, run } = setup();
    const result = await run();
    expect(credits.calls).toEqual(['reserve', 'capture']);
    expect(images.rows.get(result.id)?.status).toBe('completed');
    expect(result).toMatchObject({ imageUrl: `/api/images/${result.id}`, watermarked: false, model: 'test-model' });
    expect(published).toEqual([expect.objectContaining({ type: IMAGE_GENERATED, imageId: result.id, userId: 'u1', isPublic: true })]);
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
    const { credits, run } = setup({ edit: () => new Promise(() => undefined) }, { MODEL_TIMEOUT_MS: '60000' });
    const pending = run({ signal: client.signal });
    setTimeout(() => client.abort(), 50);
    await rejection(pending);
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
    credits.captureError = new DomainError('conflict', 'CREDITS.RESERVATION_RELEASED', 'released');
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
});
