/**
 * How the System Reliability tab reads the fallback status (001 §2, §3, §4, §8, §9; D11).
 */
import type { FallbackStatus, FallbackTestResult } from '../api/admin.api';

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
export function testResultText(result: FallbackTestResult): string {
  const model = result.model || 'Unknown model';
  if (result.success) return `${model}: Success`;
  return result.error ? `${model}: Failed - ${result.error}` : `${model}: Failed`;
}

/** "10 minutes", "1 minute". */
export function minutesLabel(minutes: number): string {
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}
