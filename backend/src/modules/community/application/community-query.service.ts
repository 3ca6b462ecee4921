import { Inject, Injectable } from '@nestjs/common';
import type { CachedJson } from '../../../shared/http/cached-json';
import { TypeormCommunityRepository } from '../adapters/typeorm/typeorm-community.repository';
import { rankLeaderboardPage, toCommunityEntry, type CommunityEntry } from '../domain/community-entry';
import { CommunityImageNotFoundError } from '../domain/community-errors';
import { feedReadKey, type FeedRead } from '../domain/feed-read';
import { ValidationError } from '../../../shared/errors/domain-error';
import { isImageId, MAX_LAUGHED_IDS, type Laugher } from '../domain/laugh';
import { COMMUNITY_CACHE } from './community-cache';
import type { FeedCache } from './feed-cache';

/**
 * Community's reads: the recent feed and the leaderboard as cached, serialised answers (ADR 0011),
 * one entry for a live update, and whether a browser has laughed at an image.
 */
@Injectable()
export class CommunityQueryService {
  constructor(
    private readonly repository: TypeormCommunityRepository,
    @Inject(COMMUNITY_CACHE) private readonly cache: FeedCache,
  ) {}

  /** A normalised read, from the cache or loaded once into it. */
  read(read: FeedRead): Promise<CachedJson> {
    return this.cache.get(feedReadKey(read), async () =>
      read.kind === 'recent'
        ? (await this.repository.findRecentVisible(read.limit)).map(toCommunityEntry)
        : rankLeaderboardPage(await this.repository.findMostLaughedVisible(read.limit, read.offset), read.offset),
    );
  }

  /** One visible entry, or undefined (live updates). */
  async entry(id: string): Promise<CommunityEntry | undefined> {
    if (!isImageId(id)) return undefined;
    const image = await this.repository.findVisible(id);
    return image ? toCommunityEntry(image) : undefined;
  }

  async hasLaughed(imageId: string, laugher: Laugher): Promise<{ hasLaughed: boolean }> {
    if (!isImageId(imageId)) throw new CommunityImageNotFoundError();
    const has = await this.repository.hasLaughed(imageId, laugher);
    if (has === undefined) throw new CommunityImageNotFoundError();
    return { hasLaughed: has };
  }

  /**
   * Which of up to MAX_LAUGHED_IDS images this browser or user laughed at (a My Edits page asks
   * once for all its cards). Malformed, unknown and unlaughable ids are simply not in the answer.
   */
  async laughedAmong(imageIds: readonly string[], laugher: Laugher): Promise<{ laughed: string[] }> {
    if (imageIds.length > MAX_LAUGHED_IDS) throw new ValidationError(`ids may name at most ${MAX_LAUGHED_IDS} images`);
    return { laughed: await this.repository.laughedAmong([...new Set(imageIds.filter(isImageId))], laugher) };
  }
}
