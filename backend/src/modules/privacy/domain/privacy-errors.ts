import { DomainError } from '../../../shared/errors/domain-error';

/** The privacy context's failures (D35), with the codes and texts of the HTTP contract. */

/** 400: the e-mail typed to confirm a deletion is not the account's; nothing was changed. */
export class ConfirmEmailMismatchError extends DomainError {
  constructor() {
    super('invalid', 'PRIVACY.CONFIRM_EMAIL_MISMATCH', 'The email you typed does not match your account.');
  }
}

/** 429: the hourly data downloads are used up. */
export class TooManyExportsError extends DomainError {
  constructor(perHour: number, retryAfterMinutes: number) {
    super(
      'rate_limited',
      'PRIVACY.TOO_MANY_EXPORTS',
      `You can download your data ${perHour} times an hour. Please try again in ${retryAfterMinutes === 1 ? '1 minute' : `${retryAfterMinutes} minutes`}.`,
      { details: { retryAfterMinutes } },
    );
  }
}

/** 401: the account is gone (or going) while its session was still being read. */
export class AccountGoneError extends DomainError {
  constructor() {
    super('unauthenticated', 'AUTH.REQUIRED', 'Authentication required');
  }
}
