import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import type { RateLimitPolicy } from '../../../shared/rate-limit/rate-limit-policy';
import { RateLimiter } from '../../../shared/rate-limit/rate-limiter';
import { Argon2PasswordHasher } from '../adapters/argon2-password-hasher';
import { TypeormAccountRepository } from '../adapters/typeorm/typeorm-account.repository';
import { TypeormWhitelistRepository } from '../adapters/typeorm/typeorm-whitelist.repository';
import { type Account, withoutSecret } from '../domain/account';
import { normalizeEmail } from '../domain/account-rules';
import { AccountSuspendedError, InvalidCredentialsError, TooManyAttemptsError } from '../domain/identity-errors';
import { attemptSubjects, identityPolicies } from './attempt-policies';

export interface LoginCommand {
  email: string;
  password: string;
  ip: string;
}

/**
 * Sign-in with e-mail and password (run by the passport local strategy).
 * D26: the attempt is counted per (address, e-mail) *before* the password is checked, in one
 * atomic statement, so however many requests arrive together at most LOGIN_FAILURES_PER_WINDOW
 * passwords are checked in the window; the rest are refused (429) until the block ends, right
 * password or not. A success forgets the count. An active `ip` whitelist entry lifts this (D19).
 * D21: a suspended account is refused, but only after the password proved right, so the answer
 * tells a guesser nothing.
 */
@Injectable()
export class LoginUseCase {
  private readonly policy: RateLimitPolicy;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly accounts: TypeormAccountRepository,
    private readonly rateLimiter: RateLimiter,
    private readonly whitelist: TypeormWhitelistRepository,
    private readonly hasher: Argon2PasswordHasher,
  ) {
    this.policy = identityPolicies(config.identity).login;
  }

  async execute(command: LoginCommand): Promise<Account> {
    const email = normalizeEmail(command.email);
    const subject = attemptSubjects.login(command.ip, email);
    const limited = !(await this.whitelist.anyWhitelisted({ ip: command.ip }));

    if (limited) {
      const decision = await this.rateLimiter.consume(subject, this.policy);
      if (!decision.allowed) throw TooManyAttemptsError.login(decision.retryAfterMinutes ?? 1);
    }

    const account = await this.accounts.findByEmail(email);
    const passwordOk = account
      ? await this.hasher.verify(account.passwordHash, command.password)
      : await this.hasher.verifyNothing(command.password);
    if (!account || !passwordOk) throw new InvalidCredentialsError();

    if (limited) await this.rateLimiter.clear(subject);
    if (account.isSuspended) throw new AccountSuspendedError();
    return withoutSecret(account);
  }
}
