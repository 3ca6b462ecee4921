/**
 * At most `limit()` pieces of work at once in this process, the others waiting in arrival order.
 * A finishing piece hands its turn straight to the next in line. A signal that fires while a piece
 * still waits takes it out of the line (rejected with the signal's reason); one already running is
 * left to finish. Used by the local engine's pool (a thread per edit, ADR 0022) and the instance's
 * image-work turns (ADR 0036).
 */
export class FifoTurns {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  /** `limit` is read on every request for a turn (a configured value, a pool's size). */
  constructor(private readonly limit: () => number) {}

  /** Pieces running now and pieces waiting for a turn. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  /** Runs `work` in its turn; the turn is given back however it ends. */
  async run<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    signal?.throwIfAborted();
    if (this.running < this.limit()) this.running++;
    else await this.turn(signal); // the finishing piece hands its turn over
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }

  private turn(signal: AbortSignal | undefined): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const go = () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      const onAbort = () => {
        const at = this.waiting.indexOf(go);
        if (at >= 0) this.waiting.splice(at, 1);
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(go);
    });
  }
}
