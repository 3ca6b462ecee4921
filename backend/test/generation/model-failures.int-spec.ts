import request from 'supertest';
import { IMAGE_MODEL, type ImageEditRequest, type ImageEditResult, type ImageModel } from '../../src/modules/generation/application/image-model.port';
import { ModelRefusedError, TransientModelError } from '../../src/modules/generation/domain/model-errors';
import { photoJpeg } from '../support/images';
import type { TestApp } from '../support/test-app';
import { balanceOf, createGenerationApp, generate, imageRowsOf, ledgerOf, signedInUser } from './generation-helpers';

/**
 * D4: the model's failure paths cost nothing. IMAGE_MODEL is replaced by a test double in this
 * file only (the other generation tests use the real local engine).
 */
describe('model failures', () => {
  let t: TestApp;
  let behaviour: (request: ImageEditRequest) => Promise<ImageEditResult>;
  const calls: ImageEditRequest[] = [];
  const model: ImageModel = {
    edit: (req) => {
      calls.push(req);
      return behaviour(req);
    },
  };

  beforeAll(async () => {
    t = await createGenerationApp({ env: { MODEL_TIMEOUT_MS: '300' }, overrideProviders: [{ provide: IMAGE_MODEL, useValue: model }] });
  });
  afterAll(() => t.close());

  async function expectNothingSpent(userId: string) {
    expect(await balanceOf(t, userId)).toMatchObject({ balance: 1 });
    const ledger = await ledgerOf(t, userId);
    expect(ledger.rows.filter((r) => r.type === 'use')).toEqual([]);
    expect(ledger.reservations).toEqual({ released: 1 });
    const rows = await imageRowsOf(t, userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'failed', original_bytes: null, generated_bytes: null });
    await request(t.http).get(`/api/images/${rows[0].id}`).expect(404);
    await request(t.http).get(`/api/images/${rows[0].id}/original`).expect(404);
  }

  it('hands the model the checked upload and a signal', async () => {
    behaviour = async (req) => ({ image: req.image, mimeType: req.mimeType, model: 'test-double', costMicros: 0 });
    const user = await signedInUser(t, { regular: 1 });
    const res = await generate(user.agent, { image: photoJpeg(), prompt: 'anything at all' }).expect(200);
    expect(res.body.model).toBe('test-double');
    const seen = calls[calls.length - 1];
    expect(seen).toMatchObject({ mimeType: 'image/jpeg', prompt: 'anything at all', style: 'realistic' });
    expect(seen.signal).toBeInstanceOf(AbortSignal);
  });

  it('answers a transient model failure with 503 and gives the credit back', async () => {
    behaviour = async () => {
      throw new TransientModelError('Replicate E003: service unavailable');
    };
    const user = await signedInUser(t, { regular: 1 });
    const res = await generate(user.agent, { image: photoJpeg(), prompt: 'add snow falling' }).expect(503);
    expect(res.body).toEqual({
      message: 'The AI service is busy right now. Please try again in a moment.',
      error: 'The AI service is busy right now. Please try again in a moment.',
      code: 'GENERATION.MODEL_UNAVAILABLE',
    });
    await expectNothingSpent(user.id);
  });

  it('answers an NSFW refusal with error "nsfw_detected" and gives the credit back (D11)', async () => {
    behaviour = async () => {
      throw new ModelRefusedError();
    };
    const user = await signedInUser(t, { regular: 1 });
    const res = await generate(user.agent, { image: photoJpeg(), prompt: 'add snow falling' }).expect(400);
    expect(res.body).toEqual({
      message: 'The AI detected inappropriate content. Please try a different image or prompt.',
      error: 'nsfw_detected',
      code: 'GENERATION.NSFW_DETECTED',
    });
    await expectNothingSpent(user.id);
  });

  it('gives up after MODEL_TIMEOUT_MS on a model that never answers: 503, the credit back', async () => {
    let aborted = false;
    behaviour = (req) =>
      new Promise((_, reject) =>
        req.signal?.addEventListener('abort', () => {
          aborted = true;
          reject(req.signal?.reason);
        }),
      );
    const user = await signedInUser(t, { regular: 1 });
    const started = Date.now();
    const res = await generate(user.agent, { image: photoJpeg(), prompt: 'add snow falling' }).expect(503);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(res.body.code).toBe('GENERATION.MODEL_UNAVAILABLE');
    expect(aborted).toBe(true);
    await expectNothingSpent(user.id);
  });

  it('answers an unexpected model crash with a 500 that leaks nothing, and gives the credit back', async () => {
    behaviour = async () => {
      throw new Error('segfault in /opt/secret/path');
    };
    const user = await signedInUser(t, { regular: 1 });
    const res = await generate(user.agent, { image: photoJpeg(), prompt: 'add snow falling' }).expect(500);
    expect(res.body.code).toBe('INTERNAL');
    expect(JSON.stringify(res.body)).not.toContain('secret');
    await expectNothingSpent(user.id);
  });

  it('refuses a model answer that is not an image, free of charge', async () => {
    behaviour = async () => ({ image: Buffer.from('<html>error</html>'), mimeType: 'image/png', model: 'test-double', costMicros: 0 });
    const user = await signedInUser(t, { regular: 1 });
    await generate(user.agent, { image: photoJpeg(), prompt: 'add snow falling' }).expect(503);
    await expectNothingSpent(user.id);
  });
});
