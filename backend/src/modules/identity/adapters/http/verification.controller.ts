import { Body, Controller, Get, HttpCode, Logger, Param, Post, Query, Res } from '@nestjs/common';
import { ApiFoundResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { ResendConfirmationUseCase } from '../../application/resend-confirmation.use-case';
import { VerifyEmailUseCase } from '../../application/verify-email.use-case';
import { InvalidVerificationTokenError } from '../../domain/identity-errors';
import { VERIFICATION_CREDITS } from '../../domain/registration-policy';
import { ApiErrors } from '../../../../shared/http/openapi/api-errors';
import { MessageResponse } from '../../../../shared/http/openapi/common-responses';
import { ResendConfirmationDto } from './identity.dto';
import { EmailConfirmedResponse } from './identity.responses';

/** E-mail verification (D1): the confirm-email page's call, the landing-page redirect, resend. */
@ApiTags('identity')
@Controller()
export class VerificationController {
  private readonly logger = new Logger('Verification');

  constructor(
    private readonly verifyEmail: VerifyEmailUseCase,
    private readonly resendConfirmation: ResendConfirmationUseCase,
  ) {}

  @Get('confirm-email/:token')
  @ApiOperation({ summary: 'Verify the e-mail address of the token (the /confirm-email/{token} page calls this)' })
  @ApiOkResponse({ type: EmailConfirmedResponse, description: 'Verified now (2 watermarked credits granted, D1), or verified before (`alreadyVerified`).' })
  @ApiErrors({ 400: { 'IDENTITY.INVALID_TOKEN': 'Malformed, unknown or expired link.' } })
  async confirm(@Param('token') token: string): Promise<EmailConfirmedResponse> {
    const outcome = await this.verifyEmail.execute(token);
    return outcome === 'verified'
      ? { message: `Email verified successfully! You now have ${VERIFICATION_CREDITS} free credits.` }
      : { message: 'Your email has already been verified.', alreadyVerified: true };
  }

  /** 000 §2: the landing page reads verified/credits, info or error from the query string. */
  @Get('verify-email')
  @ApiOperation({ summary: 'Verify, then redirect to the landing page with the outcome in the query string' })
  @ApiQuery({ name: 'token', required: false, type: String, description: 'The link from the verification mail.' })
  @ApiFoundResponse({
    description: 'Redirect to the landing page, which shows the outcome (000 §2): `/?verified=true&credits=2`, `/?info=already-verified`, `/?error=missing-token`, `/?error=invalid-token` or `/?error=verification-failed`.',
    headers: { Location: { description: 'The landing page with the outcome.', schema: { type: 'string' } } },
  })
  async verifyAndRedirect(@Query('token') token: unknown, @Res() res: Response): Promise<void> {
    if (typeof token !== 'string' || token.trim() === '') return res.redirect(302, '/?error=missing-token');
    try {
      const outcome = await this.verifyEmail.execute(token.trim());
      res.redirect(302, outcome === 'verified' ? `/?verified=true&credits=${VERIFICATION_CREDITS}` : '/?info=already-verified');
    } catch (err) {
      if (err instanceof InvalidVerificationTokenError) return res.redirect(302, '/?error=invalid-token');
      this.logger.error({ err }, 'E-mail verification failed');
      res.redirect(302, '/?error=verification-failed');
    }
  }

  @Post('resend-confirmation')
  @HttpCode(200)
  @ApiOperation({ summary: 'Send a new verification link to an unverified account (the same answer for verified and unknown addresses)' })
  @ApiOkResponse({ type: MessageResponse, description: '`{message: "Confirmation email sent successfully! Please check your inbox."}`' })
  @ApiErrors({
    429: { 'RATE_LIMIT.BLOCKED': 'Too many confirmation e-mails requested for this address.' },
    503: { 'MAIL.UNAVAILABLE': 'The mail could not be sent.' },
  })
  async resend(@Body() body: ResendConfirmationDto): Promise<MessageResponse> {
    await this.resendConfirmation.execute(body.email);
    return { message: 'Confirmation email sent successfully! Please check your inbox.' };
  }
}
