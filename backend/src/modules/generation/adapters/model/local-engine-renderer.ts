import sharp, { type Sharp } from 'sharp';
import { STORED_JPEG } from '../codecs/stored-jpeg';
import { sceneSvg } from './local-engine/background-scenes';
import type { BackgroundScene, EditIntent, Rgb } from './local-engine/edit-intents';
import { seededRandom } from './local-engine/seeded-random';
import { hasSubject, subjectMask, type SubjectMask } from './local-engine/subject-segmenter';

/**
 * D10: the pixels behind the local engine's intents, with sharp only (no network). The image is
 * decoded once to raw sRGB pixels; each intent is one sharp pass over raw pixels or one plain loop
 * over the buffer (overlays such as snow, rain, the vignette and the sunset glow are drawn straight
 * into the pixels, which is faster than rendering a full-size SVG); the result is encoded once, in
 * the input's format. Every size is relative to the image, so a 300 px photo and a 12-megapixel
 * one look alike. Measured in bench/generate.bench.ts: under 2 s per chip at 4000x3000 here.
 *
 * Issue 15: every render takes a seed (the generation draws a new one each time). It places the
 * random elements (snowflakes, raindrops, the film grain), sets how strongly tone and colour edits
 * are applied (±10%) and where a vignette is centred. The same seed gives the same bytes; another
 * seed gives other bytes for every prompt, also one with no random element of its own (a pure
 * tint, a mirror), because the grain that finishes every picture follows the seed
 * (docs/local-engine.md, "Seeds").
 *
 * ADR 0024: the background edits (a drawn scene, a blurred or a transparent background) keep the
 * person the segmentation model finds (local-engine/subject-segmenter.ts, loaded on the first such
 * edit in a thread) and change what is behind them; with no person in the photo they throw
 * NoSubjectError, which the engine answers with a 422 (no credit spent).
 */

/** ADR 0024: the segmentation model found no person to keep in front of the background. */
export class NoSubjectError extends Error {
  constructor(readonly coverage: number) {
    super(`No subject found for a background edit (coverage ${coverage.toFixed(3)})`);
    this.name = 'NoSubjectError';
  }
}

export interface RawImage {
  data: Buffer;
  width: number;
  height: number;
  /** 3 (RGB) or 4 (RGBA) */
  channels: 3 | 4;
}

export type OutputMime = 'image/jpeg' | 'image/png';

/** Caps libvips' own decode guard; the pipeline already refuses images over its megapixel limit. */
const MAX_INPUT_PIXELS = 100_000_000;

export async function decode(input: Buffer): Promise<RawImage> {
  const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.channels === 3 || info.channels === 4) return { data, width: info.width, height: info.height, channels: info.channels };
  // Grey (+alpha) inputs: expand to RGB(A) so every step sees the same layout.
  const expanded = await sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: expanded.data, width: expanded.info.width, height: expanded.info.height, channels: expanded.info.channels as 3 | 4 };
}

export async function encode(image: RawImage, mimeType: OutputMime): Promise<Buffer> {
  const s = fromRaw(image);
  return mimeType === 'image/png'
    ? s.png({ compressionLevel: 6, adaptiveFiltering: false }).toBuffer()
    : s.jpeg(STORED_JPEG).toBuffer();
}

/** What a seed decides besides the random overlays. */
interface Variation {
  /** The seed itself (snow, rain and the grain draw from it). */
  seed: number;
  /** 0.9..1.1: how strongly the tone and colour intents are applied. */
  strength: number;
  /** -0.05..0.05: how far a vignette's centre sits from the middle, as a share of the width / height. */
  offsetX: number;
  offsetY: number;
}

/** The seed's choices; seed 0 (the default of scripts and tests) is a render like any other. */
function variationOf(seed: number): Variation {
  const s = seed >>> 0;
  const rand = seededRandom(s ^ 0x9e3779b9);
  return { seed: s, strength: 0.9 + 0.2 * rand(), offsetX: (rand() - 0.5) * 0.1, offsetY: (rand() - 0.5) * 0.1 };
}

/**
 * Applies the intents in the order given (parseEditIntents returns them in INTENT_ORDER), then the
 * seed's film grain over the whole picture.
 */
export async function applyIntents(image: RawImage, intents: readonly EditIntent[], seed = 0): Promise<RawImage> {
  return applyWith(image, intents, variationOf(seed));
}

async function applyWith(image: RawImage, intents: readonly EditIntent[], variation: Variation): Promise<RawImage> {
  const subject = new SubjectOf(image);
  // Issue 29: a colour intent that comes last runs in the grain's own loop (one pass less).
  const last = intents[intents.length - 1];
  const finalMap = last && isColourIntent(last) ? colourMapOf(last, variation.strength) : IDENTITY;
  let current = image;
  for (const intent of finalMap === IDENTITY ? intents : intents.slice(0, -1)) current = await applyIntent(current, intent, variation, subject);
  return grain(current, variation.seed, finalMap);
}

