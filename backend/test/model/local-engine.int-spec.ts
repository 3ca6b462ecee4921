import * as path from 'node:path';
import sharp from 'sharp';
import { LocalImageModel } from '../../src/modules/generation/adapters/model/local-image-model.adapter';
import { IMAGE_MODEL, type ImageModel } from '../../src/modules/generation/application/image-model.port';
import { parseEditIntents, UNSUPPORTED_EDIT_MESSAGE } from '../../src/modules/generation/adapters/model/local-engine/edit-intents';
import { UnsupportedEditError } from '../../src/modules/generation/domain/model-errors';
import { PROMPT_SUGGESTIONS } from '../../src/modules/generation/domain/shared-with-client/prompt-suggestions';
import { applyIntents, decode, encode, renderFile, type OutputMime } from '../../src/modules/generation/adapters/model/local-engine-renderer';
import type { EditIntent } from '../../src/modules/generation/adapters/model/local-engine/edit-intents';
import { createTestApp, type TestApp } from '../support/test-app';
import { imageDiff, isVisible } from './image-diff';

const PHOTO = path.resolve(__dirname, '..', '..', 'assets', 'demo-photos', 'chelsea.png'); // 451x300, CC0 (Stefan van der Walt)
/** ADR 0024: a background edit needs a person in the photo; the sample portrait (512x512, NASA, public domain). */
const PORTRAIT = path.resolve(__dirname, '..', '..', 'assets', 'demo-photos', 'astronaut.png');
const BACKGROUND_KINDS = new Set(['replace-background', 'blur-background', 'remove-background']);
const needsPerson = (chip: string) => parseEditIntents(chip).some((intent) => BACKGROUND_KINDS.has(intent.kind));

