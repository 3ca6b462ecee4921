import { Injectable } from '@nestjs/common';
import { CommunityImageNotFoundError, LaughRateLimitedError } from '../domain/community-errors';
import { isImageId, laughStateAfter, type LaughAction, type Laugher, type LaughState } from '../domain/laugh';
import { LaughWriteBatcher } from './laugh-write-batcher';

export interface ToggleLaugh {
  action: LaughAction;
  imageId: string;
  /** Already checked (checkUserIdentifier, checkLaugher). */
  laugher: Laugher;
  /** The client's address, for the per-IP limit. */
  ip: string;
}

/**
 * Adds or removes one browser's laugh (D15). Its write (ADR 0037) goes to the database with the
 * other laughs that arrived meanwhile, in one statement and one commit: the address counted by the
 * shared rate limiter's own upsert, an active `ip` whitelist entry (identity's predicate) lifting a
 * refusal, the laugh row, and the image's `laugh_count` moved by the batch's net change. The count
 * answered is the one that commit wrote, so it and every feed or leaderboard read after it are exact.
 */
@Injectable()
export class ToggleLaughUseCase {
  constructor(private readonly writes: LaughWriteBatcher) {}

  async execute({ action, imageId, laugher, ip }: ToggleLaugh): Promise<LaughState> {
    if (!isImageId(imageId)) throw new CommunityImageNotFoundError();
    const write = await this.writes.write({ action, imageId, laugher, ip });
    if (!write.allowed) throw new LaughRateLimitedError();
    if (!write.found) throw new CommunityImageNotFoundError();
    return laughStateAfter(action, write.laughCount ?? 0);
  }
}
