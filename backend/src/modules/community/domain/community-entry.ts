/** A WebP rendition of a picture (D31; the images context makes and serves them). */
export interface Rendition {
  url: string;
  width: number;
  height: number;
}

/** The renditions of an image's two pictures; empty until they are made. */
export interface EntryRenditions {
  originalRenditions: Rendition[];
  generatedRenditions: Rendition[];
}

/** An image as the feed and the leaderboard see it: public, completed, not hidden (D14, D16). */
export interface FeedImage {
  id: string;
  prompt: string;
  style: string;
  timestamp: Date;
  laughCount: number;
  renditions: EntryRenditions;
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
  /** D31: what cards draw (the full files only when opened); empty until made. */
  originalRenditions: Rendition[];
  generatedRenditions: Rendition[];
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
    originalRenditions: image.renditions.originalRenditions,
    generatedRenditions: image.renditions.generatedRenditions,
  };
}

/**
 * D16: a leaderboard page, already ordered by laughs (most first), then newest, then id. Ranks are
 * overall positions, so a page that starts at `offset` starts at rank `offset + 1`.
 */
export function rankLeaderboardPage(images: readonly FeedImage[], offset: number): LeaderboardEntry[] {
  return images.map((image, i) => ({ ...toCommunityEntry(image), rank: offset + i + 1 }));
}
