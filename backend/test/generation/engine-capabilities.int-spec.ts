import request from 'supertest';
import { LOCAL_ENGINE_CAPABILITIES, NO_SUBJECT_MESSAGE, parseEditIntents } from '../../src/modules/generation/adapters/model/local-engine/edit-intents';
import { PROMPT_SUGGESTIONS } from '../../src/modules/generation/domain/shared-with-client/prompt-suggestions';
import { photo, photoJpeg } from '../support/images';
import { ModelChainService } from '../../src/modules/generation/application/model-chain.service';
import { E004_UNAVAILABLE, startFakeReplicate, type FakeReplicate } from '../support/fake-replicate';
import type { TestApp } from '../support/test-app';
import { balanceOf, createGenerationApp, generate, generationAppForSuite, replicateGenerationAppForSuite, signedInUser } from './generation-helpers';

/**
 * Issue 15 "local mode tells the truth": GET /api/generation/capabilities says which engine edits
 * the photos and what it can do, so the editor marks the chips that need the AI model.
 */
const NEEDS_THE_AI_MODEL = ['put the girl in a black dress', 'remove the person on the left'];

describe('GET /api/generation/capabilities with the local engine (no Replicate token)', () => {
  const suite = generationAppForSuite();

  it('answers anyone, signed out too: the local engine, the 12 chips in the spec order with what it does, and its list', async () => {
    const res = await request(suite.t.http).get('/api/generation/capabilities').expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.body.engine).toBe('local');
    expect(res.body.suggestions.map((s: { prompt: string }) => s.prompt)).toEqual([...PROMPT_SUGGESTIONS]);
    const unsupported = res.body.suggestions.filter((s: { supported: boolean }) => !s.supported).map((s: { prompt: string }) => s.prompt);
    expect(unsupported).toEqual(NEEDS_THE_AI_MODEL);
    expect(res.body.capabilities).toEqual(LOCAL_ENGINE_CAPABILITIES.map(({ name, example }) => ({ name, example })));
    expect(res.body.capabilities.length).toBeGreaterThanOrEqual(18);
  });

  it('every chip it reports as supported really works on a portrait: 200 and a credit spent; the unsupported ones are refused, free', async () => {
    const res = await request(suite.t.http).get('/api/generation/capabilities').expect(200);
    const user = await signedInUser(suite.t, { regular: 12 });
    // ADR 0024: the background chip needs a person in the photo (the sample portrait, PNG).
    const portrait = photo('astronaut.png');
    for (const { prompt, supported } of res.body.suggestions as Array<{ prompt: string; supported: boolean }>) {
      const answer = await generate(user.agent, { image: portrait, filename: 'portrait.png', contentType: 'image/png', prompt });
      expect([prompt, answer.status]).toEqual([prompt, supported ? 200 : 422]);
      if (!supported) expect(parseEditIntents(prompt)).toEqual([]);
    }
    expect((await balanceOf(suite.t, user.id)).balance).toBe(12 - 10);
  });

  it('the background chip on a photo with no person (the rocket) gets a short 422 and costs nothing (ADR 0024)', async () => {
    const user = await signedInUser(suite.t, { regular: 1 });
    const res = await generate(user.agent, { image: photoJpeg(), prompt: 'change the background to a beach at sunset' }).expect(422);
    expect(res.body.code).toBe('GENERATION.UNSUPPORTED_EDIT');
    expect(res.body.message).toBe(NO_SUBJECT_MESSAGE);
    expect((await balanceOf(suite.t, user.id)).balance).toBe(1);
  });

  it('lists the background edits first in what works locally', async () => {
    const res = await request(suite.t.http).get('/api/generation/capabilities').expect(200);
    expect(res.body.capabilities.slice(0, 3).map((c: { example: string }) => c.example)).toEqual([
      'change the background to a beach at sunset',
      'blur the background',
      'remove the background',
    ]);
  });

  it('a refused prompt gets a short message (the list is in details.supported, not in the message)', async () => {
    const user = await signedInUser(suite.t, { regular: 1 });
    const res = await generate(user.agent, { image: photoJpeg(), prompt: 'put the girl in a black dress' }).expect(422);
    expect(res.body.code).toBe('GENERATION.UNSUPPORTED_EDIT');
    expect(res.body.message).toBe(
      "The local editing engine can't do that edit: it needs the AI model. Try one it can do, such as make it black and white or add snow falling.",
    );
    expect(res.body.details.supported).toEqual(LOCAL_ENGINE_CAPABILITIES.map((c) => c.name));
  });
});

describe('GET /api/generation/capabilities with Replicate configured', () => {
  const suite = replicateGenerationAppForSuite();

  it('reports the AI model: every chip supported, in the spec order, and no local list', async () => {
    const res = await request(suite.t.http).get('/api/generation/capabilities').expect(200);
    expect(res.body).toEqual({
      engine: 'replicate',
      suggestions: PROMPT_SUGGESTIONS.map((prompt) => ({ prompt, supported: true })),
      capabilities: null,
    });
  });
});

describe('D41: the local engine last in a chain of AI models (a degraded mode)', () => {
  let replicate: FakeReplicate;
  let t: TestApp;
  beforeAll(async () => {
    replicate = await startFakeReplicate();
    t = await createGenerationApp({ env: { ...replicate.env, MODEL_CHAIN: 'black-forest-labs/flux-kontext-max,local-engine' } });
  });
  afterAll(async () => {
    await t?.close();
    await replicate?.close();
  });

  it('serves what it can when the AI model fails, refuses the rest for free, and the capability answer follows the engine serving now', async () => {
    const describe = async () => (await request(t.http).get('/api/generation/capabilities').expect(200)).body as { engine: string; capabilities: unknown[] | null };
    expect(await describe()).toMatchObject({ engine: 'replicate', capabilities: null });

    replicate.setDefault({ kind: 'fail', error: E004_UNAVAILABLE });
    const user = await signedInUser(t, { regular: 10 });
    // the AI model fails: the same generation is made by the local engine, one credit
    const made = await generate(user.agent, { image: photoJpeg(), prompt: 'make it black and white' }).expect(200);
    expect(made.body.model).toBe('local-engine');
    // a prompt only an AI model can do: refused, free of charge
    const refused = await generate(user.agent, { image: photoJpeg(), prompt: 'put the girl in a black dress' }).expect(422);
    expect(refused.body.code).toBe('GENERATION.UNSUPPORTED_EDIT');
    expect((await balanceOf(t, user.id)).balance).toBe(9);

    // after 5 failures the AI model is skipped: the local engine serves, and says so
    for (let i = 0; i < 3; i++) await generate(user.agent, { image: photoJpeg(), prompt: 'make it black and white' }).expect(200);
    const degraded = await describe();
    expect(degraded.engine).toBe('local');
    expect(degraded.capabilities?.length).toBeGreaterThanOrEqual(18);
    const before = replicate.createdModels().length;
    await generate(user.agent, { image: photoJpeg(), prompt: 'make it black and white' }).expect(200);
    expect(replicate.createdModels()).toHaveLength(before); // passed over, no call

    // back: the admin resets the chain, and the AI model is the engine again
    await t.app.get(ModelChainService, { strict: false }).reset();
    expect((await describe()).engine).toBe('replicate');
  });
});
