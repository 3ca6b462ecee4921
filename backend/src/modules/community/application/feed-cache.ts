import { CachedJson } from '../../../shared/http/cached-json';

interface Entry {
  value: CachedJson;
  expiresAt: number;
}

/**
 * The short-lived cache of the community read path (ADR 0011): serialised answers of the recent
 * feed and the leaderboard, keyed by their normalised query.
 *
 * Correctness rules:
 * - `invalidate()` drops everything at once; it runs after every laugh this instance writes and
 *   whenever PostgreSQL reports a change to the feed from any instance.
 * - A load that started before an invalidation still answers its own caller (it was right when it
 *   read), but is not kept: a later read must not see an answer older than the write it follows.
 * - Concurrent misses of one key share a single load.
 * - While `enabled` is false (the change listener is not connected, so other instances' writes
 *   would go unnoticed) nothing is kept.
 */
export class FeedCache {
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<CachedJson>>();
  private generation = 0;
  enabled = true;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 256,
    private readonly now: () => number = Date.now,
  ) {}

  /** A fresh cached answer, or undefined. Synchronous: the hot path calls it. */
  peek(key: string): CachedJson | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** `load` answers the value to serialise, or a CachedJson made already (one with headers of its own). */
  get(key: string, load: () => Promise<unknown>): Promise<CachedJson> {
    const hit = this.peek(key);
    if (hit) return Promise.resolve(hit);
    const pending = this.loading.get(key);
    if (pending) return pending;
    const generation = this.generation;
    const promise = load()
      .then((value) => {
        const cached = value instanceof CachedJson ? value : new CachedJson(value);
        if (this.generation === generation && this.enabled && this.ttlMs > 0) this.store(key, cached);
        return cached;
      })
      .finally(() => {
        if (this.loading.get(key) === promise) this.loading.delete(key);
      });
    this.loading.set(key, promise);
    return promise;
  }

  /** How many times the cache was dropped (tests wait on it). */
  get invalidations(): number {
    return this.generation;
  }

  invalidate(): void {
    this.generation++;
    this.entries.clear();
    this.loading.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  private store(key: string, value: CachedJson): void {
    if (!this.entries.has(key) && this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { value, expiresAt: this.now() + this.ttlMs });
  }
}