/**
 * One edit, file in, file out: decode, the intents, the grain, encode (the same bytes as
 * `encode(applyIntents(decode(input)))`). Issue 29: when the first intent is a pass libvips can
 * run as it decodes (a turn, a flip, a blur), it runs inside the decode,
 * so a 12-megapixel photo sits in memory as raw pixels once during that step instead of twice
 * (36 MB less at the engine's peak).
 */
export async function renderFile(input: Buffer, intents: readonly EditIntent[], seed: number, mimeType: OutputMime): Promise<Buffer> {
  return encode(await renderPixels(input, intents, seed), mimeType);
}

/**
 * The same edit, answered as the finished pixels (what renderFile encodes). Issue 29 (ADR 0038):
 * the grain writes them into a SharedArrayBuffer, which a worker hands to the main thread without
 * a copy, where the output step draws the stored file, its watermark-free master and its
 * renditions from them instead of decoding an encoded file again. Shared, not transferred: a
 * transferred 36 MB ArrayBuffer counts as the main thread's external memory, and the collections
 * that accounting set off took the event loop's p99 during four edits from ~16 to ~25 ms.
 */
export async function renderPixels(input: Buffer, intents: readonly EditIntent[], seed: number): Promise<RawImage> {
  const variation = variationOf(seed);
  const [first, ...rest] = intents;
  const fused = first && isPassIntent(first) ? await decodeThrough(input, first) : null;
  return fused ? applyWith(fused, rest, variation) : applyWith(await decode(input), intents, variation);
}

/**
 * decode() with a pass applied on the way; null unless the file is 8-bit sRGB (grey, CMYK or
 * 16-bit files are converted by decode() first, so the pass would see other channels).
 */
async function decodeThrough(input: Buffer, intent: PassIntent): Promise<RawImage | null> {
  const meta = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  if (!meta.width || !meta.height || meta.space !== 'srgb' || (meta.channels !== 3 && meta.channels !== 4)) return null;
  const shape = { width: meta.width, height: meta.height, channels: meta.channels };
  const { data, info } = await passOp(intent, shape)(sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).toColourspace('srgb'))
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: shape.channels };
}

/**
 * The subject's mask, made once per render from the photo as it came (the background intents come
 * first in INTENT_ORDER, so they all see the photo's own size and orientation).
 */
class SubjectOf {
  private mask: Promise<SubjectMask> | undefined;
  constructor(private readonly image: RawImage) {}

  async get(img: RawImage): Promise<SubjectMask> {
    if (img.width !== this.image.width || img.height !== this.image.height) throw new Error('The subject mask is made before the picture changes size');
    const mask = await (this.mask ??= subjectMask(this.image));
    if (!hasSubject(mask)) throw new NoSubjectError(mask.coverage);
    return mask;
  }
}

async function applyIntent(img: RawImage, intent: EditIntent, v: Variation, subject: SubjectOf): Promise<RawImage> {
  const k = v.strength;
  switch (intent.kind) {
    case 'replace-background':
      return replaceBackground(img, await subject.get(img), intent.scene, v);
    case 'blur-background':
      return blurBackground(img, await subject.get(img), k);
    case 'remove-background':
      return removeBackground(img, await subject.get(img));
    case 'rotate':
    case 'flip-vertical':
    case 'mirror':
    case 'blur':
      return pass(img, passOp(intent, img));
    case 'brighten':
    case 'darken':
    case 'saturate':
    case 'grayscale':
    case 'warm':
    case 'cool':
      return mapColours(img, colourMapOf(intent, k));
    case 'cartoon':
      return cartoon(img);
    case 'pixelate':
      return pixelate(img);
    case 'dramatic':
      return vignette(mapColours(img, linearMap([1.4, 1.4, 1.4], [-51, -51, -51], k)), 0.75, v);
    case 'sepia':
      return vignette(
        mapColours(img, {
          matrix: [
            [0.393, 0.769, 0.189],
            [0.349, 0.686, 0.168],
            [0.272, 0.534, 0.131],
          ],
          offset: [0, 0, 0],
        }),
        0.35,
        v,
      );
    case 'sunset':
      return sunsetGlow(img, k);
    case 'rain':
      return rain(mapColours(img, linearMap([0.78, 0.82, 0.9], [0, 2, 10], k)), v.seed);
    case 'snow':
      return snow(img, v);
    case 'caption':
      return caption(img, intent.text);
    case 'background':
      return background(img, intent.from, intent.to);
  }
}

// ---- plumbing --------------------------------------------------------------------------------

function fromRaw(img: RawImage): Sharp {
  return sharp(img.data, { raw: { width: img.width, height: img.height, channels: img.channels }, limitInputPixels: MAX_INPUT_PIXELS });
}

async function pass(img: RawImage, op: (s: Sharp) => Sharp): Promise<RawImage> {
  const { data, info } = await op(fromRaw(img)).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels as 3 | 4 };
}

/**
 * The intents that are one libvips pass over the whole picture (a decode can run them as it goes,
 * renderPixels). The colour intents are not: libvips works them in floating point, three to four
 * times the decode itself on a 12-megapixel photo; they are ColourMaps, one integer loop.
 */
