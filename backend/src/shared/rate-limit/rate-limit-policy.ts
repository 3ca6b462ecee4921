/**
 * Attempt counters (D15, D19, D26), plain TypeScript. A counter belongs to a subject (address,
 * kind, identifier) and lives in `rate_limit_attempt`, so every instance sees the same count.
 * RateLimiter applies one attempt atomically; these types and rules say what a policy means.
 */

/** The longest window a policy may have: counters idle for this long are pruned (D19). */
export const MAX_WINDOW_MINUTES = 24 * 60;
/** Column sizes of `rate_limit_attempt`. */
const IP_MAX = 45;
const TYPE_MAX = 20;
const IDENTIFIER_MAX = 255;

export interface RateLimitSubject {
  /** Client address, or ANY_ADDRESS for a counter that does not depend on the address. */
  ip: string;
  /** What is counted ('login', 'registration', 'laugh', …; at most 20 characters). */
  type: string;
  /** The e-mail or user id the attempts are about; '' when only the address matters. */
  identifier: string;
}

/** A counter shared by every address (e.g. per e-mail whoever asks). */
export const ANY_ADDRESS = '*';

export interface RateLimitPolicy {
  /** The count at which the subject becomes blocked; the attempt that reaches it is refused. */
  blockAt: number;
  /** Attempts older than this no longer count: the count starts again at 1. */
  windowMinutes: number;
  /** How long a block lasts from the attempt that caused it. */
  blockMinutes: number;
}

/** Where a subject stands after an attempt (consume) or without one (current). */
export interface RateLimitDecision {
  /** false while a block is in force (the attempt must be refused). */
  allowed: boolean;
  /** Attempts counted in the current window (0 when there is no counter). */
  count: number;
  /** Set while (or after) the subject was blocked. */
  blockedUntil: Date | null;
  /** Whole minutes until the block ends (rounded up, at least 1) while blocked; else null. */
  retryAfterMinutes: number | null;
}

/**
 * A policy that lets `max` attempts through per window of `minutes`, and refuses the rest until
 * `blockMinutes` after the first refused one (by default the length of the window).
 */
export function allowPerWindow(max: number, minutes: number, blockMinutes = minutes): RateLimitPolicy {
  return rateLimitPolicy({ blockAt: max + 1, windowMinutes: minutes, blockMinutes });
}

/** Checks a policy once, where it is built (at start, from the configuration). */
export function rateLimitPolicy(policy: RateLimitPolicy): RateLimitPolicy {
  const { blockAt, windowMinutes, blockMinutes } = policy;
  if (!Number.isInteger(blockAt) || blockAt < 1) throw new RangeError(`rate limit: blockAt must be an integer >= 1 (got ${blockAt})`);
  if (!Number.isInteger(windowMinutes) || windowMinutes < 1 || windowMinutes > MAX_WINDOW_MINUTES) {
    throw new RangeError(`rate limit: windowMinutes must be an integer from 1 to ${MAX_WINDOW_MINUTES} (got ${windowMinutes})`);
  }
  if (!Number.isInteger(blockMinutes) || blockMinutes < 1) {
    throw new RangeError(`rate limit: blockMinutes must be an integer >= 1 (got ${blockMinutes})`);
  }
  return { blockAt, windowMinutes, blockMinutes };
}

/** The subject as stored: the address cut to its column; a kind or identifier too long is a bug. */
export function storedSubject(subject: RateLimitSubject): RateLimitSubject {
  if (subject.type.length === 0 || subject.type.length > TYPE_MAX) {
    throw new RangeError(`rate limit: type must be 1 to ${TYPE_MAX} characters (got '${subject.type}')`);
  }
  return { ip: subject.ip.slice(0, IP_MAX), type: subject.type, identifier: subject.identifier.slice(0, IDENTIFIER_MAX) };
}

/**
 * Whole minutes left on a block, rounded up, at least 1 (for "try again in N minutes"). Counted
 * in whole seconds so a fresh 60-minute block set a few milliseconds ago still reads 60, not 61.
 */
export function minutesLeft(secondsLeft: number): number {
  return Math.max(1, Math.ceil(Math.floor(secondsLeft) / 60));
}
