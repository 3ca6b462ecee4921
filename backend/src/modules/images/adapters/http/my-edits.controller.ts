import { Controller, Get, Query, Res, UseGuards } from '@nestjs/common';
import { ApiCookieAuth, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthUser } from '../../../../shared/auth/auth-user';
import { CurrentUser, SignedInGuard } from '../../../../shared/auth/guards';
import { NoStore } from '../../../../shared/http/no-store';
import { ListMyEditsUseCase, type SavedImageView } from '../../application/list-my-edits.use-case';
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
  @ApiCookieAuth()
  @ApiOperation({
    summary: "The signed-in user's saved images, newest first (paid plan, D7). Headers: X-Total-Count, X-Favorites-Count, X-Next-Cursor",
  })
  @ApiQuery({ name: 'limit', required: false, description: '1-100, default 30' })
  @ApiQuery({ name: 'cursor', required: false, description: "The previous page's X-Next-Cursor" })
  @ApiQuery({ name: 'favorites', required: false, description: 'true: favourites only' })
  async list(
    @CurrentUser() user: AuthUser,
    @Query() query: { limit?: unknown; cursor?: unknown; favorites?: unknown },
    @Res({ passthrough: true }) res: Response,
  ): Promise<SavedImageView[]> {
    const page = await this.listMyEdits.execute(user.id, myEditsPageRequest(query));
    res.setHeader('X-Total-Count', String(page.total));
    res.setHeader('X-Favorites-Count', String(page.favorites));
    if (page.nextCursor) res.setHeader('X-Next-Cursor', page.nextCursor);
    return page.items;
  }
}
