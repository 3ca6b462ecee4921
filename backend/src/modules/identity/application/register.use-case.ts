import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import type { RateLimitPolicy } from '../../../shared/rate-limit/rate-limit-policy';
import { RateLimiter } from '../../../shared/rate-limit/rate-limiter';
import { Argon2PasswordHasher } from '../adapters/argon2-password-hasher';
import { TypeormAccountRepository } from '../adapters/typeorm/typeorm-account.repository';
import { type NewAccount, TypeormRegistrationRepository } from '../adapters/typeorm/typeorm-registration.repository';
import { TypeormWhitelistRepository } from '../adapters/typeorm/typeorm-whitelist.repository';
import type { Account } from '../domain/account';
import { normalizeEmail, normalizeName, normalizeUsername } from '../domain/account-rules';
import {
  CaptchaInvalidError,
  CaptchaRequiredError,
  CaptchaUnavailableError,
  EmailTakenError,
  RegistrationLimitError,
  TooManyAttemptsError,
  UsernameTakenError,
} from '../domain/identity-errors';
import { decideDevice, ipLimitReached } from '../domain/registration-policy';
import { attemptSubjects, identityPolicies } from './attempt-policies';
import { CAPTCHA_VERIFIER, type CaptchaVerifier } from './captcha-verifier.port';
import { IdentityMailService } from './identity-mail.service';
import { createVerificationToken, verificationExpiry } from './verification-token';

export interface RegisterCommand {
  email: string;
  username: string;
  password: string;
  firstName?: string | null;
  lastName?: string | null;
  /** SHA-256 hex of the browser's fingerprint (64 lower-case hex), when the client sent one. */
  deviceFingerprint?: string | null;
  captchaToken?: string | null;
  source?: 'signup' | 'video';
  /** The client's address as Express sees it (req.ip: the socket's unless TRUST_PROXY is set). */
  ip: string;
}

/**
 * Sign-up (spec 000 §2-§5, 001 §3-§4) with the D19 anti-abuse rules, in this order:
 * whitelist → attempts per address per hour → accounts per address per day → taken e-mail or
 * username → one account per device (captcha, D20) → one transaction for every row → the
 * verification mail (D1), whose failure never loses the account.
 */
@Injectable()
export class RegisterUseCase {
  private readonly logger = new Logger('Registration');
  private readonly policy: RateLimitPolicy;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly accounts: TypeormAccountRepository,
    private readonly registrations: TypeormRegistrationRepository,
    private readonly rateLimiter: RateLimiter,
    private readonly whitelist: TypeormWhitelistRepository,
    private readonly hasher: Argon2PasswordHasher,
    @Inject(CAPTCHA_VERIFIER) private readonly captcha: CaptchaVerifier,
    private readonly mails: IdentityMailService,
  ) {
    this.policy = identityPolicies(config.identity).registration;
  }

  async execute(command: RegisterCommand): Promise<Account> {
    const limits = this.config.identity;
    const email = normalizeEmail(command.email);
    const username = normalizeUsername(command.username);
    const fingerprint = command.deviceFingerprint || null;
    const ip = command.ip;

    // D19: an active admin_whitelist entry for the address, the e-mail or the device lifts every limit.
    const whitelisted = await this.whitelist.anyWhitelisted({ ip, email, fingerprint });
    if (!whitelisted) {
      const decision = await this.rateLimiter.consume(attemptSubjects.registration(ip), this.policy);
      if (!decision.allowed) throw TooManyAttemptsError.registration(decision.retryAfterMinutes ?? 1);
      const recent = await this.registrations.countRecentFromIp(ip, 24);
      if (ipLimitReached(recent, limits.registrationsPerIpPerDay)) throw new RegistrationLimitError();
    }

    // Cheap answers before the captcha is spent (a Turnstile token is single-use); the insert
    // below still catches a race.
    if (await this.accounts.emailTaken(email)) throw new EmailTakenError();
    if (await this.accounts.usernameTaken(username)) throw new UsernameTakenError();

    let device: NewAccount['device'] = null;
    if (fingerprint) {
      const decision = decideDevice({
        fingerprintKnown: await this.registrations.fingerprintKnown(fingerprint),
        exempt: whitelisted,
        captchaAvailable: this.captcha.clientConfig !== null,
        captchaToken: command.captchaToken,
      });
      switch (decision.kind) {
        case 'captcha-unavailable':
          throw new CaptchaUnavailableError();
        case 'captcha-required':
          throw new CaptchaRequiredError();
        case 'verify-captcha':
          // Outside any transaction: never hold one open across a provider call (rule 6).
          if (!(await this.captcha.verify(decision.token, ip))) throw new CaptchaInvalidError();
          device = { fingerprintHash: fingerprint, mode: 'flagged' };
          break;
        case 'allow':
          device = { fingerprintHash: fingerprint, mode: whitelisted ? 'whitelisted' : 'first' };
          break;
      }
    }

    const passwordHash = await this.hasher.hash(command.password);
    const token = createVerificationToken();
    const result = await this.registrations.createAccount(
      {
        email,
        username,
        passwordHash,
        firstName: normalizeName(command.firstName),
        lastName: normalizeName(command.lastName),
        verificationTokenHash: token.hash,
        verificationExpiresAt: verificationExpiry(new Date(), limits.verificationTokenTtlHours),
        ip,
        whitelisted,
        device,
        joinVideoWaitlist: command.source === 'video',
      },
      { maxAccountsPerIpPerDay: whitelisted ? null : limits.registrationsPerIpPerDay },
    );
    if (result.kind === 'ip-limit') throw new RegistrationLimitError();
    if (result.kind === 'fingerprint-known') {
      // Another sign-up took this device a moment ago: the same answer as if it had been first.
      throw this.captcha.clientConfig ? new CaptchaRequiredError() : new CaptchaUnavailableError();
    }

    const account = result.account;
    if (device?.mode === 'flagged') {
      this.logger.warn({ userId: account.id, ip }, 'D19: a further account on a known device was created after a captcha (flagged)');
    }
    // D24: a mail failure is logged; the account stays and the user can ask for the mail again.
    await this.mails.sendVerification(account, token.token);
    return account;
  }
}
