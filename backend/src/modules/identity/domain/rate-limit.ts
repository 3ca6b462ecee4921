/**
 * D19 counters (plain TypeScript). A counter belongs to a subject (address, kind, identifier) and
 * lives in `rate_limit_attempt`, so every instance sees the same count. The repository applies
 * one attempt atomically; these rules say when a subject is blocked and for how long.
 */
export type AttemptType = 'registration' | 'login' | 'resend' | 'password_change';

export interface RateLimitSubject {
  /** Client address, or '*' for a counter that does not depend on the address. */
  ip: string;
  type: AttemptType;
  /** The e-mail or user id the attempts are about; '' when only the address matters. */
  identifier: string;
}

export interface RateLimitPolicy {
  /** The count at which the subject becomes blocked (the attempt that reaches it included). */
  blockAt: number;
  /** Attempts older than this no longer count: the count starts again at 1. */
  windowMinutes: number;
  /** How long a block lasts from the attempt that caused it. */
  blockMinutes: number;
}

export interface CounterState {
  count: number;
  /** Set while (or after) the subject was blocked. */
  blockedUntil: Date | null;
}

export interface IdentityLimits {
  resendConfirmationPerHour: number;
  registrationAttemptsPerIpPerHour: number;
  registrationBlockMinutes: number;
  loginFailuresPerWindow: number;
  loginFailureWindowMinutes: number;
  loginBlockMinutes: number;
}

/** D19: past N registration attempts per address in an hour, the next ones are refused. */
export function registrationAttemptPolicy(limits: IdentityLimits): RateLimitPolicy {
  return { blockAt: limits.registrationAttemptsPerIpPerHour + 1, windowMinutes: 60, blockMinutes: limits.registrationBlockMinutes };
}

/**
 * D19: failures are counted after the fact; the Nth failure in the window blocks the (address,
 * e-mail) pair, so every further attempt, right password or not, is refused until the block ends.
 */
export function loginFailurePolicy(limits: IdentityLimits): RateLimitPolicy {
  return { blockAt: limits.loginFailuresPerWindow, windowMinutes: limits.loginFailureWindowMinutes, blockMinutes: limits.loginBlockMinutes };
}

/** At most N confirmation mails per address per hour; the next request waits out the hour. */
export function resendConfirmationPolicy(limits: IdentityLimits): RateLimitPolicy {
  return { blockAt: limits.resendConfirmationPerHour + 1, windowMinutes: 60, blockMinutes: 60 };
}

export function isBlocked(state: CounterState | null, now: Date): boolean {
  return state?.blockedUntil != null && state.blockedUntil.getTime() > now.getTime();
}

/** Whole minutes left on a block, rounded up, at least 1 (for "try again in N minutes"). */
/**
 * Whole minutes left, rounded up. Counted in whole seconds: `until` is set by the database clock
 * (microseconds, a few ms after `now` was read here), so a fresh 60-minute block must still read
 * "60 minutes", not 61.
 */
export function minutesUntil(until: Date, now: Date): number {
  const seconds = Math.floor((until.getTime() - now.getTime()) / 1000);
  return Math.max(1, Math.ceil(seconds / 60));
}

export function inMinutes(n: number): string {
  return n === 1 ? '1 minute' : `${n} minutes`;
}
