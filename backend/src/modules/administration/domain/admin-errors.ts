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

/**
 * D5, D32 (issue 24): an Idempotency-Key that already adjusted with another amount, kind, reason or
 * note. Answering 200 would say "done" for an adjustment that never happened.
 */
export class IdempotencyKeyConflictError extends DomainError {
  constructor() {
    super(
      'conflict',
      'ADMIN.IDEMPOTENCY_KEY_REUSED',
      'This Idempotency-Key was already used for a different adjustment (another amount, reason or note). Nothing was changed; send a new key for a new adjustment.',
    );
  }
}
