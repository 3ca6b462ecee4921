import { Body, Controller, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { AuthUser } from '../../../../shared/auth/auth-user';
import { OptionalUser } from '../../../../shared/auth/guards';
import { ValidationError } from '../../../../shared/errors/domain-error';
import { clientIp } from '../../../../shared/http/client-ip';
import { CommunityQueryService } from '../../application/community-query.service';
import { ToggleLaughUseCase } from '../../application/toggle-laugh.use-case';
import { checkLaugher, checkUserIdentifier, type Laugher, type LaughState } from '../../domain/laugh';
import { userIdentifierOf } from './laugh.dto';

/**
 * Laughs (D15): anonymous, keyed by the browser's userIdentifier, rate limited per IP. A signed-in
 * user laughing from My Edits sends their user id instead (001 §3) and may laugh at their own
 * private images too.
 */
@ApiTags('community')
@Controller()
export class LaughsController {
  constructor(
    private readonly queries: CommunityQueryService,
    private readonly toggleLaugh: ToggleLaughUseCase,
  ) {}

  @Get('images/:id/has-laughed')
  hasLaughed(
    @Param('id') id: string,
    @Query('userIdentifier') userIdentifier: unknown,
    @OptionalUser() viewer: AuthUser | null,
  ): Promise<{ hasLaughed: boolean }> {
    return this.queries.hasLaughed(id, laugherOf(userIdentifier, viewer));
  }

  @Get('community/laughed')
  @ApiOperation({ summary: 'Which of these images (ids, comma-separated, at most 100) the identifier laughed at' })
  @ApiQuery({ name: 'ids', description: 'Image ids, comma-separated' })
  @ApiQuery({ name: 'userIdentifier' })
  laughed(
    @Query('ids') ids: unknown,
    @Query('userIdentifier') userIdentifier: unknown,
    @OptionalUser() viewer: AuthUser | null,
  ): Promise<{ laughed: string[] }> {
    if (ids !== undefined && typeof ids !== 'string') throw new ValidationError('ids must be one comma-separated list');
    const list = ids ? ids.split(',').map((id) => id.trim()) : [];
    return this.queries.laughedAmong(list, laugherOf(userIdentifier, viewer));
  }

  @Post('images/:id/add-laugh')
  @HttpCode(200)
  add(@Param('id') id: string, @Body() body: unknown, @Req() req: Request, @OptionalUser() viewer: AuthUser | null): Promise<LaughState> {
    return this.toggleLaugh.execute({ action: 'add', imageId: id, laugher: laugherOf(userIdentifierOf(body), viewer), ip: clientIp(req) });
  }

  @Post('images/:id/remove-laugh')
  @HttpCode(200)
  remove(@Param('id') id: string, @Body() body: unknown, @Req() req: Request, @OptionalUser() viewer: AuthUser | null): Promise<LaughState> {
    return this.toggleLaugh.execute({ action: 'remove', imageId: id, laugher: laugherOf(userIdentifierOf(body), viewer), ip: clientIp(req) });
  }
}

function laugherOf(userIdentifier: unknown, viewer: AuthUser | null): Laugher {
  return checkLaugher(checkUserIdentifier(userIdentifier), viewer?.id ?? null);
}