const PASS_KINDS = ['rotate', 'flip-vertical', 'mirror', 'blur'] as const;
type PassIntent = Extract<EditIntent, { kind: (typeof PASS_KINDS)[number] }>;
type Shape = Pick<RawImage, 'width' | 'height' | 'channels'>;
type ColourIntent = Extract<EditIntent, { kind: (typeof COLOUR_KINDS)[number] }>;

function isPassIntent(intent: EditIntent): intent is PassIntent {
  return (PASS_KINDS as readonly string[]).includes(intent.kind);
}

const COLOUR_KINDS = ['brighten', 'darken', 'saturate', 'grayscale', 'warm', 'cool'] as const;

function isColourIntent(intent: EditIntent): intent is ColourIntent {
  return (COLOUR_KINDS as readonly string[]).includes(intent.kind);
}

/** A pass intent's libvips operation, for a picture of this shape. */
function passOp(intent: PassIntent, img: Shape): (s: Sharp) => Sharp {
  switch (intent.kind) {
    case 'rotate':
      return (s) => s.rotate(intent.degrees);
    case 'flip-vertical':
      return (s) => s.flip();
    case 'mirror':
      return (s) => s.flop();
    case 'blur':
      return (s) => s.blur(Math.max(2.5, Math.max(img.width, img.height) / 350));
  }
}

type Vec3 = [number, number, number];
type Matrix3 = [Vec3, Vec3, Vec3];

/** An affine colour change of every pixel: rgb' = matrix · rgb + offset, clamped to 0..255 (alpha untouched). */
interface ColourMap {
  matrix: Matrix3;
  offset: Vec3;
}

const IDENTITY: ColourMap = {
  matrix: [
    [1, 0, 0],
    [0, 1, 0],
    [0, 0, 1],
  ],
  offset: [0, 0, 0],
};

/** A colour intent's map; k is the seed's strength. */
function colourMapOf(intent: ColourIntent, k: number): ColourMap {
  switch (intent.kind) {
    case 'brighten':
      return linearMap([1.15, 1.15, 1.15], [28, 28, 28], k);
    case 'darken':
      return linearMap([0.68, 0.68, 0.68], [0, 0, 0], k);
    case 'saturate':
      return { matrix: saturationMatrix(1 + 0.6 * k), offset: [0, 0, 0] };
    case 'grayscale':
      return {
        matrix: [
          [0.2126, 0.7152, 0.0722],
          [0.2126, 0.7152, 0.0722],
          [0.2126, 0.7152, 0.0722],
        ],
        offset: [0, 0, 0],
      };
    case 'warm':
      return linearMap([1.1, 1.0, 0.8], [18, 6, -6], k);
    case 'cool':
      return linearMap([0.82, 0.97, 1.12], [-6, 4, 22], k);
  }
}

/** A per-channel `a * v + b`, its distance from "no change" scaled by k (the seed's strength). */
function linearMap(a: Vec3, b: Vec3, k: number): ColourMap {
  const [r, g, bl] = a.map((m) => 1 + (m - 1) * k);
  return {
    matrix: [
      [r, 0, 0],
      [0, g, 0],
      [0, 0, bl],
    ],
    offset: b.map((c) => c * k) as Vec3,
  };
}

/**
 * Applies a ColourMap in place: through a table of 256 outputs per channel when the map keeps
 * channels apart (a tone, a tint), else by the matrix itself (faster here than nine tables).
 * Results round to the nearest value and clamp (Uint8ClampedArray).
 */
function mapColours(img: RawImage, map: ColourMap): RawImage {
  const { data, channels } = img;
  const px = new Uint8ClampedArray(data.buffer, data.byteOffset, data.length);
  const [[m00, m01, m02], [m10, m11, m12], [m20, m21, m22]] = map.matrix;
  const [o0, o1, o2] = map.offset;
  if (m01 === 0 && m02 === 0 && m10 === 0 && m12 === 0 && m20 === 0 && m21 === 0) {
    const lut = (m: number, o: number) => Uint8ClampedArray.from({ length: 256 }, (_, v) => m * v + o);
    const [lr, lg, lb] = [lut(m00, o0), lut(m11, o1), lut(m22, o2)];
    for (let i = 0; i < px.length; i += channels) {
      px[i] = lr[px[i]];
      px[i + 1] = lg[px[i + 1]];
      px[i + 2] = lb[px[i + 2]];
    }
    return img;
  }
  for (let i = 0; i < px.length; i += channels) {
    const r = px[i];
    const g = px[i + 1];
    const b = px[i + 2];
    px[i] = m00 * r + m01 * g + m02 * b + o0;
    px[i + 1] = m10 * r + m11 * g + m12 * b + o1;
    px[i + 2] = m20 * r + m21 * g + m22 * b + o2;
  }
  return img;
}

