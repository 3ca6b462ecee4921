/** An image as the feed and the leaderboard see it: public, completed, not hidden (D14, D16). */
export interface FeedImage {
  id: string;
  prompt: string;
  style: string;
  timestamp: Date;
  laughCount: number;
}

/** spec 000 §3 "Community entry". */
export interface CommunityEntry {
  id: string;
  prompt: string;
  style: string;
  timestamp: string;
  laughCount: number;
  generatedPath: string;
  originalPath: string;
  imageUrl: string;
  originalUrl: string;
}

export interface LeaderboardEntry extends CommunityEntry {
  rank: number;
}

/** The entry the API and the live updates show for one image; its pictures are served by generation. */
export function toCommunityEntry(image: FeedImage): CommunityEntry {
  const generatedPath = `/api/images/${image.id}`;
  const originalPath = `/api/images/${image.id}/original`;
  return {
    id: image.id,
    prompt: image.prompt,
    style: image.style,
    timestamp: new Date(image.timestamp).toISOString(),
    laughCount: Number(image.laughCount),
    generatedPath,
    originalPath,
    imageUrl: generatedPath,
    originalUrl: originalPath,
  };
}

/**
 * D16: a leaderboard page, already ordered by laughs (most first), then newest, then id. Ranks are
 * overall positions, so a page that starts at `offset` starts at rank `offset + 1`.
 */
export function rankLeaderboardPage(images: readonly FeedImage[], offset: number): LeaderboardEntry[] {
  return images.map((image, i) => ({ ...toCommunityEntry(image), rank: offset + i + 1 }));
}
