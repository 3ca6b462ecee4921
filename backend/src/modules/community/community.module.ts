import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { IdentityModule } from '../identity';
import { CommunityController } from './adapters/http/community.controller';
import { FeedHotPath } from './adapters/http/feed-hot-path';
import { LaughHotPath } from './adapters/http/laugh-hot-path';
import { LaughsController } from './adapters/http/laughs.controller';
import { FeedChangeNotifier } from './adapters/pg/feed-change-notifier';
import { PgCommunityListener } from './adapters/pg/pg-community-listener';
import { CommunityImageReadEntity } from './adapters/typeorm/community-image.read-entity';
import { LaughOrmEntity } from './adapters/typeorm/laugh.orm-entity';
import { TypeormCommunityRepository } from './adapters/typeorm/typeorm-community.repository';
import { CommunityApiService } from './application/community-api.service';
import { communityCacheProvider } from './application/community-cache';
import { CommunityQueryService } from './application/community-query.service';
import { LaughCountFolder } from './application/laugh-count-folder';
import { LiveCommunityService } from './application/live-community.service';
import { LaughWriteBatcher } from './application/laugh-write-batcher';
import { ToggleLaughUseCase } from './application/toggle-laugh.use-case';
import { COMMUNITY_API } from './community.api';

/**
 * Community (issue 5): recent feed and leaderboard (D16), laughs (D15), live updates across
 * instances (D17). Reads the `image` table through its own read entity (ADR 0010); the feed is
 * served from a per-instance cache, before Express on a hit (ADR 0011).
 */
@Module({
  imports: [TypeOrmModule.forFeature([CommunityImageReadEntity, LaughOrmEntity]), IdentityModule],
  controllers: [CommunityController, LaughsController],
  providers: [
    communityCacheProvider,
    TypeormCommunityRepository,
    FeedChangeNotifier,
    PgCommunityListener,
    CommunityQueryService,
    LaughCountFolder,
    LaughWriteBatcher,
    ToggleLaughUseCase,
    FeedHotPath,
    LaughHotPath,
    LiveCommunityService,
    CommunityApiService,
    { provide: COMMUNITY_API, useExisting: CommunityApiService },
  ],
  exports: [COMMUNITY_API],
})
export class CommunityModule {}
