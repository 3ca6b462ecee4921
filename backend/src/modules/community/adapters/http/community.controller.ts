import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ValidationError } from '../../../../shared/errors/domain-error';
import { sendCachedJson } from '../../../../shared/http/cached-json';
import { CommunityQueryService } from '../../application/community-query.service';
import { parseFeedRead } from '../../domain/feed-read';

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
  @ApiOkResponse({ description: 'CommunityEntry[]' })
  async recent(@Query('limit') limit: string | undefined, @Req() req: Request, @Res() res: Response): Promise<void> {
    const answer = await this.queries.read(parseFeedRead('recent', { limit: one(limit) }));
    sendCachedJson(req, res, answer);
  }

  @Get('leaderboard')
  @ApiOperation({ summary: 'Most laughed public images (page size 10: ?page=N or ?limit=&offset=)' })
  @ApiOkResponse({ description: 'LeaderboardEntry[] (CommunityEntry with rank)' })
  async leaderboard(
    @Query('page') page: string | undefined,
    @Query('limit') limit: string | undefined,
    @Query('offset') offset: string | undefined,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const answer = await this.queries.read(parseFeedRead('leaderboard', { page: one(page), limit: one(limit), offset: one(offset) }));
    sendCachedJson(req, res, answer);
  }
}

/** A repeated query parameter (?limit=1&limit=2) is refused rather than guessed at. */
function one(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new ValidationError('Query parameters may be given once each');
  return value;
}
