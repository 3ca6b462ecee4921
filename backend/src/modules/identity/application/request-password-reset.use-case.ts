import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import type { RateLimitPolicy } from '../../../shared/rate-limit/rate-limit-policy';
import { RateLimiter } from '../../../shared/rate-limit/rate-limiter';
import { type ResetAccount, TypeormPasswordResetRepository } from '../adapters/typeorm/typeorm-password-reset.repository';
import { normalizeEmail } from '../domain/account-rules';
import { TooManyAttemptsError } from '../domain/identity-errors';
import { attemptSubjects, identityPolicies } from './attempt-policies';
import { IdentityMailService } from './identity-mail.service';
import { createVerificationToken } from './verification-token';

export interface RequestPasswordResetCommand {
  email: string;
  ip: string;
}

/**
 * "Forgot password?" (D36). Every well-formed address gets the same answer, in about the same
 * time, so nobody learns which addresses have accounts:
 * - the request is counted per client address and per e-mail (whoever asks) before anything else,
 *   for addresses with no account too;
 * - a token (32 random bytes, base64url; only its SHA-256 stored) is made for every request, and
 *   one statement issues it to the account when there is one (not suspended) or writes nothing;
 * - the mail with the link is sent after the answer, never awaited by it (an SMTP round trip would
 *   tell an account from none). A mail that fails is logged; asking again sends a new link.
 * The link works for PASSWORD_RESET_TTL_MINUTES, once; a newer link replaces an older unused one.
 */
@Injectable()
export class RequestPasswordResetUseCase implements OnModuleDestroy {
  private readonly logger = new Logger('PasswordReset');
  private readonly perAddress: RateLimitPolicy;
  private readonly perIp: RateLimitPolicy;
  private readonly ttlMinutes: number;
  /** Reset mails still being sent, so a shutdown can let them finish. */
  private readonly sending = new Set<Promise<unknown>>();

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly rateLimiter: RateLimiter,
    private readonly resets: TypeormPasswordResetRepository,
    private readonly mails: IdentityMailService,
  ) {
    const policies = identityPolicies(config.identity);
    this.perAddress = policies.passwordResetPerAddress;
    this.perIp = policies.passwordResetPerIp;
    this.ttlMinutes = config.identity.passwordResetTtlMinutes;
  }

  async execute(command: RequestPasswordResetCommand): Promise<void> {
    const email = normalizeEmail(command.email);
    const fromIp = await this.rateLimiter.consume(attemptSubjects.passwordResetFromIp(command.ip), this.perIp);
    if (!fromIp.allowed) throw TooManyAttemptsError.passwordReset(fromIp.retryAfterMinutes ?? 1);
    const forAddress = await this.rateLimiter.consume(attemptSubjects.passwordResetForAddress(email), this.perAddress);
    if (!forAddress.allowed) throw TooManyAttemptsError.passwordReset(forAddress.retryAfterMinutes ?? 1);

    const token = createVerificationToken();
    const account = await this.resets.issueForEmail(email, token.hash, this.ttlMinutes);
    if (account) this.mailAfterAnswering(account, token.token);
  }

  private mailAfterAnswering(account: ResetAccount, token: string): void {
    const sending = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.mails.sendPasswordReset(account, token))
      .catch((err: unknown) => this.logger.error({ err, userId: account.id }, 'Could not send a password reset mail'))
      .finally(() => this.sending.delete(sending));
    this.sending.add(sending);
  }

  /** Before the mailer closes (the global mail module goes after the contexts). */
  async onModuleDestroy(): Promise<void> {
    await Promise.allSettled([...this.sending]);
  }
}
