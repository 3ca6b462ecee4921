import sharp from 'sharp';
import request from 'supertest';
import { LocalImageModel } from '../../src/modules/generation/adapters/model/local-image-model.adapter';
import { canDoLocally } from '../../src/modules/generation/adapters/model/local-engine/edit-intents';
import { SEED_MAX } from '../../src/modules/generation/domain/generation-seed';
import { PROMPT_SUGGESTIONS } from '../../src/modules/generation/domain/shared-with-client/prompt-suggestions';
import { imageDiff, isVisible } from '../model/image-diff';
import { photo, photoJpeg } from '../support/images';
import type { TestApp } from '../support/test-app';
import { generate, generationAppForSuite, replicateGenerationAppForSuite, signedInUser, sql } from './generation-helpers';
import { withoutContentCredentials } from '../support/content-credentials';

/**
 * Issue 15 "Regenerate gives a different image": every generation draws a seed on the server and
 * keeps it on the image row; the local engine's random elements and its film grain follow it
 * (same seed, same bytes; another seed, other bytes, whatever the prompt), and Replicate gets it
 * as its `seed` input.
 */

const isSeed = (value: unknown) => Number.isInteger(value) && (value as number) >= 0 && (value as number) <= SEED_MAX;

async function seedOf(t: TestApp, imageId: string): Promise<number | null> {
  return (await sql<{ seed: number | null }>(t, `SELECT seed FROM image WHERE id = $1`, [imageId]))[0].seed;
}

async function download(t: TestApp, path: string): Promise<Buffer> {
  const res = await request(t.http).get(path).expect(200);
  expect(Buffer.isBuffer(res.body)).toBe(true);
  return res.body as Buffer;
}

describe('the local engine takes a seed (issue 15)', () => {
  const engine = new LocalImageModel();
  let jpeg: Buffer;
  let png: Buffer;

  beforeAll(async () => {
    // 451x300: small enough to render each prompt several times.
    jpeg = await sharp(photo('chelsea.png')).jpeg({ quality: 90 }).toBuffer();
    png = await sharp(photo('chelsea.png')).ensureAlpha().png().toBuffer();
  });

  const edit = (prompt: string, seed: number | undefined, image = jpeg, mimeType: 'image/jpeg' | 'image/png' = 'image/jpeg') =>
    engine.edit({ image, mimeType, prompt, style: 'realistic', seed }).then((r) => r.image);

  // Prompts with random elements of their own, and prompts with none (a tint, a flip, a caption, a frame).
  const PROMPTS = [
    'add snow falling',
    'add rain falling',
    'make the colors warmer',
    'make it black and white',
    'mirror it',
    'rotate it 90 degrees',
    'add the caption "Best day ever"',
    'add a pink background',
    'pixelate it',
  ];

  it.each(PROMPTS)('"%s": the same seed gives the same bytes, another seed other bytes (JPEG)', async (prompt) => {
    const [a, again, b] = await Promise.all([edit(prompt, 1234), edit(prompt, 1234), edit(prompt, 98765)]);
    expect(a.equals(again)).toBe(true);
    expect(a.equals(b)).toBe(false);
  });

  it.each(['make the colors warmer', 'mirror it', 'add snow falling'])('"%s": the same holds for a PNG with alpha', async (prompt) => {
    const [a, again, b] = await Promise.all([edit(prompt, 7, png, 'image/png'), edit(prompt, 7, png, 'image/png'), edit(prompt, 8, png, 'image/png')]);
    expect(a.equals(again)).toBe(true);
    expect(a.equals(b)).toBe(false);
    // The alpha channel is the original's whatever the seed.
    const alpha = async (img: Buffer) => sharp(img).extractChannel(3).raw().toBuffer();
    if (prompt !== 'mirror it') expect((await alpha(a)).equals(await alpha(png))).toBe(true);
  });

  it('no seed is seed 0: scripts and tests without one get one fixed picture', async () => {
    const [none, zero] = await Promise.all([edit('make the colors warmer', undefined), edit('make the colors warmer', 0)]);
    expect(none.equals(zero)).toBe(true);
  });

  it('the snow falls elsewhere with another seed: the flakes move, not just the grain', async () => {
    const [a, b] = await Promise.all([edit('add snow falling', 1), edit('add snow falling', 2)]);
    const flakes = await imageDiff(a, b);
    // A tint's two seeds differ by grain and a ±10% strength only: far less than moved flakes.
    const tint = await imageDiff(await edit('make it black and white', 1), await edit('make it black and white', 2));
    expect(flakes.changedShare).toBeGreaterThan(0.01);
    expect(tint.changedShare).toBeLessThan(0.001);
    expect(tint.meanAbsDiff).toBeLessThan(2);
  });

  // One seed per test: each renders every chip it does, so each stays well inside a test's time on
  // a busy machine.
  it.each([0, 1, SEED_MAX, 424242])('every chip it does stays a visible change with seed %i', async (seed) => {
    const chips = PROMPT_SUGGESTIONS.filter((chip) => canDoLocally(chip));
    const results = await Promise.all(chips.map((chip) => edit(chip, seed)));
    for (const [i, result] of results.entries()) {
      const diff = await imageDiff(jpeg, result);
      expect([chips[i], seed, isVisible(diff)]).toEqual([chips[i], seed, true]);
    }
  });
});

