import { Body, Controller, Get, HttpCode, Inject, Post, Redirect, Req, Res, UseGuards } from '@nestjs/common';
import { ApiCookieAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { APP_CONFIG, type AppConfig } from '../../../../config/app-config';
import { SESSION_COOKIE } from '../../../../shared/auth/session-cookie';
import type { AuthUser } from '../../../../shared/auth/auth-user';
import { LimitInFlightPerUser } from '../../../../shared/auth/user-in-flight';
import { CurrentUser, SignedInGuard } from '../../../../shared/auth/guards';
import { NoStore } from '../../../../shared/http/no-store';
import { CAPTCHA_VERIFIER, type CaptchaClientConfig, type CaptchaVerifier } from '../../application/captcha-verifier.port';
import { ChangePasswordUseCase } from '../../application/change-password.use-case';
import { RegisterUseCase } from '../../application/register.use-case';
import { type SessionUser, toSessionUser } from '../../application/session-user';
import { clientIp } from '../../../../shared/http/client-ip';
import { ChangePasswordDto, LoginDto, RegisterDto } from './identity.dto';
import { authenticateLocal, signIn, signOut } from './passport-session';
import { toUserView, type UserView } from './user-view';

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
  async register(@Body() body: RegisterDto, @Req() req: Request): Promise<UserView> {
    const account = await this.registerAccount.execute({ ...body, ip: clientIp(req) });
    const user = toSessionUser(account, this.config.adminEmails);
    await signIn(req, user);
    return toUserView(user);
  }

  @Post('login')
  @HttpCode(200)
  @ApiOperation({ summary: 'Sign in with e-mail and password (the session id is renewed)' })
  async login(@Body() _body: LoginDto, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<UserView> {
    // The body has passed validation; the local strategy reads the same fields from it.
    const user = await authenticateLocal(req, res);
    await signIn(req, user);
    return toUserView(user);
  }

  /** 000 §2: /api/login is also a login redirect target; a browser sent there lands on /auth. */
  @Get('login')
  @Redirect('/auth', 302)
  @ApiOperation({ summary: 'Sends a browser to the sign-in page (/auth)' })
  loginPage(): void {
    // The redirect is the whole answer.
  }

  @Post('logout')
  @HttpCode(200)
  @ApiOperation({ summary: 'Sign out: the session is destroyed and its cookie cleared' })
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<{ message: string }> {
    await signOut(req);
    res.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: this.config.session.secure });
    return { message: 'Logged out' };
  }

  @Get('user')
  @UseGuards(SignedInGuard)
  @NoStore()
  @ApiCookieAuth()
  @ApiOperation({ summary: 'The signed-in user (401 when signed out)' })
  me(@CurrentUser() user: AuthUser): UserView {
    return toUserView(user as SessionUser);
  }

  @Post('user/change-password')
  @LimitInFlightPerUser('account')
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  @ApiCookieAuth()
  @ApiOperation({ summary: "Change the password; the user's other sessions end and a security mail is sent" })
  async changePassword(
    @CurrentUser() user: AuthUser,
    @Body() body: ChangePasswordDto,
    @Req() req: Request,
  ): Promise<{ message: string }> {
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
  captchaConfig(): CaptchaClientConfig | { provider: null; siteKey: null } {
    return this.captcha.clientConfig ?? { provider: null, siteKey: null };
  }
}
