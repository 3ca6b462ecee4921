import { Module } from '@nestjs/common';

/**
 * Community: recent feed, laughs, Hall of Fame, live updates (issue 5).
 * No endpoints yet: this context's capability has not been built, and nothing here pretends it has.
 */
@Module({})
export class CommunityModule {}
