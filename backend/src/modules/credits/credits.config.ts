import { type EnvOf, positiveInt } from '../../config/env-types';

/** The ledger's environment (D4). */
export const creditsEnv = {
  // D4: a reservation older than this is taken as left behind by a crash and released (the
  // fallback: a dead instance's reservations are released as soon as its lock is seen gone).
  CREDIT_RESERVATION_STALE_MINUTES: positiveInt.default(10),
};

export function creditsConfig(env: EnvOf<typeof creditsEnv>) {
  return { credits: { reservationStaleMinutes: env.CREDIT_RESERVATION_STALE_MINUTES } };
}
