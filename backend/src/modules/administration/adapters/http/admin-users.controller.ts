import { Body, Controller, Get, Headers, HttpCode, Param, Post, Query, Res, UseGuards } from '@nestjs/common';
import { ApiCookieAuth, ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { CreditKind, CreditTransaction, UserCreditStats } from '../../../credits';
import type { AuthUser } from '../../../../shared/auth/auth-user';
import { AdminGuard, CurrentUser } from '../../../../shared/auth/guards';
import { NoStore } from '../../../../shared/http/no-store';
import { AdjustCreditsUseCase, type AdjustCreditsResult } from '../../application/adjust-credits.use-case';
import { SuspendUserUseCase } from '../../application/suspend-user.use-case';
import { type AdminUserView, UserDirectoryService } from '../../application/user-directory.service';
import { actorOf, clientKeyOf, listAnswer, pageOf, type PageQuery, textParam } from './admin-http';
import { AdjustCreditsDto, SuspendUserDto } from './admin.dto';

/**
 * 001 §2 User Management and Credit Transactions, §7 (D21, D22, D25, D32). Admins only: 401 signed
 * out, 403 for anyone else signed in. Lists answer the list with X-Total-Count.
 */
@ApiTags('admin')
@ApiCookieAuth()
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
  @ApiOperation({ summary: 'Every account, newest first (?limit=&offset=; X-Total-Count)' })
  async list(@Query() query: PageQuery, @Res({ passthrough: true }) res: Response): Promise<AdminUserView[]> {
    return listAnswer(res, await this.users.list(pageOf(query)));
  }

  @Get('search-users')
  @ApiOperation({ summary: 'Accounts whose e-mail or username contains q, or whose id is q (?q=&limit=&offset=)' })
  async search(@Query() query: PageQuery & { q?: unknown }, @Res({ passthrough: true }) res: Response): Promise<AdminUserView[]> {
    return listAnswer(res, await this.users.search(textParam('q', query.q) ?? '', pageOf(query)));
  }

  @Get('users/:id/stats')
  @ApiOperation({ summary: 'balance (regular + watermarked), totalPurchased, totalUsed' })
  stats(@Param('id') id: string): Promise<UserCreditStats> {
    return this.users.stats(id);
  }

  @Get('users/:id/credits')
  @ApiOperation({ summary: "The user's credit history, newest first (X-Total-Count)" })
  async credits(@Param('id') id: string, @Query() query: PageQuery, @Res({ passthrough: true }) res: Response): Promise<CreditTransaction[]> {
    return listAnswer(res, await this.users.creditHistory(id, pageOf(query)));
  }

  @Get('transactions')
  @ApiOperation({ summary: 'Every ledger row, newest first (?userId=&sourceType=&limit=&offset=; X-Total-Count)' })
  async transactions(
    @Query() query: PageQuery & { userId?: unknown; sourceType?: unknown },
    @Res({ passthrough: true }) res: Response,
  ): Promise<CreditTransaction[]> {
    const userId = textParam('userId', query.userId) || undefined;
    const sourceType = textParam('sourceType', query.sourceType) || undefined;
    return listAnswer(res, await this.users.transactions({ ...pageOf(query), userId, sourceType }));
  }

  @Post('users/:id/suspend')
  @HttpCode(200)
  @ApiOperation({ summary: 'D21: suspend (their sessions end at once) or let back in; not oneself' })
  suspend(@CurrentUser() admin: AuthUser, @Param('id') id: string, @Body() body: SuspendUserDto): Promise<AdminUserView> {
    return this.suspendUser.execute(actorOf(admin), id, body.suspended, body.reason?.trim() || null);
  }

  @Post('users/:id/adjust-credits')
  @HttpCode(200)
  @ApiHeader({ name: 'Idempotency-Key', required: false, description: 'The same key twice adjusts once (D32)' })
  @ApiOperation({ summary: 'Adds or takes regular credits (never below 0)' })
  adjustRegular(
    @CurrentUser() admin: AuthUser,
    @Param('id') id: string,
    @Body() body: AdjustCreditsDto,
    @Headers('idempotency-key') key: string | undefined,
  ): Promise<AdjustCreditsResult> {
    return this.adjust(admin, id, 'regular', body, key);
  }

  @Post('users/:id/adjust-watermarked-credits')
  @HttpCode(200)
  @ApiHeader({ name: 'Idempotency-Key', required: false, description: 'The same key twice adjusts once (D32)' })
  @ApiOperation({ summary: 'Adds or takes watermarked credits (never below 0)' })
  adjustWatermarked(
    @CurrentUser() admin: AuthUser,
    @Param('id') id: string,
    @Body() body: AdjustCreditsDto,
    @Headers('idempotency-key') key: string | undefined,
  ): Promise<AdjustCreditsResult> {
    return this.adjust(admin, id, 'watermarked', body, key);
  }

  private adjust(admin: AuthUser, userId: string, kind: CreditKind, body: AdjustCreditsDto, key: string | undefined): Promise<AdjustCreditsResult> {
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
