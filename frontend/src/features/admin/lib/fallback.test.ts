import { describe, expect, it } from 'vitest';
import { fallbackStatusSchema } from '../api/admin.api';
import { fallbackStatus } from '../admin-test-kit';
import { fallbackStateLabel, hasFallbackModel, nextRetryAt, overrideLabel, resetDoneText, testResultText } from './fallback';

const NOW = Date.UTC(2030, 4, 30, 12, 0, 0);

describe('the next retry time (001 §2: only if in the future)', () => {
  it('is shown while it is in the future', () => {
    expect(nextRetryAt({ retryAfter: NOW + 1 }, NOW)).toBe(NOW + 1);
    expect(nextRetryAt({ retryAfter: NOW + 10 * 60_000 }, NOW)).toBe(NOW + 10 * 60_000);
  });

  it('is not shown when it is now, past or unknown', () => {
    expect(nextRetryAt({ retryAfter: NOW }, NOW)).toBeNull();
    expect(nextRetryAt({ retryAfter: NOW - 1 }, NOW)).toBeNull();
    expect(nextRetryAt({ retryAfter: null }, NOW)).toBeNull();
  });
});

describe('fallback labels', () => {
  it('names the state and the override', () => {
    expect(fallbackStateLabel({ isActive: true })).toBe('Fallback Active');
    expect(fallbackStateLabel({ isActive: false })).toBe('Normal');
    expect(overrideLabel(null)).toBe('Automatic');
    expect(overrideLabel(true)).toBe('Forced on');
    expect(overrideLabel(false)).toBe('Forced off');
  });

  it("words a test result as 001 §8 'Test Complete' does", () => {
    expect(testResultText({ model: 'Flux Kontext Max', success: true, error: null })).toBe('Flux Kontext Max: Success');
    expect(testResultText({ model: 'Flux Kontext Pro', success: false, error: 'timeout' })).toBe('Flux Kontext Pro: Failed - timeout');
    expect(testResultText({ model: 'Flux Kontext Pro', success: false, error: null })).toBe('Flux Kontext Pro: Failed');
  });
});

describe('what a reset says (issue 24: from the answer, since a reset keeps the override)', () => {
  const status = (overrides: Record<string, unknown>) => fallbackStatusSchema.parse(fallbackStatus(overrides));
  const local = { engine: 'local', primaryModel: 'local-engine', fallbackModel: null, failureThreshold: 5, fallbackDurationMinutes: 10, recoveryIntervalMinutes: 10 };

  it('names the model in use, and a forced fallback that stays', () => {
    expect(resetDoneText(status({}))).toBe('The failure count is back to 0 and Flux Kontext Max is in use.');
    expect(resetDoneText(status({ adminOverride: true, currentModel: 'Flux Kontext Pro' }))).toBe(
      'The failure count is back to 0. The fallback stays forced on: Flux Kontext Pro is in use until you return to automatic.',
    );
  });

  it('knows the local engine has no fallback model', () => {
    expect(hasFallbackModel(status({}))).toBe(true);
    expect(hasFallbackModel(status({ currentModel: 'local-engine', configuration: local }))).toBe(false);
    expect(resetDoneText(status({ currentModel: 'local-engine', configuration: local }))).toBe(
      'The failure count is back to 0. The local engine has no fallback model.',
    );
  });
});