describe('POST /api/generate draws a new seed for every generation (issue 15)', () => {
  const suite = generationAppForSuite();

  it('the same photo and prompt twice (Regenerate) give different bytes; each row keeps its seed', async () => {
    const user = await signedInUser(suite.t, { regular: 2 });
    // A pure tint: no random element of its own.
    const first = await generate(user.agent, { image: photoJpeg(), prompt: 'make the colors warmer' }).expect(200);
    const second = await generate(user.agent, { image: photoJpeg(), prompt: 'make the colors warmer' }).expect(200);

    const [a, b] = await Promise.all([download(suite.t, `/api/images/${first.body.id}`), download(suite.t, `/api/images/${second.body.id}`)]);
    expect(a.equals(b)).toBe(false);

    const [seedA, seedB] = await Promise.all([seedOf(suite.t, first.body.id), seedOf(suite.t, second.body.id)]);
    expect(isSeed(seedA)).toBe(true);
    expect(isSeed(seedB)).toBe(true);
    expect(seedA).not.toBe(seedB);
    expect(first.body.seed).toBe(seedA);
    expect(second.body.seed).toBe(seedB);
  });

  it('the kept seed makes the stored picture again, byte for byte (its content credentials aside, D42)', async () => {
    const user = await signedInUser(suite.t, { regular: 1 });
    const res = await generate(user.agent, { image: photoJpeg(), prompt: 'add snow falling' }).expect(200);
    const [original, stored] = await Promise.all([download(suite.t, `/api/images/${res.body.id}/original`), download(suite.t, `/api/images/${res.body.id}`)]);
    const seed = await seedOf(suite.t, res.body.id);
    const again = await new LocalImageModel().edit({ image: original, mimeType: 'image/jpeg', prompt: 'add snow falling', style: 'realistic', seed: seed! });
    expect(again.image.equals(withoutContentCredentials(stored))).toBe(true);
    const other = await new LocalImageModel().edit({ image: original, mimeType: 'image/jpeg', prompt: 'add snow falling', style: 'realistic', seed: (seed! + 1) % SEED_MAX });
    expect(other.image.equals(withoutContentCredentials(stored))).toBe(false);
  });

  it('ignores a seed sent by the client', async () => {
    const user = await signedInUser(suite.t, { regular: 2 });
    const send = () => user.agent.post('/api/generate').field('prompt', 'make it black and white').field('seed', '42').attach('image', photoJpeg(), { filename: 'photo.jpg', contentType: 'image/jpeg' });
    const one = await send().expect(200);
    const two = await send().expect(200);
    expect([one.body.seed, two.body.seed]).not.toContain(42);
    expect(one.body.seed).not.toBe(two.body.seed);
    expect(await seedOf(suite.t, one.body.id)).toBe(one.body.seed);
  });
});

describe('Replicate gets the generation\'s seed (issue 15)', () => {
  const suite = replicateGenerationAppForSuite();

  it('sends a new seed with each prediction, the one kept on the image row', async () => {
    const user = await signedInUser(suite.t, { regular: 2 });
    const first = await generate(user.agent, { image: photoJpeg(), prompt: 'put the girl in a black dress' }).expect(200);
    const second = await generate(user.agent, { image: photoJpeg(), prompt: 'put the girl in a black dress' }).expect(200);

    const seeds = suite.replicate.creates().map((call) => (call.body?.input as Record<string, unknown>).seed);
    expect(seeds).toHaveLength(2);
    expect(seeds.every(isSeed)).toBe(true);
    expect(seeds[0]).not.toBe(seeds[1]);
    expect(await seedOf(suite.t, first.body.id)).toBe(seeds[0]);
    expect(await seedOf(suite.t, second.body.id)).toBe(seeds[1]);
  });
});
