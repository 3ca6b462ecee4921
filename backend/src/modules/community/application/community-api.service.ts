import { Inject, Injectable } from '@nestjs/common';
import { isUuid } from '../../../shared/ids';
import { FeedChangeNotifier } from '../adapters/pg/feed-change-notifier';
import { TypeormCommunityRepository } from '../adapters/typeorm/typeorm-community.repository';
import type { CommunityApi } from '../community.api';
import { COMMUNITY_CACHE } from './community-cache';
import type { FeedCache } from './feed-cache';

/** Laughs removed per statement when an account goes (D35). */
const REMOVE_BATCH = 500;

/** COMMUNITY_API (community.api.ts). */
@Injectable()
export class CommunityApiService implements CommunityApi {
  constructor(
    private readonly repository: TypeormCommunityRepository,
    @Inject(COMMUNITY_CACHE) private readonly cache: FeedCache,
    private readonly feedChanged: FeedChangeNotifier,
  ) {}

  async removeLaughsBy(userId: string): Promise<number> {
    if (!isUuid(userId)) return 0;
    let removed = 0;
    for (;;) {
      const batch = await this.repository.removeLaughsOf(userId, REMOVE_BATCH);
      removed += batch;
      if (batch === 0) break;
    }
    if (removed > 0) {
      // Laugh counts changed: this instance's cache at once, the others through the notification (ADR 0011).
      this.cache.invalidate();
      this.feedChanged.notify();
    }
    return removed;
  }
}
