import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { IntervalJobs, type IntervalJob } from '../../../shared/jobs/interval-jobs';
import { ENTITLEMENT_API, type EntitlementApi } from '../../billing';
import { TypeormImageRepository, type Released } from '../adapters/typeorm/typeorm-image.repository';
import { ImageStorageService } from './image-storage.service';

const HOUR_MS = 60 * 60 * 1000;
/** Owners checked per query of the safety net. */
const OWNERS_PER_QUERY = 200;

/**
 * D23's daily purge, run every hour: so it runs even on a server restarted more often than once a
 * day, with nothing to do at start-up (the list hides an expired image meanwhile). Saved images
 * whose date has passed leave My Edits; a private one is deleted with its bytes, a public one
 * stays in the community feed. Then the D9 safety net:
 * the plan's end empties My Edits through billing's SubscriptionEnded, an in-process event that a
 * crash at the wrong moment could lose, so anyone still holding saved images without a paid plan
 * is emptied here. Under the job lock (one instance at a time), and every statement re-checks its
 * rows anyway.
 */
@Injectable()
export class PurgeMyEditsJob implements IntervalJob, OnApplicationBootstrap {
  readonly jobName = 'images.purge-my-edits';
  readonly everyMs = HOUR_MS;
  private readonly logger = new Logger('Images');

  constructor(
    private readonly jobs: IntervalJobs,
    private readonly images: TypeormImageRepository,
    @Inject(ENTITLEMENT_API) private readonly entitlement: EntitlementApi,
    private readonly storage: ImageStorageService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.schedule(this);
  }

  async execute(now = new Date()): Promise<{ expired: Released; planEnded: Released }> {
    const expired = await this.images.purgeExpired(now);
    const planEnded: Released = { unsaved: 0, deleted: 0 };
    let after: string | null = null;
    for (;;) {
      const owners = await this.images.ownersWithSavedImages(after, OWNERS_PER_QUERY);
      for (const owner of await this.entitlement.withoutPaidPlan(owners)) {
        const emptied = await this.images.emptyMyEditsOf(owner);
        planEnded.unsaved += emptied.unsaved;
        planEnded.deleted += emptied.deleted;
      }
      if (owners.length < OWNERS_PER_QUERY) break;
      after = owners[owners.length - 1];
    }
    // Deleted images' objects (ADR 0023) were queued with their rows: they go now.
    if (expired.deleted + planEnded.deleted > 0) this.storage.deleteQueuedSoon();
    if (expired.unsaved + expired.deleted + planEnded.unsaved + planEnded.deleted > 0) {
      this.logger.log(
        `My Edits purge: ${expired.unsaved + expired.deleted} expired (${expired.deleted} deleted), ` +
          `${planEnded.unsaved + planEnded.deleted} of ended plans (${planEnded.deleted} deleted)`,
      );
    }
    return { expired, planEnded };
  }
}
