/**
 * D11: the image model fallback, as plain rules. The state is one row shared by every instance
 * (model_fallback_state); the SQL in adapters/model/typeorm/ performs these same transitions as
 * single atomic statements, and test/model/fallback.int-spec.ts checks the two agree.
 *
 * - A transient failure of the PRIMARY (E003/E004, 5xx, network, timeout) adds 1 to the count;
 *   at `failureThreshold` the fallback becomes active until `retryAfter` = now + duration (each
 *   further primary failure pushes it out again).
 * - A success of the primary proves it works: count 0, fallback off.
 * - A moderation refusal (E005) is the model answering, not failing: it changes nothing.
 * - Failures and successes of the FALLBACK model do not move the count (there is nothing further
 *   to switch to); a failure is still recorded as the last failure time.
 * - The recovery test (every recoveryIntervalMinutes, one instance at a time) tries the primary:
 *   success switches back; failure pushes retryAfter out.
 * - Admin override: true → always the fallback; false → always the primary; null → the rules.
 *   Reset: count 0 and fallback off (the override stays as the admin set it).
 */

export interface FallbackState {
  isActive: boolean;
  adminOverride: boolean | null;
  failureCount: number;
  retryAfter: Date | null;
  lastFailureTime: Date | null;
  lastRecoveryCheck: Date | null;
}

export interface FallbackPolicy {
  failureThreshold: number;
  durationMinutes: number;
  recoveryIntervalMinutes: number;
}

export type ModelRole = 'primary' | 'fallback';

export type FallbackEvent =
  | { type: 'transient-failure'; role: ModelRole; at: Date }
  | { type: 'success'; role: ModelRole; at: Date }
  | { type: 'refusal'; role: ModelRole; at: Date }
  | { type: 'recovery-result'; success: boolean; at: Date }
  | { type: 'admin-override'; enabled: boolean | null; at: Date }
  | { type: 'reset'; at: Date };

export const INITIAL_FALLBACK_STATE: FallbackState = {
  isActive: false,
  adminOverride: null,
  failureCount: 0,
  retryAfter: null,
  lastFailureTime: null,
  lastRecoveryCheck: null,
};

function plusMinutes(at: Date, minutes: number): Date {
  return new Date(at.getTime() + minutes * 60_000);
}

/** The state after one event. Pure: the same inputs always give the same state. */
export function applyFallbackEvent(state: FallbackState, event: FallbackEvent, policy: FallbackPolicy): FallbackState {
  switch (event.type) {
    case 'transient-failure': {
      if (event.role === 'fallback') return { ...state, lastFailureTime: event.at };
      const failureCount = state.failureCount + 1;
      if (failureCount >= policy.failureThreshold) {
        return { ...state, failureCount, lastFailureTime: event.at, isActive: true, retryAfter: plusMinutes(event.at, policy.durationMinutes) };
      }
      return { ...state, failureCount, lastFailureTime: event.at };
    }
    case 'success':
      if (event.role === 'fallback') return state;
      return { ...state, failureCount: 0, isActive: false, retryAfter: null };
    case 'refusal':
      // D11: E005 is not a failure of the model and does not count.
      return state;
    case 'recovery-result':
      return event.success
        ? { ...state, isActive: false, failureCount: 0, retryAfter: null, lastRecoveryCheck: event.at }
        : { ...state, lastRecoveryCheck: event.at, lastFailureTime: event.at, retryAfter: plusMinutes(event.at, policy.durationMinutes) };
    case 'admin-override':
      return { ...state, adminOverride: event.enabled };
    case 'reset':
      return { ...state, isActive: false, failureCount: 0, retryAfter: null };
  }
}

/** Which model serves the next call: the override wins; otherwise the fallback while it is active and not yet due for a retry. */
export function chooseModelRole(state: FallbackState, now: Date): ModelRole {
  if (state.adminOverride === true) return 'fallback';
  if (state.adminOverride === false) return 'primary';
  return state.isActive && state.retryAfter !== null && state.retryAfter.getTime() > now.getTime() ? 'fallback' : 'primary';
}

/**
 * Whether the recovery test should run now: the fallback is active, no admin override decides,
 * and no instance has run the test within the interval (a small tolerance for timer drift).
 */
export function isRecoveryDue(state: FallbackState, now: Date, policy: FallbackPolicy): boolean {
  if (!state.isActive || state.adminOverride !== null) return false;
  if (state.lastRecoveryCheck === null) return true;
  const interval = policy.recoveryIntervalMinutes * 60_000;
  return now.getTime() - state.lastRecoveryCheck.getTime() >= interval * 0.9;
}

/** The 001 §3 "Fallback status" shape the admin dashboard polls (retryAfter as ms timestamp). */
export interface FallbackStatus {
  isActive: boolean;
  adminOverride: boolean | null;
  failureCount: number;
  retryAfter: number | null;
  lastFailureTime: number | null;
  /** Which model the next generation uses (e.g. black-forest-labs/flux-kontext-max, or local-engine). */
  currentModel: string;
  /** What the dashboard's System Configuration card shows (D10, D11). */
  configuration: FallbackConfiguration;
}

export interface FallbackConfiguration {
  /** D10: Replicate when a token is configured, else the local engine (which has no fallback). */
  engine: 'replicate' | 'local';
  primaryModel: string;
  fallbackModel: string | null;
  failureThreshold: number;
  fallbackDurationMinutes: number;
  recoveryIntervalMinutes: number;
}
