/**
 * How the System Reliability tab reads the fallback status (001 §2, §3, §4, §8, §9; D11).
 */
import type { FallbackStatus, FallbackTestResult } from '../api/admin.api';

/** Issue 24: what the panel says when the server runs the local engine (no REPLICATE_API_TOKEN). */
export const LOCAL_ENGINE_NOTE =
  'This server uses the local engine, which has no fallback model: forcing the fallback on would change nothing.';
/** The hint of a Force Fallback On that cannot do anything. */
export const NO_FALLBACK_HINT = 'Not available: the local engine has no fallback model.';

/** Whether the server has a fallback model at all (the local engine has none, D10). */
export function hasFallbackModel(status: Pick<FallbackStatus, 'configuration'>): boolean {
  return status.configuration.engine !== 'local' && status.configuration.fallbackModel !== null;
}

/** "Fallback override updated": the override and the model now in use, as the answer says. */
export function overrideUpdatedText(status: FallbackStatus): string {
  return `Admin override: ${overrideLabel(status.adminOverride)}. Next generations use ${modelName(status)}.`;
}

/**
 * "Fallback system reset": the failures are at 0; which model is in use is the answer's, since
 * a reset keeps an admin override (forced on, the fallback model stays in use).
 */
export function resetDoneText(status: FallbackStatus): string {
  if (!hasFallbackModel(status)) return 'The failure count is back to 0. The local engine has no fallback model.';
  if (status.adminOverride === true) {
    return `The failure count is back to 0. The fallback stays forced on: ${modelName(status)} is in use until you return to automatic.`;
  }
  return `The failure count is back to 0 and ${modelName(status)} is in use.`;
}

function modelName(status: FallbackStatus): string {
  return status.currentModel || 'the active model';
}

/** 001 §9 */
export const TARGET_UPTIME = '99.9%';
/** 001 §9: status polling every 5 s. */
export const STATUS_POLL_SECONDS = 5;

/** 001 §2: the next retry time is shown only while it is still in the future. */
export function nextRetryAt(status: Pick<FallbackStatus, 'retryAfter'>, now: number): number | null {
  const { retryAfter } = status;
  return retryAfter !== null && retryAfter > now ? retryAfter : null;
}

/** "Fallback Active" or "Normal". */
export function fallbackStateLabel(status: Pick<FallbackStatus, 'isActive'>): string {
  return status.isActive ? 'Fallback Active' : 'Normal';
}

/** The admin override: null automatic, true forced on (fallback model), false forced off. */
export function overrideLabel(adminOverride: boolean | null): string {
  if (adminOverride === null) return 'Automatic';
  return adminOverride ? 'Forced on' : 'Forced off';
}

/** 001 §8 "Test Complete": "{model}: Success", or "{model}: Failed" plus " - {error}". */
export function testResultText(result: Pick<FallbackTestResult, 'model' | 'success' | 'error'>): string {
  const model = result.model || 'Unknown model';
  if (result.success) return `${model}: Success`;
  return result.error ? `${model}: Failed - ${result.error}` : `${model}: Failed`;
}

/** "10 minutes", "1 minute". */
export function minutesLabel(minutes: number): string {
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}
