import { Body, Controller, Get, HttpCode, Inject, Logger, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { pipeline } from 'node:stream/promises';
import { APP_CONFIG, type AppConfig } from '../../../../config/app-config';
import type { AuthUser } from '../../../../shared/auth/auth-user';
import { CurrentUser, SignedInGuard } from '../../../../shared/auth/guards';
import { SESSION_COOKIE } from '../../../../shared/auth/session-cookie';
import { NoStore } from '../../../../shared/http/no-store';
import { ApiErrors } from '../../../../shared/http/openapi/api-errors';
import { MessageResponse } from '../../../../shared/http/openapi/common-responses';
import { LimitInFlightPerUser } from '../../../../shared/auth/user-in-flight';
import { DeleteAccountUseCase } from '../../application/delete-account.use-case';
import { ExportUserDataUseCase } from '../../application/export-user-data.use-case';
import { YazlExportArchive } from '../zip/yazl-export-archive';
import { DeleteAccountDto } from './privacy.dto';

/** Ends the session of this request (its row is gone already) so nothing saves it again. */
function destroySession(req: Request): Promise<void> {
  if (!req.session) return Promise.resolve();
  return new Promise((resolve, reject) => req.session.destroy((err: unknown) => (err ? reject(err) : resolve())));
}

/** A user's privacy rights (D35): download their data, delete their account. */
@ApiTags('privacy')
@Controller('user')
@UseGuards(SignedInGuard)
@NoStore()
export class PrivacyController {
  private readonly logger = new Logger('Privacy');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly exportUserData: ExportUserDataUseCase,
    private readonly deleteAccountUseCase: DeleteAccountUseCase,
  ) {}

  @Get('export')
  @LimitInFlightPerUser('export')
  @ApiOperation({ summary: 'A zip of data.json (account, billing, ledger, images) and the image files; 3 an hour' })
  @ApiOkResponse({
    description: 'The zip, streamed (a failure after the first byte cuts the download short).',
    content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } },
    headers: { 'Content-Disposition': { description: 'attachment; filename="magic-editor-data-….zip"', schema: { type: 'string' } } },
  })
  @ApiErrors({
    401: { 'AUTH.REQUIRED': 'The account is gone (or going).' },
    429: { 'PRIVACY.TOO_MANY_EXPORTS': 'More than 3 downloads in an hour (D35; `details.retryAfterMinutes`).' },
  })
  async export(@CurrentUser() user: AuthUser, @Res() res: Response): Promise<void> {
    // The limit and the account are checked before any header: an error still answers as JSON.
    const download = await this.exportUserData.execute(user.id);
    res.status(200);
    res.setHeader('Content-Type', 'application/zip');
    res.setHeader('Content-Disposition', `attachment; filename="${download.fileName}"`);
    res.setHeader('Cache-Control', 'no-store');
    const archive = new YazlExportArchive();
    const sent = pipeline(archive.output, res);
    // A browser that goes away ends the pipeline; the writer stops at its next file.
    sent.catch((error: Error) => archive.abort(error));
    try {
      await download.writeTo(archive);
      await sent;
    } catch (error) {
      // The status line has gone out: all that is left is to cut the download short.
      archive.abort(error as Error);
      if (!res.destroyed) res.destroy();
      if (!res.writableEnded) this.logger.warn(`Data export of user ${user.id} stopped: ${(error as Error).message}`);
    }
  }

  @Post('delete-account')
  @LimitInFlightPerUser('account')
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete the account (the e-mail typed to confirm): signs out, cancels the plan at once, deletes images and personal data' })
  @ApiOkResponse({
    type: MessageResponse,
    description: '`{message: "Account deleted"}`',
    headers: { 'Set-Cookie': { description: 'Clears the session cookie and the signed-in hint.', schema: { type: 'string' } } },
  })
  @ApiErrors({
    400: { 'PRIVACY.CONFIRM_EMAIL_MISMATCH': "The typed e-mail is not the account's; nothing was changed." },
    401: { 'AUTH.REQUIRED': 'The account went meanwhile (another request deleted it).' },
  })
  async deleteAccount(
    @CurrentUser() user: AuthUser,
    @Body() body: DeleteAccountDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<MessageResponse> {
    await this.deleteAccountUseCase.execute({ userId: user.id, accountEmail: user.email, confirmEmail: body.confirmEmail });
    await destroySession(req);
    res.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: this.config.session.secure });
    return { message: 'Account deleted' };
  }
}
