import { Controller, Get, Query, Res, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthUser } from '../../../../shared/auth/auth-user';
import { CurrentUser, SignedInGuard } from '../../../../shared/auth/guards';
import { NoStore } from '../../../../shared/http/no-store';
import { ApiErrors } from '../../../../shared/http/openapi/api-errors';
import { NEXT_CURSOR_HEADER } from '../../../../shared/pagination';
import { ListMyEditsUseCase } from '../../application/list-my-edits.use-case';
import { SavedImageResponse } from './images.responses';
import { myEditsPageRequest } from '../../domain/my-edits-page';

/**
 * GET /api/my-edits (001 §7: "list of saved images"): the answer is the list itself; the filter's
 * counts and the next page's cursor travel in headers, so the list stays what the spec says.
 */
@ApiTags('images')
@Controller('my-edits')
export class MyEditsController {
  constructor(private readonly listMyEdits: ListMyEditsUseCase) {}

  @Get()
  @NoStore()
  @UseGuards(SignedInGuard)
  @ApiOperation({
    summary: "The signed-in user's saved images, newest first (paid plan, D7). Headers: X-Total-Count, X-Favorites-Count, X-Next-Cursor",
  })
  @ApiQuery({ name: 'limit', required: false, type: Number, description: '1-100, default 30' })
  @ApiQuery({ name: 'cursor', required: false, type: String, description: "The previous page's X-Next-Cursor" })
  @ApiQuery({ name: 'favorites', required: false, enum: ['true', 'false'], description: 'true: favourites only' })
  @ApiOkResponse({
    type: [SavedImageResponse],
    description: 'One page of the list itself (001 §7); the counts and the next page travel in headers.',
    headers: {
      'X-Total-Count': { description: 'Saved, unexpired images, whatever the filter ("All Images (n)").', schema: { type: 'integer' } },
      'X-Favorites-Count': { description: 'Favourites among them ("Favorites (n)").', schema: { type: 'integer' } },
      'X-Next-Cursor': { description: "The next page's cursor; absent on the last page.", required: false, schema: { type: 'string' } },
    },
  })
  @ApiErrors({
    400: { 'VALIDATION.FAILED': 'limit, cursor or favorites malformed.' },
    403: { 'MY_EDITS.UPGRADE_REQUIRED': 'No paid plan (D7).' },
  })
  async list(
    @CurrentUser() user: AuthUser,
    @Query() query: { limit?: unknown; cursor?: unknown; favorites?: unknown },
    @Res({ passthrough: true }) res: Response,
  ): Promise<SavedImageResponse[]> {
    const page = await this.listMyEdits.execute(user.id, myEditsPageRequest(query));
    res.setHeader('X-Total-Count', String(page.total));
    res.setHeader('X-Favorites-Count', String(page.favorites));
    if (page.nextCursor) res.setHeader(NEXT_CURSOR_HEADER, page.nextCursor);
    return page.items;
  }
}
