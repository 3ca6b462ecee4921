import { Body, Controller, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { CommunityQueryService } from '../../application/community-query.service';
import { ToggleLaughUseCase } from '../../application/toggle-laugh.use-case';
import { checkUserIdentifier, type LaughState } from '../../domain/laugh';
import { userIdentifierOf } from './laugh.dto';

/** Laughs (D15): anonymous, keyed by the browser's userIdentifier, rate limited per IP. */
@ApiTags('community')
@Controller('images')
export class LaughsController {
  constructor(
    private readonly queries: CommunityQueryService,
    private readonly toggleLaugh: ToggleLaughUseCase,
  ) {}

  @Get(':id/has-laughed')
  hasLaughed(@Param('id') id: string, @Query('userIdentifier') userIdentifier?: string): Promise<{ hasLaughed: boolean }> {
    return this.queries.hasLaughed(id, checkUserIdentifier(userIdentifier));
  }

  @Post(':id/add-laugh')
  @HttpCode(200)
  add(@Param('id') id: string, @Body() body: unknown, @Req() req: Request): Promise<LaughState> {
    return this.toggleLaugh.execute({ action: 'add', imageId: id, userIdentifier: checkUserIdentifier(userIdentifierOf(body)), ip: req.ip ?? '' });
  }

  @Post(':id/remove-laugh')
  @HttpCode(200)
  remove(@Param('id') id: string, @Body() body: unknown, @Req() req: Request): Promise<LaughState> {
    return this.toggleLaugh.execute({ action: 'remove', imageId: id, userIdentifier: checkUserIdentifier(userIdentifierOf(body)), ip: req.ip ?? '' });
  }
}