/** D10: the local sharp engine, on a real photo, judged by its pixels. */
describe('local image engine (D10)', () => {
  const engine = new LocalImageModel();
  let jpeg: Buffer;
  let png: Buffer;
  let portrait: Buffer;

  beforeAll(async () => {
    jpeg = await sharp(PHOTO).jpeg({ quality: 90 }).toBuffer();
    png = await sharp(PHOTO).ensureAlpha().png().toBuffer();
    portrait = await sharp(PORTRAIT).jpeg({ quality: 90 }).toBuffer();
  });

  const edit = (prompt: string, image = jpeg, mimeType: 'image/jpeg' | 'image/png' = 'image/jpeg', style: 'realistic' | 'cartoon' = 'realistic') =>
    engine.edit({ image, mimeType, prompt, style });

  const supportedChips = PROMPT_SUGGESTIONS.filter((chip) => parseEditIntents(chip).length > 0);
  const refusedChips = PROMPT_SUGGESTIONS.filter((chip) => parseEditIntents(chip).length === 0);

  it('supports ten of the twelve chips', () => {
    expect(supportedChips).toHaveLength(10);
  });

  it('does the background chip on a photo of a person (ADR 0024), the others on any photo', () => {
    expect(supportedChips.filter(needsPerson)).toEqual(['change the background to a beach at sunset']);
  });

  it.each(supportedChips)('chip "%s" gives a visible change, as a JPEG of the same size', async (chip) => {
    const [photo, size] = needsPerson(chip) ? [portrait, [512, 512]] : [jpeg, [451, 300]];
    const result = await edit(chip, photo);
    expect(result).toMatchObject({ mimeType: 'image/jpeg', model: 'local-engine' });
    const meta = await sharp(result.image).metadata();
    expect(meta.format).toBe('jpeg');
    expect([meta.width, meta.height]).toEqual(size);
    const diff = await imageDiff(photo, result.image);
    expect(isVisible(diff)).toBe(true);
  });

  it.each(['remove the person on the left', 'put the girl in a black dress'])('refuses "%s" with a message naming what it can do', async (chip) => {
    expect(refusedChips).toContain(chip);
    const error = await edit(chip).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnsupportedEditError);
    expect((error as UnsupportedEditError).message).toBe(UNSUPPORTED_EDIT_MESSAGE);
    expect((error as UnsupportedEditError).message).toMatch(/^The local editing engine can't do that edit: it needs the AI model\./);
    const supported = (error as UnsupportedEditError).supported;
    expect(supported.slice(0, 3)).toEqual([
      'a new background behind a person: a beach, snow, a city at night, a colour or a gradient',
      'blur the background behind a person',
      'remove the background (a transparent PNG)',
    ]);
    expect(supported).toContain('black and white');
    expect((error as UnsupportedEditError).kind).toBe('unprocessable');
  });

  it('applies several intents from one prompt: each one shows', async () => {
    const both = await edit('make it black and white and add the caption "Snow day"');
    const { data, info } = await sharp(both.image).raw().toBuffer({ resolveWithObject: true });
    // black and white: in the top half (no caption there) every pixel is (almost) grey
    let maxSpread = 0;
    for (let i = 0; i < (info.height / 2) * info.width * info.channels; i += info.channels) {
      maxSpread = Math.max(maxSpread, Math.max(data[i], data[i + 1], data[i + 2]) - Math.min(data[i], data[i + 1], data[i + 2]));
    }
    expect(maxSpread).toBeLessThan(12);
    // and the caption is there: the bottom differs from plain black and white much more than the top
    const grey = await edit('make it black and white');
    const top = await sharp(grey.image).extract({ left: 0, top: 0, width: 451, height: 150 }).toBuffer();
    const topBoth = await sharp(both.image).extract({ left: 0, top: 0, width: 451, height: 150 }).toBuffer();
    const bottom = await sharp(grey.image).extract({ left: 0, top: 150, width: 451, height: 150 }).toBuffer();
    const bottomBoth = await sharp(both.image).extract({ left: 0, top: 150, width: 451, height: 150 }).toBuffer();
    expect((await imageDiff(top, topBoth)).changedShare).toBeLessThan(0.001);
    expect((await imageDiff(bottom, bottomBoth)).changedShare).toBeGreaterThan(0.02);
  });

  it('mirrors: the first column becomes the last (give or take the seed\'s film grain of ±3)', async () => {
    const result = await edit('mirror it', png, 'image/png');
    const before = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    const after = await sharp(result.image).raw().toBuffer({ resolveWithObject: true });
    const w = before.info.width;
    const c = before.info.channels;
    for (const y of [0, 100, 299]) {
      for (const x of [0, 1, 200, w - 1]) {
        const was = before.data.subarray((y * w + x) * c, (y * w + x + 1) * c);
        const now = after.data.subarray((y * w + (w - 1 - x)) * c, (y * w + (w - x)) * c);
        // alpha exactly, the colours within the grain
        expect(now[3]).toBe(was[3]);
        for (let k = 0; k < 3; k++) expect(Math.abs(now[k] - was[k])).toBeLessThanOrEqual(3);
      }
    }
  });

  it('rotates by 90 degrees (the picture turns on its side) and pads a background frame around it', async () => {
    const rotated = await sharp((await edit('rotate it 90 degrees')).image).metadata();
    expect([rotated.width, rotated.height]).toEqual([300, 451]);
    const framed = await edit('add a gradient background from blue to purple', png, 'image/png');
    const meta = await sharp(framed.image).metadata();
    expect(meta.width).toBeGreaterThan(451);
    expect(meta.height).toBeGreaterThan(300);
    const { data, info } = await sharp(framed.image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => Array.from(data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3));
    // top-left corner close to blue (37,99,235), bottom-right close to purple (147,51,234)
    const [r0, g0, b0] = at(1, 1);
    const [r1, g1, b1] = at(info.width - 2, info.height - 2);
    expect(b0).toBeGreaterThan(200);
    expect(g0).toBeGreaterThan(80);
    expect(r0).toBeLessThan(60);
    expect(b1).toBeGreaterThan(200);
    expect(r1).toBeGreaterThan(130);
    expect(g1).toBeLessThan(70);
  });

  it('keeps a PNG a PNG (with its alpha channel), and a JPEG a JPEG', async () => {
    const fromPng = await edit('make it warmer', png, 'image/png');
    expect(fromPng.mimeType).toBe('image/png');
    const meta = await sharp(fromPng.image).metadata();
    expect(meta.format).toBe('png');
    expect(meta.hasAlpha).toBe(true);
    const fromJpeg = await edit('make it warmer');
    expect(fromJpeg.mimeType).toBe('image/jpeg');
    expect((await sharp(fromJpeg.image).metadata()).format).toBe('jpeg');
  });

  it('draws a caption with markup characters as text (XML-escaped), not as SVG', async () => {
    const result = await edit('add the caption "<b>Tom & Jerry</b> \'quoted\'"');
    expect(isVisible(await imageDiff(jpeg, result.image))).toBe(true);
  });

  it('the cartoon style turns any prompt into a cartoon, even one with no other intent', async () => {
    const result = await edit('remove the person on the left', jpeg, 'image/jpeg', 'cartoon');
    expect(isVisible(await imageDiff(jpeg, result.image))).toBe(true);
  });

  it('is what IMAGE_MODEL serves when no Replicate token is configured (the chain of D41 is the local engine alone)', async () => {
    let t: TestApp | undefined;
    try {
      t = await createTestApp();
      expect(t.config.generation.modelChain).toEqual(['local-engine']);
      const model = t.app.get<ImageModel>(IMAGE_MODEL, { strict: false });
      const result = await model.edit({ image: jpeg, mimeType: 'image/jpeg', prompt: 'add snow falling', style: 'realistic' });
      expect(result).toMatchObject({ model: 'local-engine', costMicros: 0 });
    } finally {
      await t?.close();
    }
  });

  describe('one edit, file in, file out (issue 29: the first pass runs inside the decode)', () => {
    const prompts = [
      'make it black and white',
      'make the colors warmer',
      'make it cooler',
      'make it brighter and more colorful',
      'make it darker',
      'mirror it and add snow falling',
      'flip it upside down',
      'rotate it 90 degrees',
      'blur it',
      'add the caption "Snow day"',
      'add rain falling',
    ];
    const stepByStep = async (input: Buffer, intents: EditIntent[], seed: number, mime: OutputMime) => encode(await applyIntents(await decode(input), intents, seed), mime);

    it.each(prompts)('"%s" gives the very bytes of decode → intents → encode', async (prompt) => {
      const intents = parseEditIntents(prompt);
      expect(intents.length).toBeGreaterThan(0);
      expect((await renderFile(jpeg, intents, 7, 'image/jpeg')).equals(await stepByStep(jpeg, intents, 7, 'image/jpeg'))).toBe(true);
    });

    it('the same for a PNG with an alpha channel (the pass leaves alpha alone), a grey JPEG and a 16-bit PNG (converted first)', async () => {
      const grey = await sharp(PHOTO).toColourspace('b-w').jpeg().toBuffer();
      expect((await sharp(grey).metadata()).channels).toBe(1);
      const deep = await sharp(PHOTO).toColourspace('rgb16').png().toBuffer();
      expect((await sharp(deep).metadata()).depth).toBe('ushort');
      for (const prompt of ['make the colors warmer', 'make it black and white', 'rotate it 90 degrees']) {
        const intents = parseEditIntents(prompt);
        expect((await renderFile(png, intents, 3, 'image/png')).equals(await stepByStep(png, intents, 3, 'image/png'))).toBe(true);
        expect((await renderFile(grey, intents, 3, 'image/jpeg')).equals(await stepByStep(grey, intents, 3, 'image/jpeg'))).toBe(true);
        expect((await renderFile(deep, intents, 3, 'image/png')).equals(await stepByStep(deep, intents, 3, 'image/png'))).toBe(true);
      }
    });
  });
});
