import { DomainError, NotFoundError } from '../../../shared/errors/domain-error';

/** D4: nothing left to pay with → HTTP 402 "Insufficient credits". */
export class InsufficientCreditsError extends DomainError {
  constructor() {
    super('payment_required', 'CREDITS.INSUFFICIENT', 'Insufficient credits');
  }
}

/**
 * Issue 9: the user already holds `max` reservations (generations in flight). Callers that have
 * their own wording (generation's 429) catch it by class.
 */
export class TooManyActiveReservationsError extends DomainError {
  constructor(readonly max: number) {
    super('rate_limited', 'CREDITS.TOO_MANY_ACTIVE', `At most ${max} credit reservations may be held at once`, { details: { max } });
  }
}

/** capture() of an id the ledger does not know. */
export class ReservationNotFoundError extends NotFoundError {
  constructor() {
    super('CREDITS.RESERVATION_NOT_FOUND', 'Reservation not found');
  }
}

/** capture() of a reservation that was released meanwhile (a failure path or the recovery job). */
export class ReservationReleasedError extends DomainError {
  constructor() {
    super('conflict', 'CREDITS.RESERVATION_RELEASED', 'This credit reservation was already released');
  }
}

/** reserve() with an idempotency key that another user's reservation carries. */
export class IdempotencyKeyReusedError extends DomainError {
  constructor() {
    super('conflict', 'CREDITS.KEY_REUSED', 'This idempotency key belongs to another reservation');
  }
}
