import * as path from 'node:path';
import { Piscina } from 'piscina';
import { FifoTurns } from '../../../../../shared/concurrency/fifo-turns';
import { typescriptWorkerOptions } from '../../../../../shared/workers/typescript-worker';
import 'sharp'; // sharp's docs: on glibc Linux the main thread loads it before any worker does
import type { RawImage } from '../local-engine-renderer';
import type { NoSubject, RenderOutcome, RenderTask } from './render.worker';

export interface LocalEnginePoolOptions {
  /** At most this many edits run at once (one per worker thread); the rest wait in order. */
  threads: number;
  /** The task module (tests point it at a fixture); default: ./render.worker next to this file. */
  filename?: string;
  /** A thread idle this long exits (memory back); the next edit starts a new one. */
  idleTimeoutMs?: number;
  /**
   * Issue 29: the instance's turns for CPU-heavy image work (InstanceImageWork), taken before a
   * thread: an edit's pixels then never sit in memory beside another generation's output step.
   */
  turns?: { run<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> };
}

/** render.worker as a .js file in dist, as a .ts file under ts-node or ts-jest. */
const DEFAULT_WORKER = path.join(__dirname, `render.worker${path.extname(__filename)}`);

/**
 * ADR 0022: the local engine's pixel work (decode, per-pixel loops, encode) runs in a bounded pool
 * of worker threads (piscina), so the event loop that answers every other request never waits on
 * it. Buffers are transferred both ways (finished pixels are shared memory), not cloned. A worker
 * that dies fails its task (the generation then fails like any model error: D4, the credit is
 * released) and is replaced.
 */
export class LocalEnginePool {
  private readonly pool: Piscina<RenderTask, RenderOutcome>;
  private readonly turns: LocalEnginePoolOptions['turns'];
  /** One edit per thread; the others wait in arrival order. */
  private readonly threads = new FifoTurns(() => this.maxThreads);

  constructor(options: LocalEnginePoolOptions) {
    const filename = options.filename ?? DEFAULT_WORKER;
    this.turns = options.turns;
    this.pool = new Piscina<RenderTask, RenderOutcome>({
      filename,
      minThreads: 0,
      maxThreads: Math.max(1, options.threads),
      idleTimeout: options.idleTimeoutMs ?? 60_000,
      // Issue 29: between tasks piscina's default ('sync') parks the thread in Atomics.wait, and
      // nothing runs there, not even the deferred frees of an edit's pixel buffers: every idle
      // worker kept its last edit's ~70 MB. Through the message port, the thread's event loop runs
      // between tasks (the worker collects after each edit, render.worker.ts); the cost is a
      // message event per task, nothing next to an edit.
      atomics: 'disabled',
      ...typescriptWorkerOptions(filename),
    });
  }

  get maxThreads(): number {
    return this.pool.options.maxThreads;
  }


  /** Worker threads alive now (never more than maxThreads). */
  get threadCount(): number {
    return this.pool.threads.length;
  }

  /** Edits running in a worker now (at most maxThreads) and edits waiting for a thread. */
  get load(): { running: number; waiting: number } {
    return this.threads.load;
  }

  /**
   * Runs one edit in a worker. The input is copied once into a buffer of its own that is moved to
   * the worker (the caller keeps its bytes: they are stored and rendered elsewhere meanwhile), and
   * the result is moved back. An abort drops an edit still waiting for a thread; one already
   * running is left to finish (the caller ignores its answer) rather than killing a thread in the
   * middle of a libvips call. A background edit on a photo without a person answers NoSubject
   * (ADR 0024). With `output: 'pixels'` the finished pixels come back instead of a file, in shared
   * memory (ADR 0038).
   */
  async render(task: RenderTask, signal?: AbortSignal): Promise<Buffer | RawImage | NoSubject> {
    return this.turns ? this.turns.run(() => this.renderInThread(task, signal), signal) : this.renderInThread(task, signal);
  }

  private renderInThread(task: RenderTask, signal?: AbortSignal): Promise<Buffer | RawImage | NoSubject> {
    return this.threads.run(async () => {
      const image = new Uint8Array(task.image.byteLength);
      image.set(task.image);
      const out = await this.pool.run({ ...task, image }, { transferList: [image.buffer] });
      if (out instanceof Uint8Array) return Buffer.from(out.buffer, out.byteOffset, out.byteLength);
      if (out.kind === 'pixels') return { data: Buffer.from(out.data.buffer, out.data.byteOffset, out.data.byteLength), width: out.width, height: out.height, channels: out.channels };
      return out;
    }, signal);
  }

  destroy(): Promise<void> {
    return this.pool.destroy();
  }

  onModuleDestroy(): Promise<void> {
    return this.destroy();
  }
}
