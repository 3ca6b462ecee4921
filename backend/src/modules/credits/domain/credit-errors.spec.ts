import { IdempotencyKeyReusedError, InsufficientCreditsError, ReservationNotFoundError, ReservationReleasedError, TooManyActiveReservationsError } from './credit-errors';

describe('credits errors keep the codes and texts of the HTTP contract', () => {
  it('D4: nothing left to pay with is a 402 "Insufficient credits" (the client opens the out-of-credits dialog on it)', () => {
    expect(new InsufficientCreditsError()).toMatchObject({ kind: 'payment_required', code: 'CREDITS.INSUFFICIENT', message: 'Insufficient credits' });
  });

  it('too many generations in flight is a 429 that tells the caller the limit', () => {
    const error = new TooManyActiveReservationsError(2);
    expect(error).toMatchObject({
      kind: 'rate_limited',
      code: 'CREDITS.TOO_MANY_ACTIVE',
      message: 'At most 2 credit reservations may be held at once',
      max: 2,
      details: { max: 2 },
    });
  });

  it('capturing an unknown reservation is a 404, and one released meanwhile is a 409', () => {
    expect(new ReservationNotFoundError()).toMatchObject({ kind: 'not_found', code: 'CREDITS.RESERVATION_NOT_FOUND', message: 'Reservation not found' });
    expect(new ReservationReleasedError()).toMatchObject({
      kind: 'conflict',
      code: 'CREDITS.RESERVATION_RELEASED',
      message: 'This credit reservation was already released',
    });
  });

  it('D5: an idempotency key that another reservation carries is a 409', () => {
    expect(new IdempotencyKeyReusedError()).toMatchObject({
      kind: 'conflict',
      code: 'CREDITS.KEY_REUSED',
      message: 'This idempotency key belongs to another reservation',
    });
  });
});
