import sharp, { type Sharp } from 'sharp';
import type { EditIntent, Rgb } from './local-engine/edit-intents';

/**
 * D10: the pixels behind the local engine's intents, with sharp only (no network). The image is
 * decoded once to raw sRGB pixels; each intent is one sharp pass over raw pixels or one plain loop
 * over the buffer (overlays such as snow, rain, the vignette and the sunset glow are drawn straight
 * into the pixels, which is faster than rendering a full-size SVG); the result is encoded once, in
 * the input's format. Every size is relative to the image, so a 300 px photo and a 12-megapixel
 * one look alike. Measured in bench/generate.bench.ts: under 2 s per chip at 4000x3000 here.
 */

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
    : s.jpeg({ quality: 90, chromaSubsampling: '4:2:0' }).toBuffer();
}

/** Applies the intents in the order given (parseEditIntents returns them in INTENT_ORDER). */
export async function applyIntents(image: RawImage, intents: readonly EditIntent[]): Promise<RawImage> {
  let current = image;
  for (const intent of intents) current = await applyIntent(current, intent);
  return current;
}

export async function applyIntent(img: RawImage, intent: EditIntent): Promise<RawImage> {
  switch (intent.kind) {
    case 'rotate':
      return pass(img, (s) => s.rotate(intent.degrees));
    case 'flip-vertical':
      return pass(img, (s) => s.flip());
    case 'mirror':
      return pass(img, (s) => s.flop());
    case 'cartoon':
      return cartoon(img);
    case 'pixelate':
      return pixelate(img);
    case 'blur':
      return pass(img, (s) => s.blur(Math.max(2.5, Math.max(img.width, img.height) / 350)));
    case 'brighten':
      return pass(img, (s) => s.linear(perChannel(img, [1.15, 1.15, 1.15]), perChannel(img, [28, 28, 28], 0)));
    case 'darken':
      return pass(img, (s) => s.linear(perChannel(img, [0.68, 0.68, 0.68]), perChannel(img, [0, 0, 0], 0)));
    case 'dramatic':
      return vignette(await pass(img, (s) => s.linear(perChannel(img, [1.4, 1.4, 1.4]), perChannel(img, [-51, -51, -51], 0))), 0.75);
    case 'saturate':
      return pass(img, (s) => s.recomb(saturationMatrix(1.6)));
    case 'grayscale':
      return pass(img, (s) =>
        s.recomb([
          [0.2126, 0.7152, 0.0722],
          [0.2126, 0.7152, 0.0722],
          [0.2126, 0.7152, 0.0722],
        ]),
      );
    case 'sepia':
      return vignette(
        await pass(img, (s) =>
          s.recomb([
            [0.393, 0.769, 0.189],
            [0.349, 0.686, 0.168],
            [0.272, 0.534, 0.131],
          ]),
        ),
        0.35,
      );
    case 'warm':
      return pass(img, (s) => s.linear(perChannel(img, [1.1, 1.0, 0.8]), perChannel(img, [18, 6, -6], 0)));
    case 'cool':
      return pass(img, (s) => s.linear(perChannel(img, [0.82, 0.97, 1.12]), perChannel(img, [-6, 4, 22], 0)));
    case 'sunset':
      return sunsetGlow(img);
    case 'rain':
      return rain(await pass(img, (s) => s.linear(perChannel(img, [0.78, 0.82, 0.9]), perChannel(img, [0, 2, 10], 0))));
    case 'snow':
      return snow(img);
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

/** sharp's linear() wants one value per channel: leave alpha alone. */
function perChannel(img: RawImage, rgb: [number, number, number], alpha = 1): number[] {
  return img.channels === 4 ? [...rgb, alpha] : rgb;
}

function saturationMatrix(s: number): [[number, number, number], [number, number, number], [number, number, number]] {
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

/** A small deterministic PRNG (mulberry32), so the same prompt gives the same picture. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ---- intents drawn into the pixels -----------------------------------------------------------

/** Darkens towards the corners: strength 0..1 is how dark the far corner gets. */
function vignette(img: RawImage, strength: number): RawImage {
  const { data, width, height, channels } = img;
  const out = Buffer.from(data);
  const cx = (width - 1) / 2;
  const cy = (height - 1) / 2;
  const col = new Float32Array(width);
  for (let x = 0; x < width; x++) col[x] = ((x - cx) / cx) ** 2 / 2;
  for (let y = 0; y < height; y++) {
    const dy = ((y - cy) / cy) ** 2 / 2;
    let i = y * width * channels;
    for (let x = 0; x < width; x++, i += channels) {
      const d = col[x] + dy; // 0 at the centre, 1 in the corners
      const f = 1 - strength * d * d;
      out[i] = data[i] * f;
      out[i + 1] = data[i + 1] * f;
      out[i + 2] = data[i + 2] * f;
    }
  }
  return { ...img, data: out };
}

/** Warm light from a low sun: an orange-pink glow strongest at the top, a warmer, deeper bottom. */
function sunsetGlow(img: RawImage): RawImage {
  const { data, width, height, channels } = img;
  const out = Buffer.alloc(data.length);
  const glow: Rgb = [255, 128, 48];
  for (let y = 0; y < height; y++) {
    const t = y / Math.max(1, height - 1);
    const a = 0.42 * (1 - t) ** 1.5 + 0.08; // glow opacity: strong at the top, a little everywhere
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

/** Falling snow: a cold, hazy light and flakes of three sizes (small ones far, big ones near). */
async function snow(img: RawImage): Promise<RawImage> {
  const hazy = await pass(img, (s) => s.linear(perChannel(img, [0.84, 0.88, 0.92]), perChannel(img, [26, 30, 40], 0)));
  const rand = random(0x5e0f1a);
  const unit = Math.max(img.width, img.height) / 1000;
  const count = Math.round((img.width * img.height) / (unit * unit * 400));
  for (let n = 0; n < count; n++) {
    const layer = rand();
    const r = unit * (layer < 0.6 ? 1.2 + rand() : layer < 0.9 ? 2.2 + rand() * 1.5 : 3.8 + rand() * 2.5);
    drawFlake(hazy, rand() * img.width, rand() * img.height, r, 0.75 + rand() * 0.25);
  }
  return hazy;
}

/** Rain: thin light streaks slanting down to the left, over a darker, cooler picture. */
function rain(img: RawImage): RawImage {
  const { data, width, height, channels } = img;
  const rand = random(0x2a1b);
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
