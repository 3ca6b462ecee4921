import { DomainError, NotFoundError } from '../../../shared/errors/domain-error';

/** The administration context's failures (codes ADMIN.<REASON>). */

/** D21: an admin cannot lock themselves out. */
export class CannotSuspendSelfError extends DomainError {
  constructor() {
    super('invalid', 'ADMIN.CANNOT_SUSPEND_SELF', 'You cannot suspend your own account');
  }
}

/** A negative adjustment larger than what that kind of credit holds (D4: never below 0). */
export class BelowZeroError extends DomainError {
  constructor() {
    super('conflict', 'ADMIN.BELOW_ZERO', 'This would take the balance below 0');
  }
}

export class AdminUserNotFoundError extends NotFoundError {
  constructor() {
    super('ADMIN.USER_NOT_FOUND', 'User not found');
  }
}

export class AdminImageNotFoundError extends NotFoundError {
  constructor() {
    super('ADMIN.IMAGE_NOT_FOUND', 'Image not found');
  }
}
