import { Body, Controller, Get, Headers, HttpCode, Param, Post, Query, Res, UseGuards } from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CreditTransactionResponse, UserCreditStatsResponse, type CreditKind, type CreditTransaction } from '../../../credits';
import type { AuthUser } from '../../../../shared/auth/auth-user';
import { AdminGuard, CurrentUser } from '../../../../shared/auth/guards';
import { NoStore } from '../../../../shared/http/no-store';
import { ApiErrors, type ErrorCodes } from '../../../../shared/http/openapi/api-errors';
import { AdjustCreditsUseCase } from '../../application/adjust-credits.use-case';
import { SuspendUserUseCase } from '../../application/suspend-user.use-case';
import { type AdminUserView, UserDirectoryService } from '../../application/user-directory.service';
import { actorOf, clientKeyOf, CursorPagingQuery, cursorPageOf, listAnswer, type PageQuery, textParam, TOTAL_COUNT_AND_CURSOR } from './admin-http';
import { AdjustCreditsDto, SuspendUserDto } from './admin.dto';
import { AdjustCreditsResponse, AdminUserResponse } from './admin.responses';

const UNKNOWN_USER: ErrorCodes = { 404: { 'ADMIN.USER_NOT_FOUND': 'No account with this id (a malformed id included).' } };
const ADJUSTING: ErrorCodes = {
  400: { 'VALIDATION.FAILED': 'credits not a whole number other than 0, reason unknown, notes too long, or a malformed Idempotency-Key.' },
  404: UNKNOWN_USER[404],
  409: {
    'ADMIN.BELOW_ZERO': 'A negative amount would take that balance below 0.',
    'ADMIN.IDEMPOTENCY_KEY_REUSED': 'This Idempotency-Key adjusted something else before; nothing was changed.',
  },
};
const IDEMPOTENCY_KEY = { name: 'Idempotency-Key', required: false, description: 'The same key twice adjusts once (D32); 1-100 letters, digits or _ : . -' } as const;

/**
 * 001 §2 User Management and Credit Transactions, §7 (D21, D22, D25, D32). Admins only: 401 signed
 * out, 403 for anyone else signed in. Lists answer the list with X-Total-Count.
 */
@ApiTags('admin')
@Controller('admin')
@UseGuards(AdminGuard)
@NoStore()
export class AdminUsersController {
  constructor(
    private readonly users: UserDirectoryService,
    private readonly suspendUser: SuspendUserUseCase,
    private readonly adjustCredits: AdjustCreditsUseCase,
  ) {}

  @Get('users')
  @ApiOperation({ summary: 'Every account, newest first (?limit=&offset= or &cursor=; X-Total-Count, X-Next-Cursor)' })
  @CursorPagingQuery()
  @ApiOkResponse({ type: [AdminUserResponse], headers: TOTAL_COUNT_AND_CURSOR })
  async list(@Query() query: PageQuery, @Res({ passthrough: true }) res: Response): Promise<AdminUserView[]> {
    return listAnswer(res, await this.users.list(cursorPageOf(query)));
  }

  @Get('search-users')
  @ApiOperation({ summary: 'Accounts whose e-mail or username contains q, or whose id is q (?q=&limit=&offset= or &cursor=)' })
  @ApiQuery({ name: 'q', required: false, type: String, description: 'At most 255 characters.' })
  @CursorPagingQuery()
  @ApiOkResponse({ type: [AdminUserResponse], headers: TOTAL_COUNT_AND_CURSOR })
  @ApiErrors({ 400: { 'VALIDATION.FAILED': 'q given twice or longer than 255 characters.' } })
  async search(@Query() query: PageQuery & { q?: unknown }, @Res({ passthrough: true }) res: Response): Promise<AdminUserView[]> {
    return listAnswer(res, await this.users.search(textParam('q', query.q) ?? '', cursorPageOf(query)));
  }

  @Get('users/:id/stats')
  @ApiOperation({ summary: 'balance (regular + watermarked), totalPurchased, totalUsed' })
  @ApiOkResponse({ type: UserCreditStatsResponse })
  @ApiErrors(UNKNOWN_USER)
  stats(@Param('id') id: string): Promise<UserCreditStatsResponse> {
    return this.users.stats(id);
  }

