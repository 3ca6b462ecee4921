import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { TypeormCreditLedgerRepository } from '../adapters/typeorm/typeorm-credit-ledger.repository';

/**
 * D4: a reservation left behind by a crash is released at start-up and every minute. One atomic
 * UPDATE, so any number of instances can run it at the same moment without double work.
 */
@Injectable()
export class ReleaseStaleReservationsJob implements OnApplicationBootstrap {
  private readonly logger = new Logger(ReleaseStaleReservationsJob.name);

  constructor(
    private readonly ledger: TypeormCreditLedgerRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.runSafely();
  }

  @Interval('credits.release-stale-reservations', 60_000)
  async onInterval(): Promise<void> {
    await this.runSafely();
  }

  /** Releases every active reservation older than CREDIT_RESERVATION_STALE_MINUTES; returns their ids. */
  async execute(): Promise<string[]> {
    const released = await this.ledger.releaseStaleReservations(this.config.credits.reservationStaleMinutes);
    if (released.length > 0) {
      this.logger.warn(`Released ${released.length} stale credit reservation(s): ${released.join(', ')}`);
    }
    return released;
  }

  private async runSafely(): Promise<void> {
    try {
      await this.execute();
    } catch (error) {
      // A failed run is retried on the next tick; it must not crash the process.
      this.logger.error(`Releasing stale credit reservations failed: ${(error as Error).message}`);
    }
  }
}
