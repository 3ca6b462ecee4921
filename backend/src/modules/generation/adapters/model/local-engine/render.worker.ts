import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { move } from 'piscina';
import { NoSubjectError, renderFile, renderPixels, type OutputMime, type RawImage } from '../local-engine-renderer';
import type { EditIntent } from './edit-intents';

/**
 * Issue 29: a full collection of this thread's heap after every edit. An edit leaves its decoded
 * pixels behind (a 12-megapixel photo: 36 MB per step, held by Buffers outside V8's heap), and an
 * idle worker allocates nothing, so no collection ever came to free them: each worker kept
 * 70-80 MB until it exited. `gc` made reachable the way jest's --logHeapUsage does (the flag
 * only adds the function to contexts created after it).
 */
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** One local-engine edit as posted to a worker thread (ADR 0022). */
export interface RenderTask {
  /** The input file's bytes; the pool transfers this buffer (the caller's copy is not touched). */
  image: Uint8Array;
  /** The output's format: the input's, or PNG for a transparent background (ADR 0024). */
  mimeType: OutputMime;
  intents: EditIntent[];
  /** Issue 15: places the random elements and the grain (same seed, same bytes); 0 when not given. */
  seed?: number;
  /** Issue 29: 'pixels' answers the finished pixels instead of an encoded file (default 'file'). */
  output?: 'file' | 'pixels';
}

/** The finished pixels (in shared memory: not cloned): full size, upright, 8-bit sRGB, RGB or RGBA. */
export interface RenderedPixels {
  kind: 'pixels';
  data: Uint8Array;
  width: number;
  height: number;
  channels: 3 | 4;
}

/** ADR 0024: a background edit found no person to keep in front of the background (the engine answers 422, free). */
export interface NoSubject {
  kind: 'no-subject';
}

/** What a worker answers: the encoded picture (moved) or its pixels (shared), or NoSubject. */
export type RenderOutcome = Uint8Array | RenderedPixels | NoSubject;

/**
 * Runs in a worker thread of LocalEnginePool (piscina): decode, the intents' pixel loops (and, for
 * a background edit, the segmentation model, loaded in this thread on first use), encode. Nothing
 * here touches the main thread's event loop; the encoded file goes back as a transferred
 * ArrayBuffer (no copy on the way back).
 */
export default async function render(task: RenderTask): Promise<RenderOutcome> {
  const input = Buffer.from(task.image.buffer, task.image.byteOffset, task.image.byteLength);
  let encoded: Buffer;
  try {
    if (task.output === 'pixels') return sharedPixels(await renderPixels(input, task.intents, task.seed ?? 0));
    encoded = await renderFile(input, task.intents, task.seed ?? 0, task.mimeType);
  } catch (error) {
    if (error instanceof NoSubjectError) return { kind: 'no-subject' };
    throw error;
  } finally {
    // After the answer is posted (piscina posts it from a promise reaction, before this runs).
    setImmediate(collectGarbage);
  }
  // sharp's output may live in memory that cannot be detached: one copy here, off the main
  // thread, into an ArrayBuffer of its own that is then moved, not cloned.
  const out = new Uint8Array(encoded.length);
  out.set(encoded);
  return move(out) as Uint8Array;
}

/** renderPixels' buffer is shared memory: posted as it is (shared, not copied; ADR 0038). */
function sharedPixels(image: RawImage): RenderedPixels {
  if (!(image.data.buffer instanceof SharedArrayBuffer)) throw new Error('The rendered pixels are not in shared memory');
  const data = new Uint8Array(image.data.buffer, image.data.byteOffset, image.data.byteLength);
  return { kind: 'pixels', data, width: image.width, height: image.height, channels: image.channels };
}