function saturationMatrix(s: number): Matrix3 {
  const r = 0.2126;
  const g = 0.7152;
  const b = 0.0722;
  return [
    [r + (1 - r) * s, g - g * s, b - b * s],
    [r - r * s, g + (1 - g) * s, b - b * s],
    [r - r * s, g - g * s, b + (1 - b) * s],
  ];
}

function clamp(v: number): number {
  return v < 0 ? 0 : v > 255 ? 255 : v;
}

// ---- intents drawn into the pixels -----------------------------------------------------------

/**
 * Film grain, the last step of every render: a tiny monochrome noise (-3..+3 of 255 on R, G and B
 * alike, triangular, so most pixels move by 0 or 1) drawn from the seed. Too faint to see; enough
 * that two seeds never give the same bytes, whatever the prompt (issue 15). Alpha is untouched.
 * `map` is the last intent's colour change when it is one (else IDENTITY), applied in the same
 * loop: noise on the mapped colour, rounded and clamped once.
 */
function grain(img: RawImage, seed: number, map: ColourMap): RawImage {
  const { data, width, height, channels } = img;
  const [[m00, m01, m02], [m10, m11, m12], [m20, m21, m22]] = map.matrix;
  const [o0, o1, o2] = map.offset;
  // Into shared memory (see renderPixels); alpha copied over, colours written below.
  const px = new Uint8ClampedArray(new SharedArrayBuffer(data.length)); // clamps at 0 and 255
  if (channels === 4) px.set(data);
  const pixels = width * height;
  let state = (seed ^ 0x6a09e667) | 0 || 1; // xorshift32: any non-zero state
  let bits = 0;
  // Four pixels from one 32-bit draw: two 2-bit numbers per byte make a triangular -3..3. Two
  // loops: the plain one (no colour change) runs twice as fast.
  if (map === IDENTITY) {
    for (let p = 0, i = 0; p < pixels; p++, i += channels) {
      if ((p & 3) === 0) bits = state = xorshift(state);
      else bits >>>= 8;
      const n = (bits & 3) + ((bits >>> 2) & 3) - 3;
      px[i] = data[i] + n;
      px[i + 1] = data[i + 1] + n;
      px[i + 2] = data[i + 2] + n;
    }
  } else {
    for (let p = 0, i = 0; p < pixels; p++, i += channels) {
      if ((p & 3) === 0) bits = state = xorshift(state);
      else bits >>>= 8;
      const n = (bits & 3) + ((bits >>> 2) & 3) - 3;
      const r = data[i];
      const g = data[i + 1];
      const b = data[i + 2];
      px[i] = m00 * r + m01 * g + m02 * b + o0 + n;
      px[i + 1] = m10 * r + m11 * g + m12 * b + o1 + n;
      px[i + 2] = m20 * r + m21 * g + m22 * b + o2 + n;
    }
  }
  return { data: Buffer.from(px.buffer, px.byteOffset, px.byteLength), width, height, channels };
}

function xorshift(state: number): number {
  state ^= state << 13;
  state ^= state >>> 17;
  return state ^ (state << 5);
}

/**
 * Darkens towards the corners: strength 0..1 is how dark the farthest corner gets. The centre sits
 * where the seed's variation puts it (a few per cent off the middle), so the falloff differs too.
 */
function vignette(img: RawImage, strength: number, v: Pick<Variation, 'offsetX' | 'offsetY'>): RawImage {
  const { data, width, height, channels } = img;
  const out = Buffer.from(data);
  const cx = (width - 1) * (0.5 + v.offsetX);
  const cy = (height - 1) * (0.5 + v.offsetY);
  const hx = Math.max(1, cx, width - 1 - cx);
  const hy = Math.max(1, cy, height - 1 - cy);
  const col = new Float32Array(width);
  for (let x = 0; x < width; x++) col[x] = ((x - cx) / hx) ** 2 / 2;
  for (let y = 0; y < height; y++) {
    const dy = ((y - cy) / hy) ** 2 / 2;
    let i = y * width * channels;
    for (let x = 0; x < width; x++, i += channels) {
      const d = col[x] + dy; // 0 at the centre, 1 in the farthest corner
      const f = 1 - strength * d * d;
      out[i] = data[i] * f;
      out[i + 1] = data[i + 1] * f;
      out[i + 2] = data[i + 2] * f;
    }
  }
  return { ...img, data: out };
}

/** Warm light from a low sun: an orange-pink glow strongest at the top, a warmer, deeper bottom. k: the glow's strength (0.9..1.1). */
function sunsetGlow(img: RawImage, k: number): RawImage {
  const { data, width, height, channels } = img;
  const out = Buffer.alloc(data.length);
  const glow: Rgb = [255, 128, 48];
  for (let y = 0; y < height; y++) {
    const t = y / Math.max(1, height - 1);
    const a = (0.42 * (1 - t) ** 1.5 + 0.08) * k; // glow opacity: strong at the top, a little everywhere
    const warmR = 1.12 - 0.1 * t;
    const warmG = 0.98 - 0.08 * t;
    const warmB = 0.78 - 0.1 * t;
    let i = y * width * channels;
    for (let x = 0; x < width; x++, i += channels) {
      // screen blend of the glow over the warmed pixel
      const r = data[i] * warmR;
      const g = data[i + 1] * warmG;
      const b = data[i + 2] * warmB;
      out[i] = clamp(r + (255 - r) * (glow[0] / 255) * a);
      out[i + 1] = clamp(g + (255 - g) * (glow[1] / 255) * a);
      out[i + 2] = clamp(b + (255 - b) * (glow[2] / 255) * a);
      if (channels === 4) out[i + 3] = data[i + 3];
    }
  }
  return { ...img, data: out };
}

