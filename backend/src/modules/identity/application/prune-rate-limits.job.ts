import { Inject, Injectable, Logger } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { TypeormRateLimitRepository } from '../adapters/typeorm/typeorm-rate-limit.repository';

const DAY_MINUTES = 24 * 60;

/**
 * D19 counters are one row per (address, kind, e-mail); without pruning, every mistyped e-mail
 * would stay forever. Hourly, counters idle for a day (or the longest window, if longer) that
 * block nothing are deleted. One DELETE: any number of instances may run it at once.
 */
@Injectable()
export class PruneRateLimitsJob {
  private readonly logger = new Logger(PruneRateLimitsJob.name);

  constructor(
    private readonly rateLimits: TypeormRateLimitRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Interval('identity.prune-rate-limits', 3_600_000)
  async onInterval(): Promise<void> {
    try {
      await this.execute();
    } catch (error) {
      // Retried on the next tick; it must not crash the process.
      this.logger.error(`Pruning rate-limit counters failed: ${(error as Error).message}`);
    }
  }

  async execute(): Promise<number> {
    const idleMinutes = Math.max(DAY_MINUTES, 60, this.config.identity.loginFailureWindowMinutes);
    return this.rateLimits.pruneIdle(idleMinutes);
  }
}
