import { Body, Controller, Get, HttpCode, Inject, Post, Redirect, Req, Res, UseGuards } from '@nestjs/common';
import { ApiCreatedResponse, ApiFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { APP_CONFIG, type AppConfig } from '../../../../config/app-config';
import { SESSION_COOKIE } from '../../../../shared/auth/session-cookie';
import type { AuthUser } from '../../../../shared/auth/auth-user';
import { LimitInFlightPerUser } from '../../../../shared/auth/user-in-flight';
import { CurrentUser, SignedInGuard } from '../../../../shared/auth/guards';
import { NoStore } from '../../../../shared/http/no-store';
import { ApiErrors } from '../../../../shared/http/openapi/api-errors';
import { MessageResponse } from '../../../../shared/http/openapi/common-responses';
import { CAPTCHA_VERIFIER, type CaptchaVerifier } from '../../application/captcha-verifier.port';
import { ChangePasswordUseCase } from '../../application/change-password.use-case';
import { RegisterUseCase } from '../../application/register.use-case';
import { type SessionUser, toSessionUser } from '../../application/session-user';
import { clientIp } from '../../../../shared/http/client-ip';
import { ChangePasswordDto, LoginDto, RegisterDto } from './identity.dto';
import { authenticateLocal, signIn, signOut } from './passport-session';
import { CaptchaConfigResponse } from './identity.responses';
import { toUserView, UserResponse } from './user-view';

/** How the signed-in hint and session cookies travel (issue 24, ADR 0025). */
const SESSION_SET = {
  'Set-Cookie': { description: 'The session cookie (HttpOnly) and the signed-in hint `magic.signed_in=1`.', schema: { type: 'string' } },
} as const;
const SESSION_CLEARED = {
  'Set-Cookie': { description: 'Clears the session cookie and the signed-in hint.', schema: { type: 'string' } },
} as const;

/** Sign-up, sign-in, sign-out, the current user, password change (identity HTTP contract). */
@ApiTags('identity')
@Controller()
export class AuthController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly registerAccount: RegisterUseCase,
    private readonly changePasswordUseCase: ChangePasswordUseCase,
    @Inject(CAPTCHA_VERIFIER) private readonly captcha: CaptchaVerifier,
  ) {}

  @Post('register')
  @HttpCode(201)
  @ApiOperation({ summary: 'Create an account and sign in; a verification mail is sent' })
  @ApiCreatedResponse({ type: UserResponse, description: 'The new account, signed in.', headers: SESSION_SET })
  @ApiErrors({
    400: {
      'IDENTITY.CAPTCHA_REQUIRED': 'This device or network needs a captcha first (`details.requiresCaptcha`, D19, D20).',
      'IDENTITY.CAPTCHA_INVALID': 'The captcha token was refused.',
    },
    403: { 'IDENTITY.CAPTCHA_UNAVAILABLE': 'A captcha would be needed but none is configured (D20).' },
    409: { 'IDENTITY.EMAIL_TAKEN': '', 'IDENTITY.USERNAME_TAKEN': '' },
    429: {
      'RATE_LIMIT.BLOCKED': 'Too many sign-up attempts from this address (D19; `details.retryAfterMinutes`).',
      'IDENTITY.REGISTRATION_LIMIT': 'Too many accounts from this network in 24 hours (D19).',
    },
    503: { 'IDENTITY.CAPTCHA_SERVICE': 'The captcha provider could not be asked.' },
  })
  async register(@Body() body: RegisterDto, @Req() req: Request): Promise<UserResponse> {
    const account = await this.registerAccount.execute({ ...body, ip: clientIp(req) });
    const user = toSessionUser(account, this.config.adminEmails);
    await signIn(req, user);
    return toUserView(user);
  }

  @Post('login')
  @HttpCode(200)
  @ApiOperation({ summary: 'Sign in with e-mail and password (the session id is renewed)' })
  @ApiOkResponse({ type: UserResponse, description: 'The signed-in user.', headers: SESSION_SET })
  @ApiErrors({
    401: { 'IDENTITY.INVALID_CREDENTIALS': 'Unknown e-mail or wrong password (the same answer for both).' },
    403: { 'IDENTITY.SUSPENDED': 'The account is suspended (D21).' },
    429: { 'RATE_LIMIT.BLOCKED': 'More than 5 attempts in 15 minutes for this e-mail from this address (D26; `details.retryAfterMinutes`).' },
  })
  async login(@Body() _body: LoginDto, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<UserResponse> {
    // The body has passed validation; the local strategy reads the same fields from it.
    const user = await authenticateLocal(req, res);
    await signIn(req, user);
    return toUserView(user);
  }

  /** 000 §2: /api/login is also a login redirect target; a browser sent there lands on /auth. */
  @Get('login')
  @Redirect('/auth', 302)
  @ApiOperation({ summary: 'Sends a browser to the sign-in page (/auth)' })
  @ApiFoundResponse({ description: 'Redirect to /auth.', headers: { Location: { description: '/auth', schema: { type: 'string' } } } })
  loginPage(): void {
    // The redirect is the whole answer.
  }

  @Post('logout')
  @HttpCode(200)
  @ApiOperation({ summary: 'Sign out: the session is destroyed and its cookie cleared' })
  @ApiOkResponse({ type: MessageResponse, description: '`{message: "Logged out"}`', headers: SESSION_CLEARED })
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<MessageResponse> {
    await signOut(req);
    res.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: this.config.session.secure });
    return { message: 'Logged out' };
  }

  @Get('user')
  @UseGuards(SignedInGuard)
  @NoStore()
  @ApiOperation({ summary: 'The signed-in user (401 when signed out)' })
  @ApiOkResponse({ type: UserResponse })
  me(@CurrentUser() user: AuthUser): UserResponse {
    return toUserView(user as SessionUser);
  }

  @Post('user/change-password')
  @LimitInFlightPerUser('account')
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  @ApiOperation({ summary: "Change the password; the user's other sessions end and a security mail is sent" })
  @ApiOkResponse({ type: MessageResponse, description: '`{message: "Password changed successfully"}`' })
  @ApiErrors({
    400: { 'IDENTITY.WRONG_PASSWORD': 'The current password is not right.' },
    429: { 'RATE_LIMIT.BLOCKED': 'Too many attempts (`details.retryAfterMinutes`).' },
  })
  async changePassword(
    @CurrentUser() user: AuthUser,
    @Body() body: ChangePasswordDto,
    @Req() req: Request,
  ): Promise<MessageResponse> {
    await this.changePasswordUseCase.execute({
      userId: user.id,
      currentPassword: body.currentPassword,
      newPassword: body.newPassword,
      sessionId: req.sessionID,
      ip: clientIp(req),
    });
    return { message: 'Password changed successfully' };
  }

  @Get('captcha-config')
  @ApiOperation({ summary: 'Which captcha the sign-up form shows when asked (D20: none when unconfigured)' })
  @ApiOkResponse({ type: CaptchaConfigResponse })
  captchaConfig(): CaptchaConfigResponse {
    return this.captcha.clientConfig ?? { provider: null, siteKey: null };
  }
}
