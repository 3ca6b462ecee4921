import { Body, Controller, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { Request } from 'express';
import { NoStore } from '../../../../shared/http/no-store';
import { CheckPasswordResetLinkUseCase } from '../../application/check-password-reset-link.use-case';
import { RequestPasswordResetUseCase } from '../../application/request-password-reset.use-case';
import { ResetPasswordUseCase } from '../../application/reset-password.use-case';
import { clientIp } from '../../../../shared/http/client-ip';
import { ForgotPasswordDto, ResetPasswordDto } from './identity.dto';

/** The same answer for every well-formed address, with an account or not (D36). */
export const RESET_REQUESTED_MESSAGE = 'If an account exists for that email, we have sent a link to reset its password.';

/** Forgotten passwords (D36): ask for a link, check it, set a new password with it. */
@ApiTags('identity')
@Controller()
@NoStore()
export class PasswordResetController {
  constructor(
    private readonly requestReset: RequestPasswordResetUseCase,
    private readonly checkLink: CheckPasswordResetLinkUseCase,
    private readonly resetPassword: ResetPasswordUseCase,
  ) {}

  @Post('forgot-password')
  @HttpCode(200)
  @ApiOperation({ summary: 'Mail a password reset link to the account of this address, if there is one (the same answer either way)' })
  @ApiOkResponse({ description: `{ message: "${RESET_REQUESTED_MESSAGE}" }` })
  @ApiTooManyRequestsResponse({ description: 'RATE_LIMIT.BLOCKED: too many requests from this client address or for this e-mail' })
  async forgot(@Body() body: ForgotPasswordDto, @Req() req: Request): Promise<{ message: string }> {
    await this.requestReset.execute({ email: body.email, ip: clientIp(req) });
    return { message: RESET_REQUESTED_MESSAGE };
  }

  @Get('reset-password/:token')
  @ApiOperation({ summary: 'Whether a reset link still works: { valid: true }, or 400 IDENTITY.RESET_LINK_INVALID' })
  @ApiOkResponse({ description: '{ valid: true }' })
  @ApiBadRequestResponse({ description: 'IDENTITY.RESET_LINK_INVALID: malformed, unknown, expired or used' })
  async check(@Param('token') token: string): Promise<{ valid: true }> {
    await this.checkLink.execute(token);
    return { valid: true };
  }

  @Post('reset-password')
  @HttpCode(200)
  @ApiOperation({ summary: 'Set a new password with a reset link: every session of the account ends, a security mail is sent; does not sign in' })
  @ApiOkResponse({ description: '{ message: "Password reset" }' })
  @ApiBadRequestResponse({ description: 'VALIDATION.FAILED (the change-password rules) or IDENTITY.RESET_LINK_INVALID' })
  async reset(@Body() body: ResetPasswordDto, @Req() req: Request): Promise<{ message: string }> {
    await this.resetPassword.execute({ token: body.token, newPassword: body.newPassword, ip: clientIp(req) });
    return { message: 'Password reset' };
  }
}
