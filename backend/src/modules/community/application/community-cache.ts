import type { Provider } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { FeedCache } from './feed-cache';

/** The instance's one FeedCache of community answers (ADR 0011). */
export const COMMUNITY_CACHE = Symbol('COMMUNITY_CACHE');

export const communityCacheProvider: Provider = {
  provide: COMMUNITY_CACHE,
  inject: [APP_CONFIG],
  useFactory: (config: AppConfig) => new FeedCache(config.community.cacheTtlMs),
};
