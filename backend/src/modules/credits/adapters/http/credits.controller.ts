import { Controller, Get, Inject, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../../../shared/auth/auth-user';
import { CurrentUser, SignedInGuard } from '../../../../shared/auth/guards';
import { NoStore } from '../../../../shared/http/no-store';
import { CREDITS_API, type CreditsApi } from '../../credits.api';
import { CreditBalanceResponse } from '../../credits.responses';

@ApiTags('credits')
@Controller('user')
export class CreditsController {
  constructor(@Inject(CREDITS_API) private readonly credits: CreditsApi) {}

  /** D2: `{balance, regular, watermarked}` of the signed-in user (polled every 2 s by the shell). */
  @Get('credits')
  @UseGuards(SignedInGuard)
  @NoStore()
  @ApiOperation({ summary: "The signed-in user's credits (polled every 2 s by the shell)" })
  @ApiOkResponse({ type: CreditBalanceResponse })
  balance(@CurrentUser() user: AuthUser): Promise<CreditBalanceResponse> {
    return this.credits.balance(user.id);
  }
}
