import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendCachedJson, type CachedJson } from '../../shared/http/cached-json';
import { HotPaths } from '../../shared/http/hot-paths';
import { COMMUNITY_CACHE } from './community-cache';
import { CommunityService, FEED_DEFAULT_LIMIT, LEADERBOARD_PAGE_SIZE, MAX_LIMIT, parseIntParam } from './community.service';
import type { FeedCache } from './feed-cache';

export const RECENT_PATH = '/api/community/recent';
export const LEADERBOARD_PATH = '/api/leaderboard';

/** A feed or leaderboard read, normalised (D16): equal reads share one cache entry. */
export type FeedRead = { kind: 'recent'; limit: number } | { kind: 'leaderboard'; limit: number; offset: number };

type Params = Partial<Record<'limit' | 'page' | 'offset', string>>;

/** Validates like the API documents it; throws ValidationError (400) on a bad value. */
export function parseFeedRead(kind: FeedRead['kind'], q: Params): FeedRead {
  if (kind === 'recent') return { kind, limit: parseIntParam('limit', q.limit, FEED_DEFAULT_LIMIT, 1, MAX_LIMIT) };
  if (q.page !== undefined && q.page !== '') {
    const page = parseIntParam('page', q.page, 1, 1, 1_000_000);
    return { kind, limit: LEADERBOARD_PAGE_SIZE, offset: (page - 1) * LEADERBOARD_PAGE_SIZE };
  }
  return {
    kind,
    limit: parseIntParam('limit', q.limit, LEADERBOARD_PAGE_SIZE, 1, MAX_LIMIT),
    offset: parseIntParam('offset', q.offset, 0, 0, 1_000_000_000),
  };
}

function keyOf(read: FeedRead): string {
  return read.kind === 'recent' ? `recent:${read.limit}` : `leaderboard:${read.limit}:${read.offset}`;
}

const KNOWN_PARAMS = new Set(['limit', 'page', 'offset']);

/**
 * The community read path (issue 5): the recent feed and the leaderboard as cached, serialised
 * answers. A cache hit is answered on the hot path, before Express; a miss (or anything unusual in
 * the query) goes through the controller, which loads, caches and answers with the same bytes.
 */
@Injectable()
export class CommunityFeed implements OnModuleInit {
  constructor(
    private readonly community: CommunityService,
    @Inject(COMMUNITY_CACHE) private readonly cache: FeedCache,
    private readonly hotPaths: HotPaths,
  ) {}

  onModuleInit(): void {
    this.hotPaths.register((req, res) => this.serveFromCache(req, res));
  }

  read(read: FeedRead): Promise<CachedJson> {
    return this.cache.get(keyOf(read), () =>
      read.kind === 'recent' ? this.community.recent(read.limit) : this.community.leaderboard(read.limit, read.offset),
    );
  }

  private serveFromCache(req: IncomingMessage, res: ServerResponse): boolean {
    const url = req.url ?? '';
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    const kind = path === RECENT_PATH ? 'recent' : path === LEADERBOARD_PATH ? 'leaderboard' : undefined;
    if (!kind) return false;
    let read: FeedRead;
    try {
      const params: Params = {};
      if (q >= 0) {
        for (const [name, value] of new URLSearchParams(url.slice(q + 1))) {
          if (!KNOWN_PARAMS.has(name) || name in params) return false;
          params[name as keyof Params] = value;
        }
      }
      read = parseFeedRead(kind, params);
    } catch {
      return false; // the controller answers the 400 in the API's error shape
    }
    const cached = this.cache.peek(keyOf(read));
    if (!cached) return false;
    sendCachedJson(req, res, cached);
    return true;
  }
}
