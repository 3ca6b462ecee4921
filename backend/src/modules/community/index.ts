// Public surface of the community context (ARCHITECTURE rule 2): other contexts import only from here.
export { CommunityModule } from './community.module';
export { COMMUNITY_API } from './community.api';
export type { CommunityApi } from './community.api';
export type { CommunityEntry, LeaderboardEntry } from './domain/community-entry';
export type { LaughState } from './domain/laugh';
