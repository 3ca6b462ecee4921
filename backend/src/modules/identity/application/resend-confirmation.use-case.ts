import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { UnavailableError } from '../../../shared/errors/domain-error';
import type { RateLimitPolicy } from '../../../shared/rate-limit/rate-limit-policy';
import { RateLimiter } from '../../../shared/rate-limit/rate-limiter';
import { TypeormAccountRepository } from '../adapters/typeorm/typeorm-account.repository';
import { normalizeEmail } from '../domain/account-rules';
import { TooManyAttemptsError } from '../domain/identity-errors';
import { attemptSubjects, identityPolicies } from './attempt-policies';
import { IdentityMailService } from './identity-mail.service';
import { createVerificationToken, verificationExpiry } from './verification-token';

/**
 * A new verification link (the old one stops working). Limited per e-mail address
 * (RESEND_CONFIRMATION_PER_HOUR), counted for every address alike, so nobody can flood an inbox.
 * An unknown address and an already verified one get the same answer as an unverified one and no
 * mail (no account enumeration); only an unverified account is really mailed.
 */
@Injectable()
export class ResendConfirmationUseCase {
  private readonly policy: RateLimitPolicy;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly accounts: TypeormAccountRepository,
    private readonly rateLimiter: RateLimiter,
    private readonly mails: IdentityMailService,
  ) {
    this.policy = identityPolicies(config.identity).resendConfirmation;
  }

  async execute(rawEmail: string): Promise<void> {
    const email = normalizeEmail(rawEmail);
    const decision = await this.rateLimiter.consume(attemptSubjects.resendConfirmation(email), this.policy);
    if (!decision.allowed) throw TooManyAttemptsError.resend();

    const account = await this.accounts.findByEmail(email);
    if (!account || account.emailVerified) return;

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
