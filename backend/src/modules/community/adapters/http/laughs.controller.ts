import { Body, Controller, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { AuthUser } from '../../../../shared/auth/auth-user';
import { OptionalUser } from '../../../../shared/auth/guards';
import { ValidationError } from '../../../../shared/errors/domain-error';
import { clientIp } from '../../../../shared/http/client-ip';
import { ApiErrors, type ErrorCodes } from '../../../../shared/http/openapi/api-errors';
import { CommunityQueryService } from '../../application/community-query.service';
import { ToggleLaughUseCase } from '../../application/toggle-laugh.use-case';
import { checkLaugher, checkUserIdentifier, type Laugher } from '../../domain/laugh';
import { HasLaughedResponse, LaughBodyDoc, LaughedResponse, LaughStateResponse } from './community.responses';
import { userIdentifierOf } from './laugh.dto';

/** Every laugh call checks the identifier (checkLaugher). */
const IDENTIFIER_ERRORS: ErrorCodes = {
  400: { 'VALIDATION.FAILED': 'userIdentifier is missing or not 1 to 128 letters, digits, "_" or "-".' },
  403: { 'LAUGH.FOREIGN_IDENTIFIER': "A user id that is not the signed-in user's own." },
};
const UNKNOWN_IMAGE: ErrorCodes = { 404: { 'IMAGE.NOT_FOUND': 'Not in the feed (unknown, private, hidden or unfinished) and not the caller\'s own.' } };

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
  @ApiOperation({ summary: 'Whether this identifier laughed at the image (000 §7)' })
  @ApiQuery({ name: 'userIdentifier', required: true, type: String })
  @ApiOkResponse({ type: HasLaughedResponse })
  @ApiErrors(IDENTIFIER_ERRORS)
  @ApiErrors(UNKNOWN_IMAGE)
  hasLaughed(
    @Param('id') id: string,
    @Query('userIdentifier') userIdentifier: unknown,
    @OptionalUser() viewer: AuthUser | null,
  ): Promise<HasLaughedResponse> {
    return this.queries.hasLaughed(id, laugherOf(userIdentifier, viewer));
  }

  @Get('community/laughed')
  @ApiOperation({ summary: 'Which of these images (ids, comma-separated, at most 100) the identifier laughed at' })
  @ApiQuery({ name: 'ids', required: false, type: String, description: 'Image ids, comma-separated (at most 100)' })
  @ApiQuery({ name: 'userIdentifier', required: true, type: String })
  @ApiOkResponse({ type: LaughedResponse })
  @ApiErrors(IDENTIFIER_ERRORS)
  @ApiErrors({ 400: { 'VALIDATION.FAILED': 'ids given twice, or naming more than 100 images.' } })
  laughed(
    @Query('ids') ids: unknown,
    @Query('userIdentifier') userIdentifier: unknown,
    @OptionalUser() viewer: AuthUser | null,
  ): Promise<LaughedResponse> {
    if (ids !== undefined && typeof ids !== 'string') throw new ValidationError('ids must be one comma-separated list');
    const list = ids ? ids.split(',').map((id) => id.trim()) : [];
    return this.queries.laughedAmong(list, laugherOf(userIdentifier, viewer));
  }

  @Post('images/:id/add-laugh')
  @HttpCode(200)
  @ApiOperation({ summary: 'Laugh at an image (D15: once per identifier; a repeat changes nothing)' })
  @ApiBody({ type: LaughBodyDoc })
  @ApiOkResponse({ type: LaughStateResponse })
  @ApiErrors(IDENTIFIER_ERRORS)
  @ApiErrors(UNKNOWN_IMAGE)
  @ApiErrors({ 429: { 'RATE_LIMIT.BLOCKED': 'More than 60 laughs a minute from this address (D15).' } })
  add(@Param('id') id: string, @Body() body: unknown, @Req() req: Request, @OptionalUser() viewer: AuthUser | null): Promise<LaughStateResponse> {
    return this.toggleLaugh.execute({ action: 'add', imageId: id, laugher: laugherOf(userIdentifierOf(body), viewer), ip: clientIp(req) });
  }

  @Post('images/:id/remove-laugh')
  @HttpCode(200)
  @ApiOperation({ summary: 'Take a laugh back (the count never goes below 0)' })
  @ApiBody({ type: LaughBodyDoc })
  @ApiOkResponse({ type: LaughStateResponse })
  @ApiErrors(IDENTIFIER_ERRORS)
  @ApiErrors(UNKNOWN_IMAGE)
  @ApiErrors({ 429: { 'RATE_LIMIT.BLOCKED': 'More than 60 laughs a minute from this address (D15).' } })
  remove(@Param('id') id: string, @Body() body: unknown, @Req() req: Request, @OptionalUser() viewer: AuthUser | null): Promise<LaughStateResponse> {
    return this.toggleLaugh.execute({ action: 'remove', imageId: id, laugher: laugherOf(userIdentifierOf(body), viewer), ip: clientIp(req) });
  }
}

function laugherOf(userIdentifier: unknown, viewer: AuthUser | null): Laugher {
  return checkLaugher(checkUserIdentifier(userIdentifier), viewer?.id ?? null);
}