/** Blends a soft, round flake of radius r (alpha at the centre) into the pixels. */
function drawFlake(img: RawImage, cx: number, cy: number, r: number, alpha: number): void {
  const { data, width, height, channels } = img;
  const x0 = Math.max(0, Math.floor(cx - r));
  const x1 = Math.min(width - 1, Math.ceil(cx + r));
  const y0 = Math.max(0, Math.floor(cy - r));
  const y1 = Math.min(height - 1, Math.ceil(cy + r));
  const r2 = r * r;
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const d2 = (x - cx) ** 2 + (y - cy) ** 2;
      if (d2 > r2) continue;
      const a = alpha * (1 - (d2 / r2) ** 2);
      const i = (y * width + x) * channels;
      data[i] = data[i] + (255 - data[i]) * a;
      data[i + 1] = data[i + 1] + (255 - data[i + 1]) * a;
      data[i + 2] = data[i + 2] + (255 - data[i + 2]) * a;
    }
  }
}

/** Falling snow: a cold, hazy light and flakes of three sizes (small ones far, big ones near), placed by the seed. */
async function snow(img: RawImage, v: Variation): Promise<RawImage> {
  const hazy = mapColours(img, linearMap([0.84, 0.88, 0.92], [26, 30, 40], v.strength));
  const rand = seededRandom(v.seed ^ 0x5e0f1a);
  const unit = Math.max(img.width, img.height) / 1000;
  const count = Math.round((img.width * img.height) / (unit * unit * 400));
  for (let n = 0; n < count; n++) {
    const layer = rand();
    const r = unit * (layer < 0.6 ? 1.2 + rand() : layer < 0.9 ? 2.2 + rand() * 1.5 : 3.8 + rand() * 2.5);
    drawFlake(hazy, rand() * img.width, rand() * img.height, r, 0.75 + rand() * 0.25);
  }
  return hazy;
}

/** Rain: thin light streaks slanting down to the left, over a darker, cooler picture, placed by the seed. */
function rain(img: RawImage, seed: number): RawImage {
  const { data, width, height, channels } = img;
  const rand = seededRandom(seed ^ 0x2a1b);
  const unit = Math.max(width, height) / 1000;
  const count = Math.round((width * height) / (unit * unit * 380));
  const dx = -0.28; // slope: x per y
  for (let n = 0; n < count; n++) {
    const length = unit * (18 + rand() * 30);
    const x0 = rand() * (width + length * 0.3);
    const y0 = rand() * height - length / 2;
    const a = 0.3 + rand() * 0.35;
    const thick = Math.max(1, Math.round(unit * (0.6 + rand() * 0.6)));
    for (let step = 0; step < length; step++) {
      const y = Math.round(y0 + step);
      if (y < 0 || y >= height) continue;
      const xc = Math.round(x0 + dx * step);
      // fade in and out along the streak
      const along = 1 - Math.abs(step / length - 0.5) * 2;
      const alpha = a * (0.4 + 0.6 * along);
      for (let k = 0; k < thick; k++) {
        const x = xc + k;
        if (x < 0 || x >= width) continue;
        const i = (y * width + x) * channels;
        data[i] = data[i] + (210 - data[i]) * alpha;
        data[i + 1] = data[i + 1] + (220 - data[i + 1]) * alpha;
        data[i + 2] = data[i + 2] + (235 - data[i + 2]) * alpha;
      }
    }
  }
  return img;
}

/** Blocky pixels: about 90 blocks across the long side, whatever the size. */
async function pixelate(img: RawImage): Promise<RawImage> {
  const block = Math.max(4, Math.round(Math.max(img.width, img.height) / 90));
  const small = await pass(img, (s) =>
    s.resize(Math.max(1, Math.round(img.width / block)), Math.max(1, Math.round(img.height / block)), { fit: 'fill' }),
  );
  return pass(small, (s) => s.resize(img.width, img.height, { fit: 'fill', kernel: 'nearest' }));
}

/**
 * Comic look: smooth the detail away (median at a working size of ~1200 px), boost the colours,
 * cut them to a few flat levels, and draw dark outlines where the smoothed picture has edges.
 */
