import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { EventBus } from '../../../shared/events/event-bus';
import { IntervalJobs, type IntervalJob } from '../../../shared/jobs/interval-jobs';
import { CREDIT_RESERVATIONS_RELEASED, type CreditReservationsReleased } from '../../credits';
import { IMAGES_API, type ImagesApi } from '../../images';

/**
 * D4: a generation whose process died (kill -9, crash) leaves its image in `processing`. At
 * start-up and every minute, such images older than CREDIT_RESERVATION_STALE_MINUTES become
 * `failed` without bytes; the credits context's own job releases their reservations (same age).
 * One atomic UPDATE; scheduled through IntervalJobs, so one instance runs it at a time.
 *
 * Issue 9: sooner than that, when the credits context releases the reservation of a generation
 * whose instance is gone (CreditReservationsReleased, at the next start of any instance or within
 * seconds on a running one), the image it paid for is failed at once.
 */
@Injectable()
export class FailStuckGenerationsJob implements IntervalJob, OnModuleInit, OnModuleDestroy, OnApplicationBootstrap {
  readonly jobName = 'generation.fail-stuck-generations';
  readonly everyMs = 60_000;
  readonly runAtStart = true;
  private readonly logger = new Logger(FailStuckGenerationsJob.name);

  constructor(
    @Inject(IMAGES_API) private readonly images: ImagesApi,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly events: EventBus,
    private readonly jobs: IntervalJobs,
  ) {}

  private unsubscribe?: () => void;

  onModuleInit(): void {
    // Subscribed before any onApplicationBootstrap, so the credits job's start-up run is heard.
    this.unsubscribe = this.events.subscribe<CreditReservationsReleased>(CREDIT_RESERVATIONS_RELEASED, async (event) => {
      await this.failOrphaned(event);
    });
  }

  onModuleDestroy(): void {
    this.unsubscribe?.();
  }

  /** The images paid for by reservations that no one will settle: failed (bytes dropped) if still processing. */
  async failOrphaned(event: CreditReservationsReleased): Promise<string[]> {
    const imageIds = event.reservations.flatMap(({ imageId }) => (imageId ? [imageId] : []));
    // One conditional UPDATE: a completed image stays (its process died between storing it and
    // capturing the credit), even one completed while this runs.
    const failed = await this.images.failProcessing(imageIds);
    if (failed.length > 0) this.logger.warn(`Marked ${failed.length} generation(s) of a gone instance failed: ${failed.join(', ')}`);
    return failed;
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.schedule(this);
  }

  /** Marks the stuck images failed; returns their ids. */
  async execute(): Promise<string[]> {
    const failed = await this.images.failStuckProcessing(this.config.credits.reservationStaleMinutes);
    if (failed.length > 0) this.logger.warn(`Marked ${failed.length} interrupted generation(s) failed: ${failed.join(', ')}`);
    return failed;
  }
}
