import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { EventBus } from '../../../shared/events/event-bus';
import { IntervalJobs, type IntervalJob } from '../../../shared/jobs/interval-jobs';
import { PgInstanceLease } from '../adapters/pg/pg-instance-lease';
import { TypeormCreditLedgerRepository, type ReleasedReservation } from '../adapters/typeorm/typeorm-credit-ledger.repository';
import { CREDIT_RESERVATIONS_RELEASED, type CreditReservationsReleased } from '../domain/credit-reservations-released.event';

/** How often the recovery runs (besides at start). Cheap: two UPDATEs on a partial index of active rows. */
export const RELEASE_RESERVATIONS_INTERVAL_MS = 15_000;

/**
 * D4 and issue 9: a reservation left behind by a crash is released
 *  - as soon as the instance that made it is gone (its liveness lock, PgInstanceLease, is no
 *    longer held): at the next start of any instance, and every 15 s while any instance runs;
 *  - in any case once it is older than CREDIT_RESERVATION_STALE_MINUTES (rows from before the
 *    instance column, or a lease that could not tell).
 * Each is one atomic UPDATE (no double work even if two ran at once); scheduled through
 * IntervalJobs, so one instance runs it at a time (the lease itself is not a job). Released
 * reservations are announced (CreditReservationsReleased) so generation fails the images they
 * paid for.
 */
@Injectable()
export class ReleaseStaleReservationsJob implements IntervalJob, OnApplicationBootstrap {
  readonly jobName = 'credits.release-stale-reservations';
  readonly everyMs = RELEASE_RESERVATIONS_INTERVAL_MS;
  readonly runAtStart = true;
  private readonly logger = new Logger(ReleaseStaleReservationsJob.name);

  constructor(
    private readonly ledger: TypeormCreditLedgerRepository,
    private readonly lease: PgInstanceLease,
    private readonly events: EventBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jobs: IntervalJobs,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.schedule(this);
  }

  /** Releases the reservations of gone instances, then the stale ones; returns their ids. */
  async execute(): Promise<string[]> {
    const gone = await this.ledger.releaseReservationsOfGoneInstances(this.lease.instanceId);
    await this.announce('instance_gone', gone);
    const stale = await this.ledger.releaseStaleReservations(this.config.credits.reservationStaleMinutes);
    await this.announce('stale', stale);
    return [...gone, ...stale].map((r) => r.id);
  }

  private async announce(reason: CreditReservationsReleased['reason'], released: ReleasedReservation[]): Promise<void> {
    if (released.length === 0) return;
    const what = reason === 'stale' ? 'stale' : 'orphaned (their instance is gone)';
    this.logger.warn(`Released ${released.length} ${what} credit reservation(s): ${released.map((r) => r.id).join(', ')}`);
    const event: CreditReservationsReleased = {
      type: CREDIT_RESERVATIONS_RELEASED,
      reason,
      reservations: released.map((r) => ({ reservationId: r.id, userId: r.userId, imageId: r.imageId })),
    };
    await this.events.publish(event);
  }
}
