import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { IntervalJobs, type IntervalJob } from '../../../shared/jobs/interval-jobs';
import { IDENTITY_API, type IdentityApi } from '../../identity';
import { DELETION_GRACE_MINUTES } from '../domain/privacy-rules';
import { AccountDeletionSteps } from './account-deletion-steps';

/** Accounts finished per run (the next run takes the rest). */
const PER_RUN = 50;

/**
 * D35, ADR 0019: finishes deletions that began (sessions ended, sign-in refused) but were cut off
 * before the account row went: a crash between steps, the payment provider unreachable. Every
 * minute, accounts whose deletion began more than DELETION_GRACE_MINUTES ago run the remaining
 * steps again; each is idempotent. Under the job lock (one instance at a time); a deletion that
 * fails again is logged and retried on the next run. Then the sign-up addresses of deleted
 * accounts that D19 no longer needs (older than 24 hours) are forgotten.
 */
@Injectable()
export class FinishAccountDeletionsJob implements IntervalJob, OnApplicationBootstrap {
  readonly jobName = 'privacy.finish-account-deletions';
  readonly everyMs = 60_000;
  private readonly logger = new Logger('Privacy');

  constructor(
    private readonly jobs: IntervalJobs,
    @Inject(IDENTITY_API) private readonly identity: IdentityApi,
    private readonly steps: AccountDeletionSteps,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.schedule(this);
  }

  async execute(now = new Date()): Promise<{ finished: string[]; failed: string[] }> {
    const before = new Date(now.getTime() - DELETION_GRACE_MINUTES * 60_000);
    const finished: string[] = [];
    const failed: string[] = [];
    for (const userId of await this.identity.deletionsBegunBefore(before, PER_RUN)) {
      try {
        await this.steps.finish(userId);
        finished.push(userId);
      } catch (error) {
        failed.push(userId);
        this.logger.error(`Deletion of account ${userId} failed again (${(error as Error).message}); next run retries`);
      }
    }
    if (finished.length > 0) this.logger.log(`Finished ${finished.length} interrupted account deletion(s)`);
    await this.identity.forgetDeletedAccountsAddresses();
    return { finished, failed };
  }
}
