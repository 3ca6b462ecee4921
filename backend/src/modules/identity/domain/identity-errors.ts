import { DomainError } from '../../../shared/errors/domain-error';

/** The identity context's failures, with the stable codes and texts of the HTTP contract. */

function inMinutes(n: number): string {
  return n === 1 ? '1 minute' : `${n} minutes`;
}

export class EmailTakenError extends DomainError {
  constructor() {
    super('conflict', 'IDENTITY.EMAIL_TAKEN', 'An account with this email already exists');
  }
}

export class UsernameTakenError extends DomainError {
  constructor() {
    super('conflict', 'IDENTITY.USERNAME_TAKEN', 'This username is already taken');
  }
}

/** The client shows the captcha when it sees `requiresCaptcha` (001 §4). */
export class CaptchaRequiredError extends DomainError {
  constructor() {
    super('invalid', 'IDENTITY.CAPTCHA_REQUIRED', 'Please complete the CAPTCHA to continue.', { details: { requiresCaptcha: true } });
  }
}

export class CaptchaInvalidError extends DomainError {
  constructor() {
    super('invalid', 'IDENTITY.CAPTCHA_INVALID', 'CAPTCHA verification failed. Please try again.', {
      details: { requiresCaptcha: true },
    });
  }
}

/** D20: a captcha would be needed, but no provider is configured. */
export class CaptchaUnavailableError extends DomainError {
  constructor() {
    super('forbidden', 'IDENTITY.CAPTCHA_UNAVAILABLE', 'This device already has an account. Please sign in instead, or contact support.');
  }
}

/** The captcha provider could not be asked (network, outage): nothing is decided, try again. */
export class CaptchaServiceError extends DomainError {
  constructor(cause?: unknown) {
    super('unavailable', 'IDENTITY.CAPTCHA_SERVICE', 'The CAPTCHA service could not be reached. Please try again.', { cause });
  }
}

export class RegistrationLimitError extends DomainError {
  constructor() {
    super('rate_limited', 'IDENTITY.REGISTRATION_LIMIT', 'Too many accounts have been created from this network. Please try again later.');
  }
}

export class TooManyAttemptsError extends DomainError {
  constructor(message: string, retryAfterMinutes?: number) {
    super('rate_limited', 'RATE_LIMIT.BLOCKED', message, retryAfterMinutes === undefined ? {} : { details: { retryAfterMinutes } });
  }

  static registration(minutes: number): TooManyAttemptsError {
    return new TooManyAttemptsError(`Too many attempts. Please try again in ${inMinutes(minutes)}.`, minutes);
  }

  static login(minutes: number): TooManyAttemptsError {
    return new TooManyAttemptsError(`Too many login attempts. Please try again in ${inMinutes(minutes)}.`, minutes);
  }

  static passwordChange(minutes: number): TooManyAttemptsError {
    return new TooManyAttemptsError(`Too many attempts. Please try again in ${inMinutes(minutes)}.`, minutes);
  }

  static resend(): TooManyAttemptsError {
    return new TooManyAttemptsError('Too many confirmation emails requested. Please try again later.');
  }

  /** D36 */
  static passwordReset(minutes: number): TooManyAttemptsError {
    return new TooManyAttemptsError(`Too many password reset requests. Please try again in ${inMinutes(minutes)}.`, minutes);
  }
}

export class InvalidCredentialsError extends DomainError {
  constructor() {
    super('unauthenticated', 'IDENTITY.INVALID_CREDENTIALS', 'Invalid email or password');
  }
}

/** D21 */
export class AccountSuspendedError extends DomainError {
  constructor() {
    super('forbidden', 'IDENTITY.SUSPENDED', 'Account suspended');
  }
}

export class InvalidVerificationTokenError extends DomainError {
  constructor() {
    super('invalid', 'IDENTITY.INVALID_TOKEN', 'Invalid or expired verification link');
  }
}

/** IDENTITY_API: no account has this id. */
export class UserNotFoundError extends DomainError {
  constructor() {
    super('not_found', 'IDENTITY.USER_NOT_FOUND', 'User not found');
  }
}

export class WrongPasswordError extends DomainError {
  constructor() {
    super('invalid', 'IDENTITY.WRONG_PASSWORD', 'Current password is incorrect');
  }
}

export class WhitelistEntryExistsError extends DomainError {
  constructor() {
    super('conflict', 'IDENTITY.WHITELIST_ENTRY_EXISTS', 'This value is already on the whitelist');
  }
}

export class WhitelistEntryNotFoundError extends DomainError {
  constructor() {
    super('not_found', 'IDENTITY.WHITELIST_ENTRY_NOT_FOUND', 'Whitelist entry not found');
  }
}

/** D36: a reset link that is malformed, unknown, expired, already used, or of a suspended account. */
export class PasswordResetLinkInvalidError extends DomainError {
  constructor() {
    super('invalid', 'IDENTITY.RESET_LINK_INVALID', 'This password reset link has expired or has already been used.');
  }
}
