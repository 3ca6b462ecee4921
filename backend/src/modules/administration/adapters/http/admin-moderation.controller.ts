import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query, Res, UseGuards } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { FlaggedDevice, WhitelistEntry } from '../../../identity';
import type { HiddenImage } from '../../../images';
import type { AuthUser } from '../../../../shared/auth/auth-user';
import { AdminGuard, CurrentUser } from '../../../../shared/auth/guards';
import { NoStore } from '../../../../shared/http/no-store';
import { ApiErrors } from '../../../../shared/http/openapi/api-errors';
import { AuditTrailService } from '../../application/audit-trail.service';
import { WhitelistManagementService } from '../../application/whitelist-management.service';
import { ImageModerationService } from '../../application/image-moderation.service';
import type { AuditEntry } from '../../domain/audit';
import { actorOf, CursorPagingQuery, cursorPageOf, listAnswer, pageOf, PagingQuery, type PageQuery, textParam, TOTAL_COUNT, TOTAL_COUNT_AND_CURSOR } from './admin-http';
import { AddWhitelistEntryDto, ImageVisibilityDto, WhitelistEntryActiveDto } from './admin.dto';
import { AuditEntryResponse, FlaggedDeviceResponse, HiddenImageResponse, ImageModerationResponse, WhitelistEntryResponse } from './admin.responses';

/** Moderation beyond the spec (D14, D19) and the audit trail (D32). Admins only. */
@ApiTags('admin')
@Controller('admin')
@UseGuards(AdminGuard)
@NoStore()
export class AdminModerationController {
  constructor(
    private readonly images: ImageModerationService,
    private readonly whitelist: WhitelistManagementService,
    private readonly audit: AuditTrailService,
  ) {}

  @Get('images/hidden')
  @ApiOperation({ summary: 'Images an admin hid, newest first (X-Total-Count)' })
  @PagingQuery()
  @ApiOkResponse({ type: [HiddenImageResponse], headers: TOTAL_COUNT })
  async hiddenImages(@Query() query: PageQuery, @Res({ passthrough: true }) res: Response): Promise<HiddenImage[]> {
    return listAnswer(res, await this.images.hidden(pageOf(query)));
  }

  @Post('images/:id/visibility')
  @HttpCode(200)
  @ApiOperation({ summary: 'D14: {hidden} hides any image from the feed and leaderboard, or shows it again' })
  @ApiOkResponse({ type: ImageModerationResponse })
  @ApiErrors({ 404: { 'ADMIN.IMAGE_NOT_FOUND': 'No image with this id (a malformed id included).' } })
  setVisibility(@CurrentUser() admin: AuthUser, @Param('id') id: string, @Body() body: ImageVisibilityDto): Promise<ImageModerationResponse> {
    return this.images.setHidden(actorOf(admin), id, body.hidden, body.reason?.trim() || null);
  }

  @Get('whitelist')
  @ApiOperation({ summary: 'D19 whitelist entries, newest first (X-Total-Count)' })
  @PagingQuery()
  @ApiOkResponse({ type: [WhitelistEntryResponse], headers: TOTAL_COUNT })
  async listWhitelist(@Query() query: PageQuery, @Res({ passthrough: true }) res: Response): Promise<WhitelistEntry[]> {
    return listAnswer(res, await this.whitelist.list(pageOf(query)));
  }

  @Post('whitelist')
  @ApiOperation({ summary: 'Adds an active entry (type ip, email or fingerprint)' })
  @ApiCreatedResponse({ type: WhitelistEntryResponse })
  @ApiErrors({
    400: { 'VALIDATION.FAILED': 'Unknown type, or a value that is not a valid IP address, e-mail address or fingerprint.' },
    409: { 'IDENTITY.WHITELIST_ENTRY_EXISTS': 'This value is already on the whitelist.' },
  })
  addWhitelistEntry(@CurrentUser() admin: AuthUser, @Body() body: AddWhitelistEntryDto): Promise<WhitelistEntry> {
    return this.whitelist.add(actorOf(admin), { type: body.type, value: body.value, reason: body.reason?.trim() || null });
  }

  @Patch('whitelist/:id')
  @ApiOperation({ summary: '{isActive}: turns an entry on or off' })
  @ApiOkResponse({ type: WhitelistEntryResponse })
  @ApiErrors({ 404: { 'IDENTITY.WHITELIST_ENTRY_NOT_FOUND': '' } })
  setWhitelistEntryActive(@CurrentUser() admin: AuthUser, @Param('id') id: string, @Body() body: WhitelistEntryActiveDto): Promise<WhitelistEntry> {
    return this.whitelist.setActive(actorOf(admin), id, body.isActive);
  }

  @Get('flagged-devices')
  @ApiOperation({ summary: 'D19: devices with more than one account, newest first (X-Total-Count)' })
  @PagingQuery()
  @ApiOkResponse({ type: [FlaggedDeviceResponse], headers: TOTAL_COUNT })
  async flaggedDevices(@Query() query: PageQuery, @Res({ passthrough: true }) res: Response): Promise<FlaggedDevice[]> {
    return listAnswer(res, await this.whitelist.flaggedDevices(pageOf(query)));
  }

  @Get('audit')
  @ApiOperation({ summary: 'D32: every admin action, newest first (?q= searches admin e-mail, action, target, reason; X-Total-Count, X-Next-Cursor)' })
  @ApiQuery({ name: 'q', required: false, type: String, description: 'Searches admin e-mail, action, target and reason.' })
  @CursorPagingQuery()
  @ApiOkResponse({ type: [AuditEntryResponse], headers: TOTAL_COUNT_AND_CURSOR })
  @ApiErrors({ 400: { 'VALIDATION.FAILED': 'q given twice or longer than 255 characters.' } })
  async auditTrail(@Query() query: PageQuery & { q?: unknown }, @Res({ passthrough: true }) res: Response): Promise<AuditEntry[]> {
    return listAnswer(res, await this.audit.list(cursorPageOf(query), textParam('q', query.q)));
  }
}
