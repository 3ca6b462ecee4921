import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { FeedChangeNotifier } from '../adapters/pg/feed-change-notifier';
import { TypeormCommunityRepository } from '../adapters/typeorm/typeorm-community.repository';
import { COMMUNITY_CACHE } from './community-cache';
import type { FeedCache } from './feed-cache';

/** A fold at least this often on every instance, for changes a crash left queued before their fold. */
export const LAUGH_FOLD_SWEEP_MS = 1000;

/**
 * ADR 0034, 0037: moves the changes an account deletion queued (D35) into `laugh_count`. The
 * deletion waits for `fold()`; a sweep on every instance folds what a crash left queued at least
 * once a second (a laugh batch on the image folds its queued changes at once). Laughs themselves
 * queue nothing: their batch moves the count. A fold that changed counts drops this instance's
 * feed cache and tells the others (one coalesced NOTIFY, ADR 0011). Folds on all instances, and
 * laugh batches, take turns in the database (LAUGH_COUNT_TURN_SQL).
 */
@Injectable()
export class LaughCountFolder implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('LaughCountFolder');
  private sweep?: NodeJS.Timeout;
  private sweeping = false;
  private stopped = false;

  constructor(
    private readonly repository: TypeormCommunityRepository,
    @Inject(COMMUNITY_CACHE) private readonly cache: FeedCache,
    private readonly feedChanged: FeedChangeNotifier,
  ) {}

  onModuleInit(): void {
    this.sweep = setInterval(() => {
      if (this.stopped || this.sweeping) return;
      this.sweeping = true;
      this.fold()
        .catch((e: Error) => this.logger.warn(`Could not fold laugh counts: ${e.message}`))
        .finally(() => (this.sweeping = false));
    }, LAUGH_FOLD_SWEEP_MS);
    this.sweep.unref();
  }

  onModuleDestroy(): void {
    this.stopped = true;
    if (this.sweep) clearInterval(this.sweep);
  }

  /** Folds every change queued before the call. */
  async fold(): Promise<void> {
    const changed = await this.repository.foldLaughCounts();
    if (changed.size > 0) {
      this.cache.invalidate();
      this.feedChanged.notify();
    }
  }
}
