import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { Argon2PasswordHasher } from '../adapters/argon2-password-hasher';
import { TypeormAccountRepository } from '../adapters/typeorm/typeorm-account.repository';
import { TypeormRateLimitRepository } from '../adapters/typeorm/typeorm-rate-limit.repository';
import { TypeormWhitelistRepository } from '../adapters/typeorm/typeorm-whitelist.repository';
import { type Account, withoutSecret } from '../domain/account';
import { normalizeEmail } from '../domain/account-rules';
import { AccountSuspendedError, InvalidCredentialsError, TooManyAttemptsError } from '../domain/identity-errors';
import { isBlocked, loginFailurePolicy, minutesUntil, type RateLimitSubject } from '../domain/rate-limit';

export interface LoginCommand {
  email: string;
  password: string;
  ip: string;
}

/**
 * Sign-in with e-mail and password (run by the passport local strategy).
 * D19: failures are counted per (address, e-mail); past the limit every attempt is refused until
 * the block ends, and a success forgets the failures. An active `ip` whitelist entry lifts this.
 * D21: a suspended account is refused, but only after the password proved right, so the answer
 * tells a guesser nothing.
 */
@Injectable()
export class LoginUseCase {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly accounts: TypeormAccountRepository,
    private readonly rateLimits: TypeormRateLimitRepository,
    private readonly whitelist: TypeormWhitelistRepository,
    private readonly hasher: Argon2PasswordHasher,
  ) {}

  async execute(command: LoginCommand): Promise<Account> {
    const email = normalizeEmail(command.email);
    const subject: RateLimitSubject = { ip: command.ip, type: 'login', identifier: email };
    const limited = !(await this.whitelist.anyWhitelisted({ ip: command.ip }));

    if (limited) {
      const now = new Date();
      const counter = await this.rateLimits.current(subject);
      if (isBlocked(counter, now)) throw TooManyAttemptsError.login(minutesUntil(counter!.blockedUntil!, now));
    }

    const account = await this.accounts.findByEmail(email);
    const passwordOk = account
      ? await this.hasher.verify(account.passwordHash, command.password)
      : await this.hasher.verifyNothing(command.password);
    if (!account || !passwordOk) {
      if (limited) await this.rateLimits.hit(subject, loginFailurePolicy(this.config.identity));
      throw new InvalidCredentialsError();
    }

    if (limited) await this.rateLimits.clear(subject);
    if (account.isSuspended) throw new AccountSuspendedError();
    return withoutSecret(account);
  }
}
