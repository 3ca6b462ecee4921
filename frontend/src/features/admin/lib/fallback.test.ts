import { describe, expect, it } from 'vitest';
import { fallbackStateLabel, nextRetryAt, overrideLabel, testResultText } from './fallback';

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
