import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { IntervalJobs, type IntervalJob } from '../jobs/interval-jobs';
import { MAX_WINDOW_MINUTES } from './rate-limit-policy';
import { RateLimiter } from './rate-limiter';

/**
 * Counters are one row per (address, kind, identifier); without pruning, every mistyped e-mail
 * would stay forever. Hourly (not at start), counters idle for longer than any window (a day) that
 * block nothing are deleted. One DELETE; scheduled through IntervalJobs, so one instance runs it at a time.
 */
@Injectable()
export class PruneRateLimitsJob implements IntervalJob, OnApplicationBootstrap {
  readonly jobName = 'rate-limit.prune-idle';
  readonly everyMs = 3_600_000;
  readonly runAtStart = false;

  constructor(
    private readonly rateLimiter: RateLimiter,
    private readonly jobs: IntervalJobs,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.schedule(this);
  }

  execute(): Promise<number> {
    return this.rateLimiter.pruneIdle(MAX_WINDOW_MINUTES);
  }
}
