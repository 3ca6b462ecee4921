import { Inject, Injectable } from '@nestjs/common';
import { allowPerWindow } from '../../../shared/rate-limit/rate-limit-policy';
import { RateLimiter } from '../../../shared/rate-limit/rate-limiter';
import { IDENTITY_API, type IdentityApi } from '../../identity';
import { FeedChangeNotifier } from '../adapters/pg/feed-change-notifier';
import { TypeormCommunityRepository } from '../adapters/typeorm/typeorm-community.repository';
import { CommunityImageNotFoundError, LaughRateLimitedError } from '../domain/community-errors';
import { isImageId, LAUGHS_PER_IP_PER_MINUTE, laughStateAfter, type LaughAction, type Laugher, type LaughState } from '../domain/laugh';
import { COMMUNITY_CACHE } from './community-cache';
import type { FeedCache } from './feed-cache';

export interface ToggleLaugh {
  action: LaughAction;
  imageId: string;
  /** Already checked (checkUserIdentifier, checkLaugher). */
  laugher: Laugher;
  /** The client's address, for the per-IP limit. */
  ip: string;
}

/** D15: 60 laughs pass per address per minute; the 61st and later are refused for a minute. */
const LAUGH_POLICY = allowPerWindow(LAUGHS_PER_IP_PER_MINUTE, 1);

/**
 * Adds or removes one browser's laugh (D15). The address is counted first by the shared rate
 * limiter (an active `ip` whitelist entry, asked of identity only when the limit refuses, lifts
 * it); the laugh itself is one statement and one commit in the repository. The
 * instance that wrote it drops its own feed cache before answering; others hear of it through the
 * coalesced notification (ADR 0011).
 */
@Injectable()
export class ToggleLaughUseCase {
  constructor(
    private readonly repository: TypeormCommunityRepository,
    @Inject(COMMUNITY_CACHE) private readonly cache: FeedCache,
    private readonly feedChanged: FeedChangeNotifier,
    private readonly rateLimiter: RateLimiter,
    @Inject(IDENTITY_API) private readonly identity: IdentityApi,
  ) {}

  async execute({ action, imageId, laugher, ip }: ToggleLaugh): Promise<LaughState> {
    if (!isImageId(imageId)) throw new CommunityImageNotFoundError();
    const counted = await this.rateLimiter.consume({ ip, type: 'laugh', identifier: '' }, LAUGH_POLICY);
    if (!counted.allowed && !(await this.identity.isWhitelisted({ ip }))) throw new LaughRateLimitedError();
    const write = await this.repository.toggleLaugh(action, imageId, laugher);
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