async function cartoon(img: RawImage): Promise<RawImage> {
  const scale = Math.min(1, 1200 / Math.max(img.width, img.height));
  const w = Math.max(1, Math.round(img.width * scale));
  const h = Math.max(1, Math.round(img.height * scale));
  const smooth = await pass(img, (s) =>
    s
      .resize(w, h, { fit: 'fill' })
      .median(5)
      .recomb(saturationMatrix(1.45)),
  );
  // Edge strength on the small smoothed picture (luma gradient), as a one-channel mask.
  const edges = Buffer.alloc(w * h);
  const c = smooth.channels;
  const luma = new Float32Array(w * h);
  for (let p = 0, i = 0; p < w * h; p++, i += c) luma[p] = 0.299 * smooth.data[i] + 0.587 * smooth.data[i + 1] + 0.114 * smooth.data[i + 2];
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const p = y * w + x;
      const gx = luma[p + 1] - luma[p - 1] + 0.5 * (luma[p - w + 1] - luma[p - w - 1] + luma[p + w + 1] - luma[p + w - 1]);
      const gy = luma[p + w] - luma[p - w] + 0.5 * (luma[p + w - 1] - luma[p - w - 1] + luma[p + w + 1] - luma[p - w + 1]);
      const m = Math.sqrt(gx * gx + gy * gy);
      edges[p] = m > 38 ? 255 : m > 22 ? 150 : 0;
    }
  }
  // Back to full size: colours smooth (cubic), the outline mask smooth-edged.
  const [colour, mask] = await Promise.all([
    pass(smooth, (s) => s.resize(img.width, img.height, { fit: 'fill' })),
    sharp(edges, { raw: { width: w, height: h, channels: 1 } })
      .resize(img.width, img.height, { fit: 'fill' })
      .extractChannel(0)
      .raw()
      .toBuffer(),
  ]);
  const levels = 6;
  const step = 255 / (levels - 1);
  const lut = new Uint8Array(256);
  for (let v = 0; v < 256; v++) lut[v] = Math.round(Math.round(v / step) * step);
  const out = colour.data;
  const cc = colour.channels;
  for (let p = 0, i = 0; p < mask.length; p++, i += cc) {
    const ink = 1 - (mask[p] / 255) * 0.85;
    out[i] = lut[out[i]] * ink;
    out[i + 1] = lut[out[i + 1]] * ink;
    out[i + 2] = lut[out[i + 2]] * ink;
  }
  if (img.channels === 4 && cc === 4) {
    // keep the original alpha exactly
    for (let p = 0; p < img.width * img.height; p++) out[p * 4 + 3] = img.data[p * 4 + 3];
  }
  return colour;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[ch]!);
}

/** Splits a long caption into at most three lines of similar length. */
function wrap(text: string, maxChars: number): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    if (line && (line + ' ' + word).length > maxChars) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  if (lines.length > 3) return [...lines.slice(0, 2), lines.slice(2).join(' ')];
  return lines;
}

/** A meme-style caption: white bold text with a black outline, centred near the bottom. */
async function caption(img: RawImage, text: string): Promise<RawImage> {
  const { width, height } = img;
  const lines = wrap(text, 24);
  const longest = Math.max(...lines.map((l) => l.length), 1);
  // DejaVu Sans Bold is about 0.62 em per character; fit the longest line in 92% of the width.
  const fontSize = Math.max(10, Math.round(Math.min(height * 0.11, (width * 0.92) / (0.62 * longest))));
  const lineHeight = Math.round(fontSize * 1.15);
  const margin = Math.round(height * 0.04);
  const bandHeight = Math.min(height, lineHeight * lines.length + margin + Math.round(fontSize * 0.35));
  const stroke = Math.max(2, Math.round(fontSize * 0.09));
  const tspans = lines
    .map((l, k) => `<tspan x="${width / 2}" y="${Math.round(fontSize + k * lineHeight)}">${escapeXml(l)}</tspan>`)
    .join('');
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${bandHeight}">` +
      `<text font-family="DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif" font-weight="bold" font-size="${fontSize}" ` +
      `text-anchor="middle" fill="#ffffff" stroke="#000000" stroke-width="${stroke}" stroke-linejoin="round" paint-order="stroke">` +
      `${tspans}</text></svg>`,
  );
  return pass(img, (s) => s.composite([{ input: svg, gravity: 'south' }]));
}

/** A frame of colour (or a diagonal gradient) behind the whole picture, about 8% wide. */
async function background(img: RawImage, from: Rgb, to: Rgb | null): Promise<RawImage> {
  const pad = Math.max(8, Math.round(Math.min(img.width, img.height) * 0.08));
  const W = img.width + 2 * pad;
  const H = img.height + 2 * pad;
  const canvas = Buffer.alloc(W * H * 3);
  const end = to ?? from;
  for (let y = 0; y < H; y++) {
    let i = y * W * 3;
    for (let x = 0; x < W; x++, i += 3) {
      const t = (x / Math.max(1, W - 1) + y / Math.max(1, H - 1)) / 2;
      canvas[i] = from[0] + (end[0] - from[0]) * t;
      canvas[i + 1] = from[1] + (end[1] - from[1]) * t;
      canvas[i + 2] = from[2] + (end[2] - from[2]) * t;
    }
  }
  const { data, info } = await sharp(canvas, { raw: { width: W, height: H, channels: 3 }, limitInputPixels: MAX_INPUT_PIXELS })
    .composite([{ input: img.data, raw: { width: img.width, height: img.height, channels: img.channels }, top: pad, left: pad }])
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels as 3 | 4 };
}

