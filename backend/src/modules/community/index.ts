// Public surface of the community context (ARCHITECTURE rule 2): other contexts import only from here.
// Community publishes no API token or events yet: no other context calls it or reacts to it.
export { CommunityModule } from './community.module';
export type { CommunityEntry, LeaderboardEntry } from './domain/community-entry';
export type { LaughState } from './domain/laugh';
