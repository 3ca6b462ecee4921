import * as fs from 'node:fs';
import * as path from 'node:path';
import sharp from 'sharp';
import type * as TfCore from '@tensorflow/tfjs-core';
import type { GraphModel } from '@tensorflow/tfjs-converter';

/**
 * ADR 0024: the person/subject mask behind the background edits. MediaPipe Selfie Segmentation
 * (general model, 256x256 input; Apache-2.0 weights by Google) as a TensorFlow.js graph model
 * shipped in backend/assets/models/selfie (see its NOTICE.md), run with @tensorflow/tfjs-core and
 * the WebAssembly backend: plain CPU, no native code, nothing downloaded at run time.
 *
 * Lazy: TensorFlow.js and the model are loaded the first time a background edit runs in a worker
 * thread (about 0.1-0.3 s), never at server start and never on the main thread of the server
 * (which only parses prompts). The model stays loaded while its thread lives (piscina closes an
 * idle thread after 60 s, which frees it).
 */

/** backend/assets/models/selfie, from src/… under ts-node and from dist/… alike (same depth). */
export const SELFIE_MODEL_DIR = path.resolve(__dirname, '..', '..', '..', '..', '..', '..', 'assets', 'models', 'selfie');
export const SELFIE_MODEL_FILES = ['selfie.json', 'selfie.bin'] as const;

/** The model's input (and output) side. */
const SIZE = 256;

/** Below this share of the frame (pixels the model is more sure of than not), there is no subject to keep. */
export const MIN_SUBJECT_COVERAGE = 0.02;
/** Above it, there is no background left to change (a wall of skin or fur filling the frame). */
export const MAX_SUBJECT_COVERAGE = 0.97;

export interface SubjectMask {
  /** One byte per pixel of the full image, 0 (background) to 255 (subject), with a soft edge. */
  alpha: Buffer;
  width: number;
  height: number;
  /** The share of the frame the model calls subject (probability above one half), at 256x256. */
  coverage: number;
}

interface Segmenter {
  tf: typeof TfCore;
  model: GraphModel;
  backend: string;
}

let loading: Promise<Segmenter> | undefined;

