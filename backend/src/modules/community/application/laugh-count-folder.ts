import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { FeedChangeNotifier } from '../adapters/pg/feed-change-notifier';
import { TypeormCommunityRepository } from '../adapters/typeorm/typeorm-community.repository';
import { COMMUNITY_CACHE } from './community-cache';
import type { FeedCache } from './feed-cache';

/** A fold at least this often on every instance, for changes a crash left between commit and fold. */
export const LAUGH_FOLD_SWEEP_MS = 1000;

/**
 * ADR 0034: moves queued laugh count changes into `laugh_count`, one fold at a time per instance.
 * A laugh that committed its change waits for `fold()`: a fold that starts after the call, so it
 * includes that change. Whoever calls while a fold runs shares the next one: under a burst the
 * hot image's row is written once per fold, not once per laugh. Each fold that changed counts
 * drops this instance's feed cache and tells the others (one coalesced NOTIFY, ADR 0011).
 */
@Injectable()
export class LaughCountFolder implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('LaughCountFolder');
  private running?: Promise<Map<string, number>>;
  private next?: Promise<Map<string, number>>;
  private sweep?: NodeJS.Timeout;
  private lastStartedAt = 0;
  private stopped = false;

  constructor(
    private readonly repository: TypeormCommunityRepository,
    @Inject(COMMUNITY_CACHE) private readonly cache: FeedCache,
    private readonly feedChanged: FeedChangeNotifier,
  ) {}

  onModuleInit(): void {
    this.sweep = setInterval(() => {
      if (this.stopped || this.running || Date.now() - this.lastStartedAt < LAUGH_FOLD_SWEEP_MS) return;
      this.fold().catch((e: Error) => this.logger.warn(`Could not fold laugh counts: ${e.message}`));
    }, LAUGH_FOLD_SWEEP_MS);
    this.sweep.unref();
  }

  onModuleDestroy(): void {
    this.stopped = true;
    if (this.sweep) clearInterval(this.sweep);
  }

  /** The new counts of the images a fold that started after this call changed. */
  fold(): Promise<Map<string, number>> {
    if (!this.running) return this.start();
    if (!this.next) {
      const after = this.running.then(
        () => undefined,
        () => undefined,
      );
      this.next = after.then(() => {
        this.next = undefined;
        return this.start();
      });
    }
    return this.next;
  }

  private start(): Promise<Map<string, number>> {
    this.lastStartedAt = Date.now();
    const folding = this.repository.foldLaughCounts().then((changed) => {
      if (changed.size > 0) {
        this.cache.invalidate();
        this.feedChanged.notify();
      }
      return changed;
    });
    this.running = folding;
    const done = () => {
      if (this.running === folding) this.running = undefined;
    };
    folding.then(done, done);
    return folding;
  }
}
