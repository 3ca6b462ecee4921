/**
 * D41 (D11 per model): the model chain as plain rules. Each model of the chain has its own health
 * row (model_health, shared by every instance); the chain-wide settings are the admin's order and
 * 001's fallback override (model_fallback_state). The SQL in adapters/model/typeorm/ performs
 * these same transitions as single atomic statements, and test/model/model-chain.int-spec.ts
 * checks the two agree.
 *
 * - A transient failure of a model (E003/E004, 5xx, network, timeout) adds 1 to its count; at
 *   `failureThreshold` the model is skipped until now + duration (each further failure pushes the
 *   window out again).
 * - A success proves the model works: count 0, not skipped.
 * - A moderation refusal is the model answering, not failing: it changes nothing.
 * - The recovery test (every recoveryIntervalMinutes, one instance at a time) tries each skipped
 *   model: success ends its window; failure pushes it out.
 * - A generation tries the enabled models in order, passing over those inside their skip window;
 *   when every enabled model is inside one, it tries them all the same (better a likely failure
 *   than a certain one).
 * - 001's override names the first two models of the chain "primary" and "fallback": true →
 *   the primary is passed over; false → the primary is tried first even inside its window;
 *   null → the rules. Reset: every model's count 0 and window closed.
 */

export interface ModelHealth {
  model: string;
  disabled: boolean;
  skipped: boolean;
  failureCount: number;
  skippedUntil: Date | null;
  lastFailureTime: Date | null;
  lastRecoveryCheck: Date | null;
}

export interface ChainPolicy {
  failureThreshold: number;
  durationMinutes: number;
  recoveryIntervalMinutes: number;
}

export type HealthEvent =
  | { type: 'transient-failure'; at: Date }
  | { type: 'success'; at: Date }
  | { type: 'refusal'; at: Date }
  | { type: 'recovery-result'; success: boolean; at: Date }
  | { type: 'reset'; at: Date };

export function healthyModel(model: string): ModelHealth {
  return { model, disabled: false, skipped: false, failureCount: 0, skippedUntil: null, lastFailureTime: null, lastRecoveryCheck: null };
}

function plusMinutes(at: Date, minutes: number): Date {
  return new Date(at.getTime() + minutes * 60_000);
}

/** The health after one event. Pure: the same inputs always give the same state. */
export function applyHealthEvent(health: ModelHealth, event: HealthEvent, policy: ChainPolicy): ModelHealth {
  switch (event.type) {
    case 'transient-failure': {
      const failureCount = health.failureCount + 1;
      if (failureCount >= policy.failureThreshold) {
        return { ...health, failureCount, lastFailureTime: event.at, skipped: true, skippedUntil: plusMinutes(event.at, policy.durationMinutes) };
      }
      return { ...health, failureCount, lastFailureTime: event.at };
    }
    case 'success':
      return { ...health, failureCount: 0, skipped: false, skippedUntil: null };
    case 'refusal':
      return health;
    case 'recovery-result':
      return event.success
        ? { ...health, skipped: false, failureCount: 0, skippedUntil: null, lastRecoveryCheck: event.at }
        : { ...health, lastRecoveryCheck: event.at, lastFailureTime: event.at, skippedUntil: plusMinutes(event.at, policy.durationMinutes) };
    case 'reset':
      return { ...health, skipped: false, failureCount: 0, skippedUntil: null };
  }
}

/** Inside its skip window now. */
export function isSkipped(health: ModelHealth, now: Date): boolean {
  return health.skipped && health.skippedUntil !== null && health.skippedUntil.getTime() > now.getTime();
}

/**
 * The chain's order: the admin's order of the configured models, then any configured model the
 * admin's order does not name, in MODEL_CHAIN's order. Models the admin named that are no longer
 * configured are left out.
 */
export function chainOrder(configured: readonly string[], adminOrder: readonly string[] | null): string[] {
  if (!adminOrder) return [...configured];
  const named = adminOrder.filter((m, i) => configured.includes(m) && adminOrder.indexOf(m) === i);
  return [...named, ...configured.filter((m) => !named.includes(m))];
}

/** The models one generation tries, in order (the rules above). `chain` is in chain order. */
export function attemptOrder(chain: readonly ModelHealth[], adminOverride: boolean | null, now: Date): string[] {
  const primary = chain[0]?.model;
  const enabled = chain.filter((h) => !h.disabled);
  const candidates = adminOverride === true && enabled.length > 1 ? enabled.filter((h) => h.model !== primary) : enabled;
  const open = candidates.filter((h) => !isSkipped(h, now) || (adminOverride === false && h.model === primary));
  return (open.length > 0 ? open : candidates).map((h) => h.model);
}

/** Whether the recovery test should try this model now (a small tolerance for timer drift). */
export function isRecoveryDue(health: ModelHealth, now: Date, policy: ChainPolicy): boolean {
  if (health.disabled || !health.skipped) return false;
  if (health.lastRecoveryCheck === null) return true;
  return now.getTime() - health.lastRecoveryCheck.getTime() >= policy.recoveryIntervalMinutes * 60_000 * 0.9;
}

export type ModelStatus = 'in-use' | 'standby' | 'skipped' | 'disabled';

/** What the admin's chain table says of a model: the one the next generation tries first is in use. */
export function modelStatus(health: ModelHealth, firstTried: string | undefined, now: Date): ModelStatus {
  if (health.disabled) return 'disabled';
  if (health.model === firstTried) return 'in-use';
  return isSkipped(health, now) ? 'skipped' : 'standby';
}

/** The 001 §3 "Fallback status" shape the admin dashboard polls (retryAfter as ms timestamp). */
export interface FallbackStatus {
  isActive: boolean;
  adminOverride: boolean | null;
  failureCount: number;
  retryAfter: number | null;
  lastFailureTime: number | null;
  /** Which model the next generation tries first (e.g. black-forest-labs/flux-kontext-max, or local-engine). */
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

/** 001's fallback status, read from the chain: the primary is its first model, the fallback its second. */
export function fallbackStatusOf(
  chain: readonly ModelHealth[],
  adminOverride: boolean | null,
  now: Date,
  configuration: Omit<FallbackConfiguration, 'primaryModel' | 'fallbackModel'>,
): FallbackStatus {
  const primary = chain[0];
  return {
    isActive: primary ? primary.skipped : false,
    adminOverride,
    failureCount: primary?.failureCount ?? 0,
    retryAfter: primary?.skippedUntil ? primary.skippedUntil.getTime() : null,
    lastFailureTime: primary?.lastFailureTime ? primary.lastFailureTime.getTime() : null,
    currentModel: attemptOrder(chain, adminOverride, now)[0] ?? primary?.model ?? '',
    configuration: { ...configuration, primaryModel: primary?.model ?? '', fallbackModel: chain[1]?.model ?? null },
  };
}
