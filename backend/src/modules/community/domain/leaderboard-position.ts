/**
 * D44: where a leaderboard page after the 100th starts, the last listed entry's place in the
 * order (laughs, then newest, then id) and its rank. Signed, so a changed cursor is refused (400)
 * rather than answered with made-up ranks.
 */
export interface LeaderboardPosition {
  laughCount: number;
  /** PostgreSQL's own text of the timestamp (microseconds: a millisecond cursor would skip rows). */
  timestamp: string;
  id: string;
  rank: number;
}
