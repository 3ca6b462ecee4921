import { ApiProperty } from '@nestjs/swagger';
import { RenditionResponse } from '../../../../shared/http/openapi/common-responses';
import { sameJsonShape } from '../../../../shared/http/openapi/same-shape';
import type { CommunityEntry, LeaderboardEntry } from '../../domain/community-entry';
import type { LaughState } from '../../domain/laugh';

/** 000 §3 "Community image entry": a public, completed edit as the feed, the leaderboard and /ws show it. */
export class CommunityEntryResponse {
  @ApiProperty({ type: String, format: 'uuid' })
  id: string;

  @ApiProperty({ type: String })
  prompt: string;

  @ApiProperty({ type: String, description: 'realistic or cartoon (funny for older images).' })
  style: string;

  @ApiProperty({ type: String, format: 'date-time' })
  timestamp: string;

  @ApiProperty({ type: Number })
  laughCount: number;

  @ApiProperty({ type: String, description: 'The generated image: /api/images/{id}.' })
  generatedPath: string;

  @ApiProperty({ type: String, description: 'The original: /api/images/{id}/original.' })
  originalPath: string;

  @ApiProperty({ type: String, description: 'The same as generatedPath.' })
  imageUrl: string;

  @ApiProperty({ type: String, description: 'The same as originalPath.' })
  originalUrl: string;

  @ApiProperty({ type: [RenditionResponse], description: 'D31: by width ascending; empty until made.' })
  originalRenditions: RenditionResponse[];

  @ApiProperty({ type: [RenditionResponse], description: 'D31: by width ascending; empty until made.' })
  generatedRenditions: RenditionResponse[];
}
sameJsonShape<CommunityEntryResponse, CommunityEntry>();

/** A Hall of Fame entry: a community entry with its place. */
export class LeaderboardEntryResponse extends CommunityEntryResponse {
  @ApiProperty({ type: Number, description: '1 for the most laughed.' })
  rank: number;
}
sameJsonShape<LeaderboardEntryResponse, LeaderboardEntry>();

/** The body of add-laugh and remove-laugh (read by hand, so every body gets the identifier rule's 400). */
export class LaughBodyDoc {
  @ApiProperty({
    type: String,
    pattern: '^[A-Za-z0-9_-]{1,128}$',
    description: "The browser's identifier (000 §3), or the signed-in user's own id from My Edits (001 §3).",
  })
  userIdentifier: string;
}

/** A laugh's outcome: the new count, and whether this identifier now laughs at it. */
export class LaughStateResponse {
  @ApiProperty({ type: Number })
  laughCount: number;

  @ApiProperty({ type: Boolean })
  hasLaughed: boolean;
}
sameJsonShape<LaughStateResponse, LaughState>();

export class HasLaughedResponse {
  @ApiProperty({ type: Boolean })
  hasLaughed: boolean;
}

export class LaughedResponse {
  @ApiProperty({ type: [String], description: 'The ids among those asked that this identifier laughed at.' })
  laughed: string[];
}
