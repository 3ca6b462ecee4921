import { Body, Controller, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import {
  checkUserIdentifier,
  CommunityService,
  FEED_DEFAULT_LIMIT,
  LEADERBOARD_PAGE_SIZE,
  MAX_LIMIT,
  parseIntParam,
  type CommunityEntry,
  type LaughState,
  type LeaderboardEntry,
} from './community.service';

/** Recent feed and leaderboard (D16), public. */
@ApiTags('community')
@Controller()
export class CommunityController {
  constructor(private readonly community: CommunityService) {}

  @Get('community/recent')
  @ApiOperation({ summary: 'Public completed images, newest first (limit 1..50, default 20)' })
  recent(@Query('limit') limit?: string): Promise<CommunityEntry[]> {
    return this.community.recent(parseIntParam('limit', limit, FEED_DEFAULT_LIMIT, 1, MAX_LIMIT));
  }

  @Get('leaderboard')
  @ApiOperation({ summary: 'Most laughed public images (page size 10: ?page=N or ?limit=&offset=)' })
  leaderboard(@Query('page') page?: string, @Query('limit') limit?: string, @Query('offset') offset?: string): Promise<LeaderboardEntry[]> {
    if (page !== undefined && page !== '') {
      const p = parseIntParam('page', page, 1, 1, 1_000_000);
      return this.community.leaderboard(LEADERBOARD_PAGE_SIZE, (p - 1) * LEADERBOARD_PAGE_SIZE);
    }
    const l = parseIntParam('limit', limit, LEADERBOARD_PAGE_SIZE, 1, MAX_LIMIT);
    const o = parseIntParam('offset', offset, 0, 0, 1_000_000_000);
    return this.community.leaderboard(l, o);
  }
}

/** Laughs (D15): anonymous, keyed by the browser's userIdentifier, rate limited per IP. */
@ApiTags('community')
@Controller('images')
export class LaughsController {
  constructor(private readonly community: CommunityService) {}

  @Get(':id/has-laughed')
  hasLaughed(@Param('id') id: string, @Query('userIdentifier') userIdentifier?: string): Promise<{ hasLaughed: boolean }> {
    return this.community.hasLaughed(id, checkUserIdentifier(userIdentifier));
  }

  @Post(':id/add-laugh')
  @HttpCode(200)
  add(@Param('id') id: string, @Body() body: unknown, @Req() req: Request): Promise<LaughState> {
    return this.community.addLaugh(id, checkUserIdentifier(identifierOf(body)), req.ip ?? '');
  }

  @Post(':id/remove-laugh')
  @HttpCode(200)
  remove(@Param('id') id: string, @Body() body: unknown, @Req() req: Request): Promise<LaughState> {
    return this.community.removeLaugh(id, checkUserIdentifier(identifierOf(body)), req.ip ?? '');
  }
}

function identifierOf(body: unknown): unknown {
  return body && typeof body === 'object' ? (body as Record<string, unknown>).userIdentifier : undefined;
}
