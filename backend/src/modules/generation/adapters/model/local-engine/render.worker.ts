import { move } from 'piscina';
import { applyIntents, decode, encode, type OutputMime } from '../local-engine-renderer';
import type { EditIntent } from './edit-intents';

/** One local-engine edit as posted to a worker thread (ADR 0022). */
export interface RenderTask {
  /** The input file's bytes; the pool transfers this buffer (the caller's copy is not touched). */
  image: Uint8Array;
  mimeType: OutputMime;
  intents: EditIntent[];
}

/**
 * Runs in a worker thread of LocalEnginePool (piscina): decode, the intents' pixel loops, encode.
 * Nothing here touches the main thread's event loop; the encoded file goes back as a transferred
 * ArrayBuffer (no copy on the way back).
 */
export default async function render(task: RenderTask): Promise<Uint8Array> {
  const input = Buffer.from(task.image.buffer, task.image.byteOffset, task.image.byteLength);
  const encoded = await encode(await applyIntents(await decode(input), task.intents), task.mimeType);
  // sharp's output may live in memory that cannot be detached: one copy here, off the main
  // thread, into an ArrayBuffer of its own that is then moved, not cloned.
  const out = new Uint8Array(encoded.length);
  out.set(encoded);
  return move(out) as Uint8Array;
}
