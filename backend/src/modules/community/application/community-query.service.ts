import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { CachedJson } from '../../../shared/http/cached-json';
import { TypeormCommunityRepository } from '../adapters/typeorm/typeorm-community.repository';
import { rankLeaderboardPage, toCommunityEntry, type CommunityEntry } from '../domain/community-entry';
import { CommunityImageNotFoundError } from '../domain/community-errors';
import { feedReadKey, type FeedRead } from '../domain/feed-read';
import { ValidationError } from '../../../shared/errors/domain-error';
import { isImageId, MAX_LAUGHED_IDS, type Laugher } from '../domain/laugh';
import { decodeLeaderboardCursor, encodeLeaderboardCursor, leaderboardCursorKey } from './leaderboard-cursor';
import { NEXT_CURSOR_HEADER } from '../../../shared/pagination';
import { COMMUNITY_CACHE } from './community-cache';
import type { FeedCache } from './feed-cache';

/**
 * Community's reads: the recent feed and the leaderboard as cached, serialised answers (ADR 0011),
 * one entry for a live update, and whether a browser has laughed at an image.
 */
@Injectable()
export class CommunityQueryService {
  /** Signs leaderboard cursors: from the session secret, so every instance accepts every other's. */
  private readonly cursorKey: Buffer;

  constructor(
    private readonly repository: TypeormCommunityRepository,
    @Inject(COMMUNITY_CACHE) private readonly cache: FeedCache,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    // Without a secret (development only: production requires one) cursors last as long as the process.
    const secret = config.session.secret;
    this.cursorKey = secret ? leaderboardCursorKey(secret) : randomBytes(32);
  }

  /** A normalised read, from the cache or loaded once into it. */
  read(read: FeedRead): Promise<CachedJson> {
    if (read.kind === 'recent') {
      return this.cache.get(feedReadKey(read), async () => (await this.repository.findRecentVisible(read.limit)).map(toCommunityEntry));
    }
    // A cursor is checked before anything is read: a changed one is a 400, never a cache entry.
    const after = 'cursor' in read ? decodeLeaderboardCursor(this.cursorKey, read.cursor) : undefined;
    return this.cache.get(feedReadKey(read), async () => {
      const rows = after
        ? await this.repository.findMostLaughedAfter(read.limit, after)
        : await this.repository.findMostLaughedVisible(read.limit, 'offset' in read ? read.offset : 0);
      const ranked = after ? after.rank : 'offset' in read ? read.offset : 0;
      const last = rows.at(-1);
      // D44: a full page says where the next one starts, whichever way it was asked for.
      const next =
        last && rows.length === read.limit
          ? encodeLeaderboardCursor(this.cursorKey, { laughCount: last.laughCount, timestamp: last.timestampText, id: last.id, rank: ranked + rows.length })
          : undefined;
      return new CachedJson(rankLeaderboardPage(rows, ranked), next ? [[NEXT_CURSOR_HEADER, next]] : []);
    });
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
