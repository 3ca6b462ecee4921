import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { DomainError } from '../../../shared/errors/domain-error';
import { Argon2PasswordHasher } from '../adapters/argon2-password-hasher';
import { TypeormAccountRepository } from '../adapters/typeorm/typeorm-account.repository';
import { TypeormRateLimitRepository } from '../adapters/typeorm/typeorm-rate-limit.repository';
import { TooManyAttemptsError, WrongPasswordError } from '../domain/identity-errors';
import { isBlocked, loginFailurePolicy, minutesUntil, type RateLimitSubject } from '../domain/rate-limit';
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
 * Change password (001 §4-§5). The current password must be right; wrong guesses count like
 * failed sign-ins (a stolen session cannot guess its way to the password). The new hash and the
 * end of the user's other sessions are one transaction; then a security mail is sent.
 */
@Injectable()
export class ChangePasswordUseCase {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly accounts: TypeormAccountRepository,
    private readonly rateLimits: TypeormRateLimitRepository,
    private readonly hasher: Argon2PasswordHasher,
    private readonly mails: IdentityMailService,
  ) {}

  async execute(command: ChangePasswordCommand): Promise<void> {
    const subject: RateLimitSubject = { ip: command.ip, type: 'password_change', identifier: command.userId };
    const now = new Date();
    const counter = await this.rateLimits.current(subject);
    if (isBlocked(counter, now)) throw TooManyAttemptsError.passwordChange(minutesUntil(counter!.blockedUntil!, now));

    const account = await this.accounts.findById(command.userId);
    if (!account) throw new DomainError('unauthenticated', 'AUTH.REQUIRED', 'Authentication required');
    if (!(await this.hasher.verify(account.passwordHash, command.currentPassword))) {
      await this.rateLimits.hit(subject, loginFailurePolicy(this.config.identity));
      throw new WrongPasswordError();
    }
    await this.rateLimits.clear(subject);

    const passwordHash = await this.hasher.hash(command.newPassword);
    await this.accounts.changePasswordEndingOtherSessions(account.id, passwordHash, command.sessionId);
    await this.mails.sendPasswordChanged(account, new Date());
  }
}
