import { Injectable } from '@nestjs/common';
import { RateLimiter } from '../../../shared/rate-limit/rate-limiter';
import { Argon2PasswordHasher } from '../adapters/argon2-password-hasher';
import { TypeormPasswordResetRepository } from '../adapters/typeorm/typeorm-password-reset.repository';
import { normalizeEmail } from '../domain/account-rules';
import { PasswordResetLinkInvalidError } from '../domain/identity-errors';
import { attemptSubjects } from './attempt-policies';
import { CheckPasswordResetLinkUseCase } from './check-password-reset-link.use-case';
import { IdentityMailService } from './identity-mail.service';

export interface ResetPasswordCommand {
  token: unknown;
  /** Already checked against the change-password rules (001 §5) by the DTO. */
  newPassword: string;
  ip: string;
}

/**
 * D36: a new password from a reset link. The link is checked first (no password is hashed for a
 * link that cannot work); then, in one transaction, the token is spent (once, however many
 * requests bring it at the same moment), the argon2id hash set and every session of the account
 * ended. It does not sign in. The sign-in failures counted for this e-mail from this address are
 * forgotten (the owner proved themselves), and the security mail is sent.
 */
@Injectable()
export class ResetPasswordUseCase {
  constructor(
    private readonly checkLink: CheckPasswordResetLinkUseCase,
    private readonly resets: TypeormPasswordResetRepository,
    private readonly hasher: Argon2PasswordHasher,
    private readonly rateLimiter: RateLimiter,
    private readonly mails: IdentityMailService,
  ) {}

  async execute(command: ResetPasswordCommand): Promise<void> {
    const tokenHash = await this.checkLink.execute(command.token);
    const passwordHash = await this.hasher.hash(command.newPassword);
    const account = await this.resets.resetPasswordWithToken(tokenHash, passwordHash);
    if (!account) throw new PasswordResetLinkInvalidError();

    await this.rateLimiter.clear(attemptSubjects.login(command.ip, normalizeEmail(account.email)));
    await this.mails.sendPasswordChangedByReset(account, new Date());
  }
}
