import { Inject, Injectable } from '@nestjs/common';
import { FeedChangeNotifier } from '../adapters/pg/feed-change-notifier';
import { TypeormCommunityRepository } from '../adapters/typeorm/typeorm-community.repository';
import { CommunityImageNotFoundError, LaughRateLimitedError } from '../domain/community-errors';
import { isImageId, LAUGHS_PER_IP_PER_MINUTE, laughStateAfter, type LaughAction, type LaughState } from '../domain/laugh';
import { COMMUNITY_CACHE } from './community-cache';
import type { FeedCache } from './feed-cache';

export interface ToggleLaugh {
  action: LaughAction;
  imageId: string;
  /** Already checked (checkUserIdentifier). */
  userIdentifier: string;
  /** The client's address, for the per-IP limit. */
  ip: string;
}

/**
 * Adds or removes one browser's laugh (D15): one statement and one commit in the repository. The
 * instance that wrote it drops its own feed cache before answering; others hear of it through the
 * coalesced notification (ADR 0011).
 */
@Injectable()
export class ToggleLaughUseCase {
  constructor(
    private readonly repository: TypeormCommunityRepository,
    @Inject(COMMUNITY_CACHE) private readonly cache: FeedCache,
    private readonly feedChanged: FeedChangeNotifier,
  ) {}

  async execute({ action, imageId, userIdentifier, ip }: ToggleLaugh): Promise<LaughState> {
    if (!isImageId(imageId)) throw new CommunityImageNotFoundError();
    const write = await this.repository.toggleLaugh(action, imageId, userIdentifier, ip, LAUGHS_PER_IP_PER_MINUTE);
    if (!write.allowed) throw new LaughRateLimitedError();
    if (!write.found) throw new CommunityImageNotFoundError();
    if (!write.changed) {
      // Nothing to do (already laughed, or nothing to remove). The statement's snapshot may predate
      // a concurrent toggle of the same laugh that it waited for, so read the count afresh.
      return laughStateAfter(action, await this.repository.currentLaughCount(imageId));
    }
    // This instance's next read must not be older than this write; other instances hear of it
    // through the coalesced notification.
    this.cache.invalidate();
    this.feedChanged.notify();
    return laughStateAfter(action, Number(write.laughCount));
  }
}
