import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { TypeormImageRepository } from '../adapters/typeorm/typeorm-image.repository';

/**
 * D4: a generation whose process died (kill -9, crash) leaves its image in `processing`. At
 * start-up and every minute, such images older than CREDIT_RESERVATION_STALE_MINUTES become
 * `failed` without bytes; the credits context's own job releases their reservations (same age).
 * One atomic UPDATE, so every instance may run it at the same moment.
 */
@Injectable()
export class FailStuckGenerationsJob implements OnApplicationBootstrap {
  private readonly logger = new Logger(FailStuckGenerationsJob.name);

  constructor(
    private readonly images: TypeormImageRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.runSafely();
  }

  @Interval('generation.fail-stuck-generations', 60_000)
  async onInterval(): Promise<void> {
    await this.runSafely();
  }

  /** Marks the stuck images failed; returns their ids. */
  async execute(): Promise<string[]> {
    const failed = await this.images.failStuckProcessing(this.config.credits.reservationStaleMinutes);
    if (failed.length > 0) this.logger.warn(`Marked ${failed.length} interrupted generation(s) failed: ${failed.join(', ')}`);
    return failed;
  }

  private async runSafely(): Promise<void> {
    try {
      await this.execute();
    } catch (error) {
      this.logger.error(`Failing interrupted generations failed: ${(error as Error).message}`);
    }
  }
}