// ---- the background behind the subject (ADR 0024) --------------------------------------------

/** Scenes are drawn at most this wide or tall, then scaled to the photo (they are soft shapes and gradients). */
const SCENE_WORKING_SIDE = 2000;

/** A touch of the scene's light on the person, so they sit in it (a few per cent, never a recolouring). */
function sceneLight(scene: BackgroundScene): [number, number, number] {
  switch (scene.kind) {
    case 'beach':
      return scene.time === 'sunset' ? [1.04, 0.99, 0.93] : [1, 1, 1];
    case 'snow':
      return [0.98, 1, 1.03];
    case 'city-night':
      return [0.95, 0.96, 1];
    default:
      return [1, 1, 1];
  }
}

/** The drawn scene at the photo's size, RGB. */
async function drawScene(scene: BackgroundScene, width: number, height: number, seed: number): Promise<Buffer> {
  const scale = Math.min(1, SCENE_WORKING_SIDE / Math.max(width, height));
  const w = Math.max(1, Math.round(width * scale));
  const h = Math.max(1, Math.round(height * scale));
  let s = sharp(Buffer.from(sceneSvg(scene, w, h, seed)), { limitInputPixels: MAX_INPUT_PIXELS });
  if (w !== width || h !== height) s = s.resize(width, height, { fit: 'fill' });
  return s.removeAlpha().raw().toBuffer();
}

/**
 * The person (mask alpha) over an RGB background of the same size: out = bg·(1−a) + F·light·a,
 * written into `background` itself for an RGB photo (12 MP: one 36 MB buffer less). F is the
 * person's own colour: where the mask's edge is soft (hair, a shoulder), the photo's pixel is
 * partly the old background, which would show as a light or dark fringe on the new one; with an
 * estimate B of the old background there, F = (I − (1−a)·B) / a takes it out ("colour
 * decontamination"). An RGBA photo keeps its own alpha channel.
 */
function compose(img: RawImage, mask: SubjectMask, background: Buffer, light: [number, number, number] = [1, 1, 1], old?: SmallImage): RawImage {
  const { data, width, height, channels } = img;
  const out = channels === 3 ? background : Buffer.alloc(data.length);
  const alpha = mask.alpha;
  const [lr, lg, lb] = light;
  const b0 = [0, 0, 0];
  for (let y = 0, p = 0; y < height; y++) {
    for (let x = 0; x < width; x++, p++) {
      const i = p * channels;
      const j = p * 3;
      // Issue 29: most of a photo is all background or all person; those pixels take the short way.
      if (alpha[p] === 0 && out === background) continue; // already the background's
      const a = alpha[p] / 255;
      const b = 1 - a;
      let r = data[i];
      let g = data[i + 1];
      let bl = data[i + 2];
      if (old && a > 0.03 && a < 0.97) {
        sample(old, (x + 0.5) / width, (y + 0.5) / height, b0);
        r = clamp((r - b * b0[0]) / a);
        g = clamp((g - b * b0[1]) / a);
        bl = clamp((bl - b * b0[2]) / a);
      }
      out[i] = clamp(background[j] * b + r * lr * a);
      out[i + 1] = clamp(background[j + 1] * b + g * lg * a);
      out[i + 2] = clamp(background[j + 2] * b + bl * lb * a);
      if (channels === 4) out[i + 3] = data[i + 3];
    }
  }
  return { ...img, data: out };
}

/** A small RGB picture (the background estimate at an eighth of the size). */
interface SmallImage {
  data: Buffer;
  width: number;
  height: number;
}

/** Bilinear sample of a small RGB picture at (u, v) in 0..1 (pixel centres), into `out`. */
function sample(img: SmallImage, u: number, v: number, out: number[]): void {
  const fx = Math.min(img.width - 1, Math.max(0, u * img.width - 0.5));
  const fy = Math.min(img.height - 1, Math.max(0, v * img.height - 0.5));
  const x0 = Math.floor(fx);
  const y0 = Math.floor(fy);
  const x1 = Math.min(img.width - 1, x0 + 1);
  const y1 = Math.min(img.height - 1, y0 + 1);
  const tx = fx - x0;
  const ty = fy - y0;
  for (let c = 0; c < 3; c++) {
    const top = img.data[(y0 * img.width + x0) * 3 + c] * (1 - tx) + img.data[(y0 * img.width + x1) * 3 + c] * tx;
    const bottom = img.data[(y1 * img.width + x0) * 3 + c] * (1 - tx) + img.data[(y1 * img.width + x1) * 3 + c] * tx;
    out[c] = top * (1 - ty) + bottom * ty;
  }
}

