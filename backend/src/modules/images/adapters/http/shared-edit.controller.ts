import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthUser } from '../../../../shared/auth/auth-user';
import { OptionalUser } from '../../../../shared/auth/guards';
import { ApiErrors } from '../../../../shared/http/openapi/api-errors';
import { SharedEditService } from '../../application/shared-edit.service';
import { SharedEditResponse } from './images.responses';

/**
 * Issue 15: the data of an edit's share page (/share/{id}). Public edits to anyone; a private or
 * hidden one to its owner and admins only; everyone else, and any unknown or malformed id, 404.
 */
@ApiTags('images')
@Controller('images')
export class SharedEditController {
  constructor(private readonly sharedEdits: SharedEditService) {}

  @Get(':id/share')
  @ApiOperation({ summary: "An edit's share page: prompt, both images, laughs, who can open it (public, private or hidden)" })
  @ApiOkResponse({
    type: SharedEditResponse,
    headers: { 'Cache-Control': { description: 'It depends on who asks and on visibility.', schema: { type: 'string', example: 'private, no-cache' } } },
  })
  @ApiErrors({ 404: { 'IMAGE.NOT_FOUND': 'Unknown or malformed id, or private or hidden and not the viewer\'s (the same answer for all).' } })
  async share(
    @Param('id') id: string,
    @OptionalUser() viewer: AuthUser | null,
    @Res({ passthrough: true }) res: Response,
  ): Promise<SharedEditResponse> {
    const edit = await this.sharedEdits.find(id, viewer);
    // The answer depends on who asks (isOwner, private edits) and on visibility, which can change.
    res.setHeader('Cache-Control', 'private, no-cache');
    return edit;
  }
}
