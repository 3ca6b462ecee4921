import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { IntervalJobs, type IntervalJob } from '../../../shared/jobs/interval-jobs';
import { ENTITLEMENT_API, type EntitlementApi } from '../../billing';
import { TypeormImageRepository, type Released } from '../adapters/typeorm/typeorm-image.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Images released per statement; a run goes on until none is left. */
const BATCH = 500;
/** Owners checked per query of the safety net. */
const OWNERS_PER_QUERY = 200;

/**
 * D23, daily (and once after start): saved images whose date has passed leave My Edits; a private
 * one is deleted with its bytes, a public one stays in the community feed. Then the D9 safety net:
 * the plan's end empties My Edits through billing's SubscriptionEnded, an in-process event that a
 * crash at the wrong moment could lose, so anyone still holding saved images without a paid plan
 * is emptied here. Under the job lock (one instance at a time), and every statement re-checks its
 * rows anyway.
 */
@Injectable()
export class PurgeMyEditsJob implements IntervalJob, OnApplicationBootstrap {
  readonly jobName = 'images.purge-my-edits';
  readonly everyMs = DAY_MS;
  private readonly logger = new Logger('Images');

  constructor(
    private readonly jobs: IntervalJobs,
    private readonly images: TypeormImageRepository,
    @Inject(ENTITLEMENT_API) private readonly entitlement: EntitlementApi,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.schedule(this);
    // A first run soon after start (a restart should not wait a day), without holding up the start.
    void this.jobs.runOnce(this);
  }

  async execute(now = new Date()): Promise<{ expired: Released; planEnded: Released }> {
    const expired: Released = { unsaved: 0, deleted: 0 };
    for (;;) {
      const batch = await this.images.purgeExpired(now, BATCH);
      expired.unsaved += batch.unsaved;
      expired.deleted += batch.deleted;
      if (batch.unsaved < BATCH && batch.deleted < BATCH) break;
    }
    const planEnded: Released = { unsaved: 0, deleted: 0 };
    let after: string | null = null;
    for (;;) {
      const owners = await this.images.ownersWithSavedImages(after, OWNERS_PER_QUERY);
      for (const owner of owners) {
        if (await this.entitlement.hasPaidPlan(owner)) continue;
        const emptied = await this.images.emptyMyEditsOf(owner);
        planEnded.unsaved += emptied.unsaved;
        planEnded.deleted += emptied.deleted;
      }
      if (owners.length < OWNERS_PER_QUERY) break;
      after = owners[owners.length - 1];
    }
    if (expired.unsaved + expired.deleted + planEnded.unsaved + planEnded.deleted > 0) {
      this.logger.log(
        `My Edits purge: ${expired.unsaved + expired.deleted} expired (${expired.deleted} deleted), ` +
          `${planEnded.unsaved + planEnded.deleted} of ended plans (${planEnded.deleted} deleted)`,
      );
    }
    return { expired, planEnded };
  }
}
