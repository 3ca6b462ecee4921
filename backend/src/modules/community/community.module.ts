import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CommunityController, LaughsController } from './community.controller';
import { CommunityImageReadEntity, LaughEntity } from './community-image.read-entity';
import { communityCacheProvider } from './community-cache';
import { CommunityFeed } from './community-feed';
import { CommunityService } from './community.service';
import { FeedChangeNotifier } from './feed-change-notifier';
import { LiveCommunityService } from './live-community.service';

/**
 * Community (issue 5): recent feed and leaderboard (D16), laughs (D15), live updates across
 * instances (D17). Reads the `image` table through its own read entity (ADR 0010).
 */
@Module({
  imports: [TypeOrmModule.forFeature([CommunityImageReadEntity, LaughEntity])],
  controllers: [CommunityController, LaughsController],
  providers: [communityCacheProvider, FeedChangeNotifier, CommunityService, CommunityFeed, LiveCommunityService],
})
export class CommunityModule {}
