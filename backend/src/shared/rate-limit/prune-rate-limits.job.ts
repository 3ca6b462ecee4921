import { Injectable, Logger } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { MAX_WINDOW_MINUTES } from './rate-limit-policy';
import { RateLimiter } from './rate-limiter';

/**
 * Counters are one row per (address, kind, identifier); without pruning, every mistyped e-mail
 * would stay forever. Hourly, counters idle for longer than any window (a day) that block nothing
 * are deleted. One DELETE: any number of instances may run it at once.
 */
@Injectable()
export class PruneRateLimitsJob {
  private readonly logger = new Logger(PruneRateLimitsJob.name);

  constructor(private readonly rateLimiter: RateLimiter) {}

  @Interval('rate-limit.prune-idle', 3_600_000)
  async onInterval(): Promise<void> {
    try {
      await this.execute();
    } catch (error) {
      // Retried on the next tick; it must not crash the process.
      this.logger.error(`Pruning rate-limit counters failed: ${(error as Error).message}`);
    }
  }

  execute(): Promise<number> {
    return this.rateLimiter.pruneIdle(MAX_WINDOW_MINUTES);
  }
}
