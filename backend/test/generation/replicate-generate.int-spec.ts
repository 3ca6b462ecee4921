import request from 'supertest';
import sharp from 'sharp';
import { actionsOf, readContentCredentials, withoutContentCredentials } from '../support/content-credentials';
import { E004_UNAVAILABLE, E005_SENSITIVE } from '../support/fake-replicate';
import { flatJpeg, meanDifference, photoPng } from '../support/images';
import { balanceOf, generate, imageRow, ledgerOf, replicateGenerationAppForSuite, signedInUser, sql } from './generation-helpers';

/**
 * POST /api/generate end to end with REPLICATE_API_TOKEN set: the real Replicate adapters (behind
 * the model chain, D41) against a local fake of Replicate's prediction API.
 */
describe('generation with Replicate', () => {
  const suite = replicateGenerationAppForSuite();
  beforeEach(() => suite.replicate.clear());

  it('sends the checked upload to Flux Kontext Max, copies the output into our storage and charges one credit', async () => {
    const output = await flatJpeg(300, 200, '#d04020');
    suite.replicate.enqueue({ kind: 'succeed', polls: 1, image: output, contentType: 'image/jpeg' });
    const user = await signedInUser(suite.t, { regular: 1 });
    const res = await generate(user.agent, { image: photoPng(), filename: 'coffee.png', contentType: 'image/png', prompt: 'make the lighting more dramatic' }).expect(200);

    expect(res.body).toMatchObject({ watermarked: false, model: 'black-forest-labs/flux-kontext-max' });
    expect(suite.replicate.createdModels()).toEqual(['black-forest-labs/flux-kontext-max']);
    const input = suite.replicate.creates()[0].body?.input as Record<string, unknown>;
    expect(input.prompt).toBe('make the lighting more dramatic');
    expect(String(input.input_image)).toMatch(/^data:image\/png;base64,/);

    // Stored here, byte for byte (no watermark, no metadata to strip) but for its content
    // credentials (D42), served with its real type.
    const served = await request(suite.t.http).get(`/api/images/${res.body.id}`).expect(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(Buffer.compare(withoutContentCredentials(served.body as Buffer), output)).toBe(0);
    expect(actionsOf(await readContentCredentials(served.body as Buffer))[1]).toMatchObject({ action: 'c2pa.edited', softwareAgent: { name: 'black-forest-labs/flux-kontext-max' } });
    expect((await request(suite.t.http).get(`/api/images/${res.body.id}/download`).expect(200)).headers['content-disposition']).toBe(
      `attachment; filename="magic-editor-${res.body.id}.jpg"`,
    );
    expect(await imageRow(suite.t, res.body.id)).toMatchObject({ status: 'completed', model: 'black-forest-labs/flux-kontext-max' });
    expect(await balanceOf(suite.t, user.id)).toMatchObject({ balance: 0 });
  });

  it('watermarks a Replicate output paid with a watermarked credit (D2)', async () => {
    const output = await flatJpeg(600, 400, '#808080');
    suite.replicate.enqueue({ kind: 'succeed', image: output, contentType: 'image/jpeg' });
    const user = await signedInUser(suite.t, { watermarked: 1 });
    const res = await generate(user.agent, { image: photoPng(), contentType: 'image/png', prompt: 'add snow falling' }).expect(200);
    expect(res.body.watermarked).toBe(true);
    const served = (await request(suite.t.http).get(`/api/images/${res.body.id}`).expect(200)).body as Buffer;
    expect(await sharp(served).metadata()).toMatchObject({ width: 600, height: 400, format: 'jpeg' });
    expect(await meanDifference(served, output, { left: 420, top: 330, width: 180, height: 70 })).toBeGreaterThan(15);
    expect(await meanDifference(served, output, { left: 0, top: 0, width: 300, height: 200 })).toBeLessThan(2);
  });

  it('answers an E005 refusal with nsfw_detected, free of charge', async () => {
    suite.replicate.enqueue({ kind: 'fail', error: E005_SENSITIVE });
    const user = await signedInUser(suite.t, { regular: 1 });
    const res = await generate(user.agent, { image: photoPng(), contentType: 'image/png', prompt: 'add snow falling' }).expect(400);
    expect(res.body).toMatchObject({ error: 'nsfw_detected', code: 'GENERATION.NSFW_DETECTED' });
    expect(await balanceOf(suite.t, user.id)).toMatchObject({ balance: 1 });
    expect((await ledgerOf(suite.t, user.id)).reservations).toEqual({ released: 1 });
  });

  it('answers with 503, free of charge, when every model of the chain fails (E004)', async () => {
    suite.replicate.enqueue({ kind: 'fail', error: E004_UNAVAILABLE }, { kind: 'fail', error: E004_UNAVAILABLE });
    const user = await signedInUser(suite.t, { regular: 1 });
    const res = await generate(user.agent, { image: photoPng(), contentType: 'image/png', prompt: 'add snow falling' }).expect(503);
    expect(res.body.message).toBe('The AI service is busy right now. Please try again in a moment.');
    expect(suite.replicate.createdModels()).toEqual(['black-forest-labs/flux-kontext-max', 'black-forest-labs/flux-kontext-pro']);
    expect(await balanceOf(suite.t, user.id)).toMatchObject({ balance: 1 });
  });

  it('D41: a failing first model hands the same generation to the next; one credit, the attempts and the cost recorded', async () => {
    suite.replicate.enqueueFor('black-forest-labs/flux-kontext-max', { kind: 'fail', error: E004_UNAVAILABLE });
    const user = await signedInUser(suite.t, { regular: 2 });
    const res = await generate(user.agent, { image: photoPng(), contentType: 'image/png', prompt: 'add snow falling' }).expect(200);
    expect(res.body.model).toBe('black-forest-labs/flux-kontext-pro');
    expect(suite.replicate.createdModels()).toEqual(['black-forest-labs/flux-kontext-max', 'black-forest-labs/flux-kontext-pro']);
    expect(await imageRow(suite.t, res.body.id)).toMatchObject({ status: 'completed', model: 'black-forest-labs/flux-kontext-pro' });
    expect(await balanceOf(suite.t, user.id)).toMatchObject({ balance: 1 });
    const attempts = await sql<{ model: string; outcome: string; cost_micros: string; latency_ms: number; purpose: string }>(
      suite.t,
      `SELECT model, outcome, cost_micros, latency_ms, purpose FROM model_attempt WHERE image_id = $1 ORDER BY id`,
      [res.body.id],
    );
    expect(attempts.map((a) => [a.model, a.outcome, Number(a.cost_micros), a.purpose])).toEqual([
      ['black-forest-labs/flux-kontext-max', 'failed', 0, 'generation'],
      ['black-forest-labs/flux-kontext-pro', 'succeeded', 40_000, 'generation'],
    ]);
    expect(attempts.every((a) => a.latency_ms >= 0)).toBe(true);
  });
});
