/**
 * COMMUNITY_API: the community context's synchronous surface for other contexts (ARCHITECTURE
 * rule 2). Inject it with `@Inject(COMMUNITY_API)` after importing CommunityModule.
 */
export interface CommunityApi {
  /**
   * D35: removes every laugh the user gave as themselves (a signed-in laugh carries the user id as
   * its identifier, 001 §3), a bounded batch per statement; each image's laugh count goes down
   * with its rows, never below 0 (D15), and every instance's feed follows. Laughs from a browser
   * identifier are anonymous and not tied to the account. Safe to repeat. How many it removed.
   */
  removeLaughsBy(userId: string): Promise<number>;
}

export const COMMUNITY_API = Symbol('COMMUNITY_API');
