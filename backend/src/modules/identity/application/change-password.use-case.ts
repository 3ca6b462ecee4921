import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { DomainError } from '../../../shared/errors/domain-error';
import type { RateLimitPolicy } from '../../../shared/rate-limit/rate-limit-policy';
import { RateLimiter } from '../../../shared/rate-limit/rate-limiter';
import { Argon2PasswordHasher } from '../adapters/argon2-password-hasher';
import { TypeormAccountRepository } from '../adapters/typeorm/typeorm-account.repository';
import { TooManyAttemptsError, WrongPasswordError } from '../domain/identity-errors';
import { attemptSubjects, identityPolicies } from './attempt-policies';
import { IdentityMailService } from './identity-mail.service';

export interface ChangePasswordCommand {
  userId: string;
  currentPassword: string;
  newPassword: string;
  /** The session making the change: it stays signed in, every other one ends. */
  sessionId: string | undefined;
  ip: string;
}

/**
 * Change password (001 §4-§5). The current password must be right; every try counts like a sign-in
 * (D26) (a stolen session cannot guess its way to the password). The new hash and the
 * end of the user's other sessions are one transaction; then a security mail is sent.
 */
@Injectable()
export class ChangePasswordUseCase {
  private readonly policy: RateLimitPolicy;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly accounts: TypeormAccountRepository,
    private readonly rateLimiter: RateLimiter,
    private readonly hasher: Argon2PasswordHasher,
    private readonly mails: IdentityMailService,
  ) {
    this.policy = identityPolicies(config.identity).passwordChange;
  }

  async execute(command: ChangePasswordCommand): Promise<void> {
    // Counted before the check, like a sign-in (D26).
    const subject = attemptSubjects.passwordChange(command.ip, command.userId);
    const decision = await this.rateLimiter.consume(subject, this.policy);
    if (!decision.allowed) throw TooManyAttemptsError.passwordChange(decision.retryAfterMinutes ?? 1);

    const account = await this.accounts.findById(command.userId);
    if (!account) throw new DomainError('unauthenticated', 'AUTH.REQUIRED', 'Authentication required');
    if (!(await this.hasher.verify(account.passwordHash, command.currentPassword))) throw new WrongPasswordError();
    await this.rateLimiter.clear(subject);

    const passwordHash = await this.hasher.hash(command.newPassword);
    await this.accounts.changePasswordEndingOtherSessions(account.id, passwordHash, command.sessionId);
    await this.mails.sendPasswordChanged(account, new Date());
  }
}
