import { Controller, Get, Inject, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { AuthUser } from '../../../../shared/auth/auth-user';
import { CurrentUser, SignedInGuard } from '../../../../shared/auth/guards';
import { NoStore } from '../../../../shared/http/no-store';
import { CREDITS_API, type CreditBalance, type CreditsApi } from '../../credits.api';

@ApiTags('credits')
@Controller('user')
export class CreditsController {
  constructor(@Inject(CREDITS_API) private readonly credits: CreditsApi) {}

  /** D2: `{balance, regular, watermarked}` of the signed-in user (polled every 2 s by the shell). */
  @Get('credits')
  @UseGuards(SignedInGuard)
  @NoStore()
  @ApiOkResponse({ description: '`{balance, regular, watermarked}`; balance = regular + watermarked (D2).' })
  @ApiUnauthorizedResponse({ description: 'Not signed in.' })
  balance(@CurrentUser() user: AuthUser): Promise<CreditBalance> {
    return this.credits.balance(user.id);
  }
}
