import { Body, Controller, Delete, Get, Header, HttpCode, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiFoundResponse, ApiNotModifiedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { AuthUser } from '../../../../shared/auth/auth-user';
import { CurrentUser, OptionalUser, SignedInGuard } from '../../../../shared/auth/guards';
import { ChangeVisibilityUseCase } from '../../application/change-visibility.use-case';
import { FavoriteImageUseCase } from '../../application/favorite-image.use-case';
import { ImageHistoryUseCase } from '../../application/image-history.use-case';
import { ImageFilesService } from '../../application/image-files.service';
import { SaveImageUseCase } from '../../application/save-image.use-case';
import { UnsaveImageUseCase } from '../../application/unsave-image.use-case';
import { isPubliclyVisible, type ImageFile, type ImageRecord } from '../../domain/image';
import { downloadFilename } from '../../domain/image-format';
import { FavoriteDto, VisibilityDto } from './images.dto';
import { matchesIfNoneMatch } from '../../../../shared/http/if-none-match';
import { ApiErrors, type ErrorCodes } from '../../../../shared/http/openapi/api-errors';
import { FavoriteStateResponse, ImageHistoryResponse, SavedStateResponse, UnsavedStateResponse, VisibilityStateResponse } from './images.responses';

// The bytes never change, but visibility can (an owner or admin hides an image, D14): shared
// caches keep a public image a minute at most, then must revalidate with the ETag (a 304 that
// loads no bytes, or the 404 of a hidden image). A private image is never in a shared cache and
// the browser revalidates it on every use (issue 9).
const PUBLIC_CACHE = 'public, max-age=60, must-revalidate';
const PRIVATE_CACHE = 'private, no-cache';
// D31: a rendition's address names its content, so a browser keeps it for good. Never in a shared
// cache: an image that is hidden later must leave every shared cache at once (ADR 0017).
const RENDITION_CACHE = 'private, max-age=31536000, immutable';

const BYTES = { schema: { type: 'string', format: 'binary' } } as const;
const FILE_HEADERS = {
  ETag: { description: 'The file never changes once made: its id names its content.', schema: { type: 'string' } },
  'Cache-Control': {
    description: 'Public images: `public, max-age=60, must-revalidate` (hiding one takes effect within a minute); private ones: `private, no-cache`.',
    schema: { type: 'string' },
  },
} as const;
/** The same 404 for an unknown id and for an image the viewer may not see (D14). */
const NOT_VISIBLE: ErrorCodes = { 404: { 'IMAGE.NOT_FOUND': 'Unknown, unfinished, or private or hidden and not the viewer\'s (the same answer for all).' } };
const NOT_OWN: ErrorCodes = { 404: { 'IMAGE.NOT_FOUND': 'Unknown, or not the signed-in user\'s (the same answer for both).' } };
const NOT_MODIFIED = { description: 'If-None-Match named the current ETag.' } as const;
const TO_CDN = {
  description: 'ADR 0023: a public image in the object store, at its public address (S3_PUBLIC_BASE_URL); cached like the file.',
  headers: { Location: { description: 'The public object address.', schema: { type: 'string' } } },
} as const;

/** A stored file never changes once its generation completed, so its id names its content. */
export function imageEtag(id: string, file: ImageFile): string {
  return `"${id}-${file === 'original' ? 'o' : 'g'}"`;
}

/** The image files (public to anyone, private to the owner and admins), My Edits, visibility (issue 4). */
@ApiTags('images')
@Controller('images')
export class ImagesController {
  constructor(
    private readonly files: ImageFilesService,
    private readonly saveImage: SaveImageUseCase,
    private readonly unsaveImage: UnsaveImageUseCase,
    private readonly changeVisibility: ChangeVisibilityUseCase,
    private readonly favoriteImage: FavoriteImageUseCase,
    private readonly imageHistory: ImageHistoryUseCase,
  ) {}

  @Get(':id/history')
  @Header('cache-control', 'private, no-store')
  @ApiOperation({ summary: "D38: the edit chain from its root to this image, and this image's direct children (owner only)" })
  @ApiOkResponse({ type: ImageHistoryResponse })
  @ApiErrors({ 404: { 'IMAGE.NOT_FOUND': 'Unknown, not completed, or not the caller\'s (visitors included): the same answer for all.' } })
  history(@Param('id') id: string, @OptionalUser() viewer: AuthUser | null): Promise<ImageHistoryResponse> {
    // D38: 404 to everyone but the owner, a visitor included (a chain is private; no 401 that
    // would say "sign in to see it").
    return this.imageHistory.execute(viewer?.id ?? null, id);
  }

  @Get(':id')
  @ApiOperation({ summary: 'The generated image' })
  @ApiOkResponse({ description: 'The bytes.', content: { 'image/jpeg': BYTES, 'image/png': BYTES, 'image/webp': BYTES }, headers: FILE_HEADERS })
  @ApiFoundResponse(TO_CDN)
  @ApiNotModifiedResponse(NOT_MODIFIED)
  @ApiErrors(NOT_VISIBLE)
  async generated(@Param('id') id: string, @OptionalUser() viewer: AuthUser | null, @Req() req: Request, @Res() res: Response): Promise<void> {
    await this.serve(id, 'generated', viewer, req, res, false);
  }

  @Get(':id/original')
  @ApiOperation({ summary: 'The uploaded original (orientation applied, metadata stripped, D12)' })
  @ApiOkResponse({ description: 'The bytes.', content: { 'image/jpeg': BYTES, 'image/png': BYTES }, headers: FILE_HEADERS })
  @ApiFoundResponse(TO_CDN)
  @ApiNotModifiedResponse(NOT_MODIFIED)
  @ApiErrors(NOT_VISIBLE)
  async original(@Param('id') id: string, @OptionalUser() viewer: AuthUser | null, @Req() req: Request, @Res() res: Response): Promise<void> {
    await this.serve(id, 'original', viewer, req, res, false);
  }

  @Get(':id/download')
  @ApiOperation({ summary: 'The generated image as an attachment named magic-editor-{id}.{ext} (D0)' })
  @ApiOkResponse({
    description: 'The bytes, as an attachment.',
    content: { 'image/jpeg': BYTES, 'image/png': BYTES, 'image/webp': BYTES },
    headers: {
      ...FILE_HEADERS,
      'Content-Disposition': { description: 'attachment; filename="magic-editor-{id}.{ext}"', schema: { type: 'string' } },
    },
  })
  @ApiNotModifiedResponse(NOT_MODIFIED)
  @ApiErrors(NOT_VISIBLE)
  async download(@Param('id') id: string, @OptionalUser() viewer: AuthUser | null, @Req() req: Request, @Res() res: Response): Promise<void> {
    await this.serve(id, 'generated', viewer, req, res, true);
  }

  @Get(':id/renditions/:name')
  @ApiOperation({ summary: 'A WebP rendition (D31), at an address keyed by its content: {file}-{width}-{version}.webp' })
  @ApiOkResponse({
    description: 'The WebP bytes.',
    content: { 'image/webp': BYTES },
    headers: {
      ETag: { description: 'The rendition version.', schema: { type: 'string' } },
      'Cache-Control': { description: 'Its address names its content.', schema: { type: 'string', example: RENDITION_CACHE } },
    },
  })
  @ApiNotModifiedResponse(NOT_MODIFIED)
  @ApiErrors({ 404: { 'IMAGE.NOT_FOUND': 'Unknown rendition or version, or an image the viewer may not see.' } })
  async rendition(
    @Param('id') id: string,
    @Param('name') name: string,
    @OptionalUser() viewer: AuthUser | null,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const rendition = await this.files.findViewableRendition(id, name, viewer);
    const etag = `"${rendition.version}"`;
    if (matchesIfNoneMatch(req.get('if-none-match'), etag) && (await this.files.renditionExists(rendition))) {
      res.setHeader('ETag', etag);
      res.setHeader('Cache-Control', RENDITION_CACHE);
      res.status(304).end();
      return;
    }
    const bytes = await this.files.readRendition(rendition);
    res.setHeader('ETag', etag);
    res.setHeader('Cache-Control', RENDITION_CACHE);
    res.setHeader('Content-Type', 'image/webp');
    res.setHeader('Content-Length', String(bytes.length));
    res.status(200).end(bytes);
  }

  @Post(':id/favorite')
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  @ApiOperation({ summary: 'Favourite on/off in My Edits (owner, paid plan D7; expires 365 days after favouriting, D23)' })
  @ApiOkResponse({ type: FavoriteStateResponse })
  @ApiErrors({
    403: { 'MY_EDITS.UPGRADE_REQUIRED': 'No paid plan (D7).' },
    404: { 'IMAGE.NOT_FOUND': 'Unknown, not the signed-in user\'s, or not in My Edits.' },
  })
  favorite(@Param('id') id: string, @CurrentUser() user: AuthUser, @Body() body: FavoriteDto): Promise<FavoriteStateResponse> {
    return this.favoriteImage.execute(user.id, id, body?.isFavorite ?? null);
  }

  @Post(':id/save')
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  @ApiOperation({ summary: 'Save to My Edits (owner, paid plan D7; expires 60 days later D23)' })
  @ApiOkResponse({ type: SavedStateResponse })
  @ApiErrors({
    403: { 'SAVE.UPGRADE_REQUIRED': 'No paid plan: "Upgrade to a paid plan…" (000 §8, D7).' },
    404: { 'IMAGE.NOT_FOUND': 'Unknown, unfinished, or not the signed-in user\'s.' },
  })
  save(@Param('id') id: string, @CurrentUser() user: AuthUser): Promise<SavedStateResponse> {
    return this.saveImage.execute(user, id);
  }

  @Delete(':id/save')
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  @ApiOperation({ summary: 'Remove from My Edits (owner)' })
  @ApiOkResponse({ type: UnsavedStateResponse })
  @ApiErrors(NOT_OWN)
  unsave(@Param('id') id: string, @CurrentUser() user: AuthUser): Promise<UnsavedStateResponse> {
    return this.unsaveImage.execute(user.id, id);
  }

  @Post(':id/visibility')
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  @ApiOperation({ summary: 'Show or hide the image in the community feed (owner, D14)' })
  @ApiOkResponse({ type: VisibilityStateResponse })
  @ApiErrors(NOT_OWN)
  visibility(@Param('id') id: string, @CurrentUser() user: AuthUser, @Body() body: VisibilityDto): Promise<VisibilityStateResponse> {
    return this.changeVisibility.execute(user.id, id, body.isPublic);
  }

  private async serve(id: string, file: ImageFile, viewer: AuthUser | null, req: Request, res: Response, attachment: boolean): Promise<void> {
    const image: ImageRecord = await this.files.findViewable(id, viewer);
    const etag = imageEtag(image.id, file);
    const cacheControl = isPubliclyVisible(image) ? PUBLIC_CACHE : PRIVATE_CACHE;
    if (matchesIfNoneMatch(req.get('if-none-match'), etag)) {
      res.setHeader('ETag', etag);
      res.setHeader('Cache-Control', cacheControl);
      res.status(304).end();
      return;
    }
    // ADR 0023: a public, visible image whose bytes are in the object store may be fetched from the
    // CDN in front of it (S3_PUBLIC_BASE_URL). The redirect is cached like the file (a minute, then
    // revalidated), so hiding the image stops it as it stops the file. Downloads keep their name.
    const direct = attachment ? null : this.files.publicUrl(image, file);
    if (direct) {
      res.setHeader('Cache-Control', cacheControl);
      res.redirect(302, direct);
      return;
    }
    // Headers only once the bytes are there: a 404 must not go out with a year-long Cache-Control.
    const stored = await this.files.readFile(image, file);
    res.setHeader('ETag', etag);
    res.setHeader('Cache-Control', cacheControl);
    res.setHeader('Content-Type', stored.mimeType);
    res.setHeader('Content-Length', String(stored.bytes.length));
    if (attachment) res.setHeader('Content-Disposition', `attachment; filename="${downloadFilename(image.id, stored.mimeType)}"`);
    res.status(200).end(stored.bytes);
  }
}
