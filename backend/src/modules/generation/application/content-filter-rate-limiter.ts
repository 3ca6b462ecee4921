import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { ContentFilterRateLimitedError } from '../domain/generation-errors';

interface Bucket {
  tokens: number;
  updatedAt: number;
}

/** Buckets kept at most (a flood of distinct addresses cannot grow memory without bound). */
const MAX_BUCKETS = 100_000;

/**
 * Issue 9: POST /api/content-filter, CONTENT_FILTER_PER_MINUTE calls per client IP, as a token
 * bucket in this process's memory (a burst of the full minute's allowance, refilled evenly).
 *
 * Per instance on purpose: the check is cheap and answers nothing secret, so the limit only has
 * to stop one client from flooding one process; writing a database row for every prompt check
 * would cost more than the check. With N instances a client gets at most N times the allowance.
 * (Rate limits that protect accounts, such as logins, stay in PostgreSQL.)
 */
@Injectable()
export class ContentFilterRateLimiter implements OnModuleDestroy {
  private readonly buckets = new Map<string, Bucket>();
  private readonly sweeper: NodeJS.Timeout;

  /** The time source (ms); tests move it by hand. */
  now: () => number = () => Date.now();

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.sweeper = setInterval(() => this.sweep(), 60_000);
    this.sweeper.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.sweeper);
  }

  /** Takes one call from `key`'s allowance, or throws ContentFilterRateLimitedError (429). */
  take(key: string): void {
    const capacity = this.config.generation.contentFilterPerMinute;
    const perMs = capacity / 60_000;
    const now = this.now();
    const bucket = this.buckets.get(key) ?? { tokens: capacity, updatedAt: now };
    bucket.tokens = Math.min(capacity, bucket.tokens + (now - bucket.updatedAt) * perMs);
    bucket.updatedAt = now;
    if (bucket.tokens < 1) {
      this.buckets.set(key, bucket);
      throw new ContentFilterRateLimitedError(Math.max(1, Math.ceil((1 - bucket.tokens) / perMs / 1000)));
    }
    bucket.tokens -= 1;
    if (!this.buckets.has(key) && this.buckets.size >= MAX_BUCKETS) this.sweep();
    this.buckets.set(key, bucket);
  }

  /** Forgets buckets that are full again (they behave exactly like a new one). */
  private sweep(): void {
    const capacity = this.config.generation.contentFilterPerMinute;
    const now = this.now();
    for (const [key, bucket] of this.buckets) {
      if (bucket.tokens + (now - bucket.updatedAt) * (capacity / 60_000) >= capacity) this.buckets.delete(key);
    }
    // Still full of active clients: drop the oldest (Map keeps insertion order).
    for (const key of this.buckets.keys()) {
      if (this.buckets.size < MAX_BUCKETS) break;
      this.buckets.delete(key);
    }
  }
}