/** A drawn background (a beach, snow, a city at night, a colour, a gradient) behind the person. */
async function replaceBackground(img: RawImage, mask: SubjectMask, scene: BackgroundScene, v: Variation): Promise<RawImage> {
  const [background, old] = await Promise.all([drawScene(scene, img.width, img.height, v.seed), backgroundOnly(img, mask, 1 / 250)]);
  return compose(img, mask, background, sceneLight(scene), old);
}

/** A separable box blur of radius r over a float image with `c` channels, in place (three passes make it nearly Gaussian). */
function boxBlur(data: Float32Array, width: number, height: number, c: number, r: number): void {
  const line = new Float32Array(Math.max(width, height) * c);
  const pass = (count: number, length: number, index: (line: number, at: number) => number) => {
    for (let l = 0; l < count; l++) {
      for (let at = 0; at < length; at++) for (let k = 0; k < c; k++) line[at * c + k] = data[index(l, at) + k];
      for (let k = 0; k < c; k++) {
        let sum = 0;
        for (let at = -r; at <= r; at++) sum += line[Math.min(length - 1, Math.max(0, at)) * c + k];
        for (let at = 0; at < length; at++) {
          data[index(l, at) + k] = sum / (2 * r + 1);
          sum += line[Math.min(length - 1, at + r + 1) * c + k] - line[Math.max(0, at - r) * c + k];
        }
      }
    }
  };
  pass(height, width, (y, x) => (y * width + x) * c);
  pass(width, height, (x, y) => (y * width + x) * c);
}

/**
 * The photo's background alone, out of focus, at an eighth of the size: the pixels weighted by
 * 1 − mask (so the person's colours do not bleed in) blurred three times (a box blur of `blur`
 * times the long side) and divided by the blurred weights. Behind the person it holds the colours
 * around them: what the background probably is there.
 */
async function backgroundOnly(img: RawImage, mask: SubjectMask, blur: number): Promise<SmallImage> {
  const { width, height } = img;
  const sw = Math.max(1, Math.round(width / 8));
  const sh = Math.max(1, Math.round(height / 8));
  const [rgb, weight] = await Promise.all([
    fromRaw(img).removeAlpha().resize(sw, sh, { fit: 'fill' }).raw().toBuffer(),
    sharp(mask.alpha, { raw: { width, height, channels: 1 } }).resize(sw, sh, { fit: 'fill' }).extractChannel(0).raw().toBuffer(),
  ]);
  const acc = new Float32Array(sw * sh * 4);
  for (let p = 0; p < sw * sh; p++) {
    const w = 1 - weight[p] / 255;
    acc[p * 4] = rgb[p * 3] * w;
    acc[p * 4 + 1] = rgb[p * 3 + 1] * w;
    acc[p * 4 + 2] = rgb[p * 3 + 2] * w;
    acc[p * 4 + 3] = w;
  }
  const radius = Math.max(1, Math.round((Math.max(width, height) * blur) / 8));
  for (let i = 0; i < 3; i++) boxBlur(acc, sw, sh, 4, radius);
  const small = Buffer.alloc(sw * sh * 3);
  for (let p = 0; p < sw * sh; p++) {
    const w = acc[p * 4 + 3];
    for (let c = 0; c < 3; c++) small[p * 3 + c] = w > 1e-3 ? clamp(acc[p * 4 + c] / w) : rgb[p * 3 + c];
  }
  return { data: small, width: sw, height: sh };
}

/** The background out of focus behind a sharp person: about 1/90 of the long side (strength k from the seed). */
async function blurBackground(img: RawImage, mask: SubjectMask, k: number): Promise<RawImage> {
  const small = await backgroundOnly(img, mask, k / 90);
  const background = await sharp(small.data, { raw: { width: small.width, height: small.height, channels: 3 } })
    .resize(img.width, img.height, { fit: 'fill' })
    .raw()
    .toBuffer();
  return compose(img, mask, background);
}

/**
 * The person alone on a transparent background: the mask becomes the alpha channel (the output is
 * a PNG), the soft edge's colours freed of the old background as in compose().
 */
async function removeBackground(img: RawImage, mask: SubjectMask): Promise<RawImage> {
  const { data, width, height, channels } = img;
  const old = await backgroundOnly(img, mask, 1 / 250);
  const out = Buffer.alloc(width * height * 4);
  const b0 = [0, 0, 0];
  for (let y = 0, p = 0; y < height; y++) {
    for (let x = 0; x < width; x++, p++) {
      const i = p * channels;
      const o = p * 4;
      const a = mask.alpha[p] / 255;
      if (a > 0.03 && a < 0.97) {
        sample(old, (x + 0.5) / width, (y + 0.5) / height, b0);
        for (let c = 0; c < 3; c++) out[o + c] = clamp((data[i + c] - (1 - a) * b0[c]) / a);
      } else {
        out[o] = data[i];
        out[o + 1] = data[i + 1];
        out[o + 2] = data[i + 2];
      }
      out[o + 3] = channels === 4 ? Math.round((data[i + 3] * mask.alpha[p]) / 255) : mask.alpha[p];
    }
  }
  return { data: out, width, height, channels: 4 };
}
