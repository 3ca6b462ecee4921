import { Inject, Injectable, Logger } from '@nestjs/common';
import { allowPerWindow } from '../../../shared/rate-limit/rate-limit-policy';
import { RateLimiter } from '../../../shared/rate-limit/rate-limiter';
import { IDENTITY_API, type IdentityApi } from '../../identity';
import { TypeormCommunityRepository } from '../adapters/typeorm/typeorm-community.repository';
import { CommunityImageNotFoundError, LaughRateLimitedError } from '../domain/community-errors';
import { isImageId, LAUGHS_PER_IP_PER_MINUTE, laughStateAfter, type LaughAction, type Laugher, type LaughState } from '../domain/laugh';
import { LaughCountFolder } from './laugh-count-folder';

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
 * it); the laugh itself is one statement and one commit in the repository, which queues its change
 * of the count; the answer waits for the fold that moves it into `laugh_count` (ADR 0034).
 */
@Injectable()
export class ToggleLaughUseCase {
  private readonly logger = new Logger('ToggleLaugh');

  constructor(
    private readonly repository: TypeormCommunityRepository,
    private readonly folder: LaughCountFolder,
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
    // ADR 0034: the change is queued; the answer waits for a fold that includes it, so this
    // count, and every feed and leaderboard read after it, are exact (the fold drops this
    // instance's feed cache and tells the others).
    let counts: Map<string, number> | undefined;
    try {
      counts = await this.folder.fold();
    } catch (e) {
      this.logger.warn(`Could not fold laugh counts: ${(e as Error).message}`);
    }
    // Not in this fold: another instance's fold took the change first (or the fold failed and
    // the change waits for the next one); the count read with its pending changes is as exact.
    const count = counts?.get(imageId) ?? (await this.repository.currentLaughCount(imageId));
    return laughStateAfter(action, count);
  }
}
