/**
 * Issue 24: runs work one at a time per key, in arrival order, inside this process.
 *
 * Put in front of anything that waits for a per-user (or per-address) database lock: requests of
 * the same key queue here, in memory, instead of each taking a pooled connection only to wait on
 * PostgreSQL's lock. Only the one at the head of a key's queue holds a connection; the database
 * lock still serialises the same key across instances (bounded by DB_LOCK_TIMEOUT_MS).
 *
 * Not re-entrant: work must never run() the same key again (it would wait for itself).
 */
export class KeyedQueue {
  private readonly tails = new Map<string, Promise<void>>();

  run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(work);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** Keys with work queued or running (tests, metrics). */
  get activeKeys(): number {
    return this.tails.size;
  }
}
