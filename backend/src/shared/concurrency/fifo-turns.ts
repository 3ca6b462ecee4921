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
  /** Pieces asked with `first`: they go before every ordinary waiter (in arrival order among themselves). */
  private readonly waitingFirst: Array<() => void> = [];

  /** `limit` is read on every request for a turn (a configured value, a pool's size). */
  constructor(private readonly limit: () => number) {}

  /** Pieces running now and pieces waiting for a turn. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length + this.waitingFirst.length };
  }

  /**
   * Runs `work` in its turn; the turn is given back however it ends. `first`: it waits ahead of
   * every ordinary piece (work that ends something already started, and frees what it holds).
   */
  async run<T>(work: () => Promise<T>, signal?: AbortSignal, first = false): Promise<T> {
    signal?.throwIfAborted();
    if (this.running < this.limit()) this.running++;
    else await this.turn(signal, first ? this.waitingFirst : this.waiting); // the finishing piece hands its turn over
    try {
      return await work();
    } finally {
      const next = this.waitingFirst.shift() ?? this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }

  private turn(signal: AbortSignal | undefined, line: Array<() => void>): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const go = () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      const onAbort = () => {
        const at = line.indexOf(go);
        if (at >= 0) line.splice(at, 1);
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      line.push(go);
    });
  }
}
