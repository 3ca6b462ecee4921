import { Body, Controller, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { NoStore } from '../../../../shared/http/no-store';
import { ApiErrors } from '../../../../shared/http/openapi/api-errors';
import { MessageResponse } from '../../../../shared/http/openapi/common-responses';
import { CheckPasswordResetLinkUseCase } from '../../application/check-password-reset-link.use-case';
import { RequestPasswordResetUseCase } from '../../application/request-password-reset.use-case';
import { ResetPasswordUseCase } from '../../application/reset-password.use-case';
import { clientIp } from '../../../../shared/http/client-ip';
import { ForgotPasswordDto, ResetPasswordDto } from './identity.dto';
import { ResetLinkValidResponse } from './identity.responses';

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
  @ApiOkResponse({ type: MessageResponse, description: `\`{message: "${RESET_REQUESTED_MESSAGE}"}\`` })
  @ApiErrors({ 429: { 'RATE_LIMIT.BLOCKED': 'Too many requests from this client address or for this e-mail (D36).' } })
  async forgot(@Body() body: ForgotPasswordDto, @Req() req: Request): Promise<MessageResponse> {
    await this.requestReset.execute({ email: body.email, ip: clientIp(req) });
    return { message: RESET_REQUESTED_MESSAGE };
  }

  @Get('reset-password/:token')
  @ApiOperation({ summary: 'Whether a reset link still works: { valid: true }, or 400 IDENTITY.RESET_LINK_INVALID' })
  @ApiOkResponse({ type: ResetLinkValidResponse })
  @ApiErrors({ 400: { 'IDENTITY.RESET_LINK_INVALID': 'Malformed, unknown, expired or used.' } })
  async check(@Param('token') token: string): Promise<ResetLinkValidResponse> {
    await this.checkLink.execute(token);
    return { valid: true };
  }

  @Post('reset-password')
  @HttpCode(200)
  @ApiOperation({ summary: 'Set a new password with a reset link: every session of the account ends, a security mail is sent; does not sign in' })
  @ApiOkResponse({ type: MessageResponse, description: '`{message: "Password reset"}`' })
  @ApiErrors({ 400: { 'IDENTITY.RESET_LINK_INVALID': 'Malformed, unknown, expired or used.' } })
  async reset(@Body() body: ResetPasswordDto, @Req() req: Request): Promise<MessageResponse> {
    await this.resetPassword.execute({ token: body.token, newPassword: body.newPassword, ip: clientIp(req) });
    return { message: 'Password reset' };
  }
}
