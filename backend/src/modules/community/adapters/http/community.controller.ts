import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import { ApiNotModifiedResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ValidationError } from '../../../../shared/errors/domain-error';
import { ApiErrors } from '../../../../shared/http/openapi/api-errors';
import { sendCachedJson } from '../../../../shared/http/cached-json';
import { CommunityEntryResponse, LeaderboardEntryResponse } from './community.responses';
import { CommunityQueryService } from '../../application/community-query.service';
import { parseFeedRead } from '../../domain/feed-read';

/** The cached answers' headers (ADR 0011): always revalidated with the ETag. */
const CACHED_JSON_HEADERS = {
  ETag: { description: 'A strong ETag over the bytes; send it back in If-None-Match.', schema: { type: 'string' } },
  'Cache-Control': { description: 'Revalidate every time (a laugh or a new edit shows on the next read).', schema: { type: 'string', example: 'no-cache' } },
} as const;

/**
 * Recent feed and leaderboard (D16), public. Answers come from the community cache as bytes
 * (ADR 0011); a cached answer is usually sent by the hot path (FeedHotPath) before this controller
 * runs.
 */
@ApiTags('community')
@Controller()
export class CommunityController {
  constructor(private readonly queries: CommunityQueryService) {}

  @Get('community/recent')
  @ApiOperation({ summary: 'Public completed images, newest first (limit 1..50, default 20)' })
  @ApiQuery({ name: 'limit', required: false, type: Number, description: '1 to 50, default 20 (the landing card asks for 1).' })
  @ApiOkResponse({ type: [CommunityEntryResponse], headers: CACHED_JSON_HEADERS })
  @ApiNotModifiedResponse({ description: 'If-None-Match named the current ETag.' })
  @ApiErrors({ 400: { 'VALIDATION.FAILED': 'limit is not a whole number from 1 to 50, or is given twice.' } })
  async recent(@Query('limit') limit: string | undefined, @Req() req: Request, @Res() res: Response): Promise<void> {
    const answer = await this.queries.read(parseFeedRead('recent', { limit: one(limit) }));
    sendCachedJson(req, res, answer);
  }

  @Get('leaderboard')
  @ApiOperation({ summary: 'Most laughed public images (page size 10: ?page=N up to 100, or ?limit=&offset=; later pages by ?cursor=, D44)' })
  @ApiQuery({ name: 'page', required: false, type: Number, description: 'Pages of 10 from 1 to 100; wins over limit and offset.' })
  @ApiQuery({ name: 'limit', required: false, type: Number, description: '1 to 50, default 10.' })
  @ApiQuery({ name: 'offset', required: false, type: Number, description: '0 to 990, default 0.' })
  @ApiQuery({ name: 'cursor', required: false, type: String, description: "The page after another: that page's X-Next-Cursor. Not with page or offset." })
  @ApiOkResponse({
    type: [LeaderboardEntryResponse],
    headers: {
      ...CACHED_JSON_HEADERS,
      'X-Next-Cursor': { description: 'On a full page: the cursor of the page after it.', schema: { type: 'string' } },
    },
  })
  @ApiNotModifiedResponse({ description: 'If-None-Match named the current ETag.' })
  @ApiErrors({
    400: { 'VALIDATION.FAILED': 'page (1-100), limit or offset out of range, a parameter given twice, or a cursor this list did not give out.' },
  })
  async leaderboard(
    @Query('page') page: string | undefined,
    @Query('limit') limit: string | undefined,
    @Query('offset') offset: string | undefined,
    @Query('cursor') cursor: string | undefined,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const answer = await this.queries.read(
      parseFeedRead('leaderboard', { page: one(page), limit: one(limit), offset: one(offset), cursor: one(cursor) }),
    );
    sendCachedJson(req, res, answer);
  }
}

/** A repeated query parameter (?limit=1&limit=2) is refused rather than guessed at. */
function one(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new ValidationError('Query parameters may be given once each');
  return value;
}
