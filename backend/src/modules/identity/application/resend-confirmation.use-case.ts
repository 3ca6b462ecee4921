import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { UnavailableError } from '../../../shared/errors/domain-error';
import { TypeormAccountRepository } from '../adapters/typeorm/typeorm-account.repository';
import { TypeormRateLimitRepository } from '../adapters/typeorm/typeorm-rate-limit.repository';
import { normalizeEmail } from '../domain/account-rules';
import { AlreadyVerifiedError, TooManyAttemptsError } from '../domain/identity-errors';
import { isBlocked, resendConfirmationPolicy } from '../domain/rate-limit';
import { IdentityMailService } from './identity-mail.service';
import { createVerificationToken, verificationExpiry } from './verification-token';

/** Every address shares one counter per e-mail, whoever asks (see RateLimitSubject.ip). */
const ANY_ADDRESS = '*';

/**
 * A new verification link (the old one stops working). Limited per e-mail address
 * (RESEND_CONFIRMATION_PER_HOUR) so nobody can flood an inbox. An address without an account gets
 * the same answer as one with an account (no account enumeration).
 */
@Injectable()
export class ResendConfirmationUseCase {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly accounts: TypeormAccountRepository,
    private readonly rateLimits: TypeormRateLimitRepository,
    private readonly mails: IdentityMailService,
  ) {}

  async execute(rawEmail: string): Promise<void> {
    const email = normalizeEmail(rawEmail);
    const counter = await this.rateLimits.hit(
      { ip: ANY_ADDRESS, type: 'resend', identifier: email },
      resendConfirmationPolicy(this.config.identity),
    );
    if (isBlocked(counter, new Date())) throw TooManyAttemptsError.resend();

    const account = await this.accounts.findByEmail(email);
    if (!account) return;
    if (account.emailVerified) throw new AlreadyVerifiedError();

    const token = createVerificationToken();
    await this.accounts.replaceVerificationToken(
      account.id,
      token.hash,
      verificationExpiry(new Date(), this.config.identity.verificationTokenTtlHours),
    );
    if (!(await this.mails.sendVerification(account, token.token))) {
      throw new UnavailableError('MAIL.UNAVAILABLE', 'Failed to resend confirmation email. Please try again later.');
    }
  }
}