/** Loads TensorFlow.js, its WebAssembly backend and the model once per thread (again after a failure). */
export function loadSegmenter(): Promise<Segmenter> {
  loading ??= load().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/** The backend the model runs on in this thread once loaded ('wasm', or 'cpu' if WebAssembly could not start). */
export async function segmenterBackend(): Promise<string> {
  return (await loadSegmenter()).backend;
}

async function load(): Promise<Segmenter> {
  const tf = await import('@tensorflow/tfjs-core');
  const { loadGraphModel } = await import('@tensorflow/tfjs-converter');
  const wasm = await import('@tensorflow/tfjs-backend-wasm');
  // One engine thread per edit (ADR 0022): no extra WebAssembly threads behind the pool's back.
  tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
  // The .wasm files are read from the package folder (fs in Node), not fetched.
  wasm.setWasmPaths(path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm')) + path.sep);
  let backend = 'wasm';
  if (!(await tf.setBackend('wasm').catch(() => false))) {
    await import('@tensorflow/tfjs-backend-cpu');
    backend = 'cpu';
    if (!(await tf.setBackend('cpu'))) throw new Error('TensorFlow.js could not start a backend for the segmentation model');
  }
  await tf.ready();

  const [topologyFile, weightsFile] = SELFIE_MODEL_FILES.map((file) => path.join(SELFIE_MODEL_DIR, file));
  const manifest = JSON.parse(fs.readFileSync(topologyFile, 'utf8')) as {
    modelTopology: object;
    weightsManifest: Array<{ weights: TfCore.io.WeightsManifestEntry[] }>;
  };
  const weights = fs.readFileSync(weightsFile);
  const model = await loadGraphModel(
    tf.io.fromMemory({
      modelTopology: manifest.modelTopology,
      weightSpecs: manifest.weightsManifest.flatMap((group) => group.weights),
      weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength),
    }),
  );
  return { tf, model, backend };
}

/**
 * Issue 29: the mask's soft edge is shaped at most this many pixels on its long side, then
 * stretched to the photo bilinearly. libvips took ~0.45 s to scale 256x256 to 12 megapixels
 * (bicubic) and blur it there, a quarter of the background chip; at ~1,000 px the edge is
 * already smooth (256 px stretched 4x, bicubic), and the last 4x adds no detail a bilinear
 * stretch would lose.
 */
const MASK_WORKING_SIDE = 1000;

/**
 * The subject's mask for a decoded image (RGB or RGBA, any size): the photo squeezed to 256x256
 * (as MediaPipe feeds it), one pass of the model, the 256x256 probabilities scaled back up
 * (bicubic, to the full size or MASK_WORKING_SIDE), feathered by a blur relative to the image and
 * given a firmer edge, then stretched to the full size (bilinear) when it was shaped smaller.
 */
export async function subjectMask(image: { data: Buffer; width: number; height: number; channels: 3 | 4 }): Promise<SubjectMask> {
  const { tf, model } = await loadSegmenter();
  const { width, height } = image;
  const small = await sharp(image.data, { raw: { width, height, channels: image.channels } })
    .removeAlpha()
    .resize(SIZE, SIZE, { fit: 'fill', kernel: 'cubic' })
    .raw()
    .toBuffer();
  const input = new Float32Array(SIZE * SIZE * 3);
  for (let i = 0; i < input.length; i++) input[i] = small[i] / 255;
  const output = tf.tidy(() => model.execute(tf.tensor4d(input, [1, SIZE, SIZE, 3])) as TfCore.Tensor);
  const probabilities = (await output.data()) as Float32Array;
  output.dispose();

  const low = Buffer.alloc(SIZE * SIZE);
  let subject = 0;
  for (let i = 0; i < low.length; i++) {
    const p = probabilities[i];
    low[i] = Math.round(Math.min(1, Math.max(0, p)) * 255);
    if (p > 0.5) subject++;
  }
  const scale = Math.min(1, MASK_WORKING_SIDE / Math.max(width, height));
  const w = Math.max(1, Math.round(width * scale));
  const h = Math.max(1, Math.round(height * scale));
  const feather = Math.max(0.3, (Math.min(width, height) / 800) * scale);
  const shaped = await sharp(low, { raw: { width: SIZE, height: SIZE, channels: 1 } })
    .resize(w, h, { fit: 'fill', kernel: 'cubic' })
    .blur(feather)
    // 0.19..0.81 becomes 0..1: a firm edge a few pixels wide instead of a 16x-stretched ramp.
    .linear(1.6, -0.3 * 255)
    .extractChannel(0)
    .raw()
    .toBuffer();
  const alpha = w === width && h === height ? shaped : stretchBilinear(shaped, w, h, width, height);
  return { alpha, width, height, coverage: subject / (SIZE * SIZE) };
}

/** A one-channel picture stretched to `width` x `height`, bilinear between pixel centres. */
export function stretchBilinear(src: Buffer, sw: number, sh: number, width: number, height: number): Buffer {
  const out = Buffer.allocUnsafe(width * height);
  const x0s = new Int32Array(width);
  const x1s = new Int32Array(width);
  const txs = new Float32Array(width);
  for (let x = 0; x < width; x++) {
    const fx = Math.min(sw - 1, Math.max(0, ((x + 0.5) * sw) / width - 0.5));
    x0s[x] = Math.floor(fx);
    x1s[x] = Math.min(sw - 1, x0s[x] + 1);
    txs[x] = fx - x0s[x];
  }
  for (let y = 0, o = 0; y < height; y++) {
    const fy = Math.min(sh - 1, Math.max(0, ((y + 0.5) * sh) / height - 0.5));
    const y0 = Math.floor(fy);
    const ty = fy - y0;
    const r0 = y0 * sw;
    const r1 = Math.min(sh - 1, y0 + 1) * sw;
    for (let x = 0; x < width; x++, o++) {
      const x0 = x0s[x];
      const x1 = x1s[x];
      const tx = txs[x];
      const top = src[r0 + x0] + (src[r0 + x1] - src[r0 + x0]) * tx;
      const bottom = src[r1 + x0] + (src[r1 + x1] - src[r1 + x0]) * tx;
      out[o] = Math.round(top + (bottom - top) * ty);
    }
  }
  return out;
}

/** Whether a mask holds a subject in front of a background worth changing (ADR 0024's guard). */
export function hasSubject(mask: Pick<SubjectMask, 'coverage'>): boolean {
  return mask.coverage >= MIN_SUBJECT_COVERAGE && mask.coverage <= MAX_SUBJECT_COVERAGE;
}
