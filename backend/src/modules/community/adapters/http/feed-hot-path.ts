import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendCachedJson } from '../../../../shared/http/cached-json';
import { HotPaths } from '../../../../shared/http/hot-paths';
import { COMMUNITY_CACHE } from '../../application/community-cache';
import type { FeedCache } from '../../application/feed-cache';
import { FEED_READ_PARAMS, feedReadKey, parseFeedRead, type FeedRead, type FeedReadParams } from '../../domain/feed-read';

export const RECENT_PATH = '/api/community/recent';
export const LEADERBOARD_PATH = '/api/leaderboard';

/**
 * The community read path's hot path (ADR 0011): a cache hit of the recent feed or the leaderboard
 * is answered straight from the HTTP server's request event, before Express. A miss (or anything
 * unusual in the query) goes through CommunityController, which loads, caches and answers with the
 * same bytes.
 */
@Injectable()
export class FeedHotPath implements OnModuleInit {
  constructor(
    @Inject(COMMUNITY_CACHE) private readonly cache: FeedCache,
    private readonly hotPaths: HotPaths,
  ) {}

  onModuleInit(): void {
    this.hotPaths.register((req, res) => this.serveFromCache(req, res));
  }

  private serveFromCache(req: IncomingMessage, res: ServerResponse): boolean {
    const url = req.url ?? '';
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    const kind = path === RECENT_PATH ? 'recent' : path === LEADERBOARD_PATH ? 'leaderboard' : undefined;
    if (!kind) return false;
    let read: FeedRead;
    try {
      const params: FeedReadParams = {};
      if (q >= 0) {
        for (const [name, value] of new URLSearchParams(url.slice(q + 1))) {
          if (!FEED_READ_PARAMS.has(name) || name in params) return false;
          params[name as keyof FeedReadParams] = value;
        }
      }
      read = parseFeedRead(kind, params);
    } catch {
      return false; // the controller answers the 400 in the API's error shape
    }
    const cached = this.cache.peek(feedReadKey(read));
    if (!cached) return false;
    sendCachedJson(req, res, cached);
    return true;
  }
}