  @Get('users/:id/credits')
  @ApiOperation({ summary: "The user's credit history, newest first (X-Total-Count, X-Next-Cursor)" })
  @CursorPagingQuery()
  @ApiOkResponse({ type: [CreditTransactionResponse], headers: TOTAL_COUNT_AND_CURSOR })
  @ApiErrors(UNKNOWN_USER)
  async credits(@Param('id') id: string, @Query() query: PageQuery, @Res({ passthrough: true }) res: Response): Promise<CreditTransaction[]> {
    return listAnswer(res, await this.users.creditHistory(id, cursorPageOf(query)));
  }

  @Get('transactions')
  @ApiOperation({ summary: 'Every ledger row, newest first (?userId=&sourceType=&limit=&offset= or &cursor=; X-Total-Count, X-Next-Cursor)' })
  @ApiQuery({ name: 'userId', required: false, type: String, description: "One account's rows (a uuid)." })
  @ApiQuery({ name: 'sourceType', required: false, type: String, description: 'pack, subscription, admin, generation, verification, ...' })
  @CursorPagingQuery()
  @ApiOkResponse({ type: [CreditTransactionResponse], headers: TOTAL_COUNT_AND_CURSOR })
  @ApiErrors({ 400: { 'VALIDATION.FAILED': 'userId is not a uuid, or a filter is given twice.' } })
  async transactions(
    @Query() query: PageQuery & { userId?: unknown; sourceType?: unknown },
    @Res({ passthrough: true }) res: Response,
  ): Promise<CreditTransaction[]> {
    const userId = textParam('userId', query.userId) || undefined;
    const sourceType = textParam('sourceType', query.sourceType) || undefined;
    return listAnswer(res, await this.users.transactions({ ...cursorPageOf(query), userId, sourceType }));
  }

  @Post('users/:id/suspend')
  @HttpCode(200)
  @ApiOperation({ summary: 'D21: suspend (their sessions end at once) or let back in; not oneself' })
  @ApiOkResponse({ type: AdminUserResponse })
  @ApiErrors({ 400: { 'ADMIN.CANNOT_SUSPEND_SELF': '' } })
  @ApiErrors(UNKNOWN_USER)
  suspend(@CurrentUser() admin: AuthUser, @Param('id') id: string, @Body() body: SuspendUserDto): Promise<AdminUserView> {
    return this.suspendUser.execute(actorOf(admin), id, body.suspended, body.reason?.trim() || null);
  }

  @Post('users/:id/adjust-credits')
  @HttpCode(200)
  @ApiHeader(IDEMPOTENCY_KEY)
  @ApiOperation({ summary: 'Adds or takes regular credits (never below 0)' })
  @ApiOkResponse({ type: AdjustCreditsResponse })
  @ApiErrors(ADJUSTING)
  adjustRegular(
    @CurrentUser() admin: AuthUser,
    @Param('id') id: string,
    @Body() body: AdjustCreditsDto,
    @Headers('idempotency-key') key: string | undefined,
  ): Promise<AdjustCreditsResponse> {
    return this.adjust(admin, id, 'regular', body, key);
  }

  @Post('users/:id/adjust-watermarked-credits')
  @HttpCode(200)
  @ApiHeader(IDEMPOTENCY_KEY)
  @ApiOperation({ summary: 'Adds or takes watermarked credits (never below 0)' })
  @ApiOkResponse({ type: AdjustCreditsResponse })
  @ApiErrors(ADJUSTING)
  adjustWatermarked(
    @CurrentUser() admin: AuthUser,
    @Param('id') id: string,
    @Body() body: AdjustCreditsDto,
    @Headers('idempotency-key') key: string | undefined,
  ): Promise<AdjustCreditsResponse> {
    return this.adjust(admin, id, 'watermarked', body, key);
  }

  private adjust(admin: AuthUser, userId: string, kind: CreditKind, body: AdjustCreditsDto, key: string | undefined): Promise<AdjustCreditsResponse> {
    return this.adjustCredits.execute(actorOf(admin), {
      userId,
      kind,
      credits: body.credits,
      reason: body.reason,
      notes: body.notes,
      clientKey: clientKeyOf(key),
    });
  }
}
