import { describe, expect, it } from 'vitest';
import {
  chainTestText,
  formatClock,
  formatLatency,
  modelName,
  movedOrder,
  reliabilityText,
  servesAlone,
  statusLabel,
  successRateText,
} from './model-chain';

describe('a chain model’s status (D41)', () => {
  it('says in use, standby and disabled; a skipped model until when, on the local 24-hour clock', () => {
    expect(statusLabel({ status: 'in-use', skippedUntil: null })).toBe('In use');
    expect(statusLabel({ status: 'standby', skippedUntil: null })).toBe('Standby');
    expect(statusLabel({ status: 'disabled', skippedUntil: null })).toBe('Disabled');
    expect(statusLabel({ status: 'skipped', skippedUntil: new Date(2030, 4, 30, 14, 5).getTime() })).toBe('Skipped until 14:05');
    expect(statusLabel({ status: 'skipped', skippedUntil: new Date(2030, 4, 30, 9, 0).getTime() })).toBe('Skipped until 09:00');
    expect(statusLabel({ status: 'skipped', skippedUntil: null })).toBe('Skipped');
    expect(formatClock(new Date(2030, 0, 1, 23, 59).getTime())).toBe('23:59');
  });

  it('names a model by its label, else its id', () => {
    expect(modelName({ label: 'Nano Banana', model: 'google/nano-banana' })).toBe('Nano Banana');
    expect(modelName({ label: '', model: 'google/nano-banana' })).toBe('google/nano-banana');
  });

  it('knows the local engine serves alone', () => {
    expect(servesAlone({ engine: 'local' })).toBe(true);
    expect(servesAlone({ engine: 'replicate' })).toBe(false);
  });
});

describe('reliability figures', () => {
  it('writes latency in seconds with one decimal, under a second in milliseconds, and — when unknown', () => {
    expect(formatLatency(8200)).toBe('8.2 s');
    expect(formatLatency(8249)).toBe('8.2 s');
    expect(formatLatency(1000)).toBe('1.0 s');
    expect(formatLatency(640)).toBe('640 ms');
    expect(formatLatency(999.4)).toBe('999 ms');
    expect(formatLatency(0)).toBe('0 ms');
    expect(formatLatency(null)).toBe('—');
  });

  it('writes the success rate with one decimal, — without one', () => {
    expect(successRateText(97.5)).toBe('97.5%');
    expect(successRateText(100)).toBe('100.0%');
    expect(successRateText(null)).toBe('—');
  });

  it('sums up a window: calls, success rate, p50 and p95; "no calls" without any', () => {
    expect(reliabilityText({ attempts: 40, successRate: 97.5, p50Ms: 8200, p95Ms: 12400 })).toBe(
      '40 calls: 97.5% success, p50 8.2 s, p95 12.4 s',
    );
    expect(reliabilityText({ attempts: 1, successRate: 0, p50Ms: null, p95Ms: null })).toBe('1 call: 0.0% success, p50 —, p95 —');
    expect(reliabilityText({ attempts: 0, successRate: null, p50Ms: null, p95Ms: null })).toBe('no calls');
  });
});

describe('moving a model (the whole new order is sent)', () => {
  const chain = ['a', 'b', 'c'];

  it('swaps it with its neighbour', () => {
    expect(movedOrder(chain, 0, 'down')).toEqual(['b', 'a', 'c']);
    expect(movedOrder(chain, 2, 'up')).toEqual(['a', 'c', 'b']);
    expect(movedOrder(chain, 1, 'up')).toEqual(['b', 'a', 'c']);
    expect(chain).toEqual(['a', 'b', 'c']);
  });

  it('cannot move the first one up, the last one down, or one that is not there', () => {
    expect(movedOrder(chain, 0, 'up')).toBeNull();
    expect(movedOrder(chain, 2, 'down')).toBeNull();
    expect(movedOrder(chain, 3, 'up')).toBeNull();
    expect(movedOrder(['only'], 0, 'down')).toBeNull();
  });
});

describe("a chain test's toast ('Test Complete')", () => {
  it('says success with the latency, or the failure with its error', () => {
    expect(chainTestText('Nano Banana', { success: true, error: null, latencyMs: 8240 })).toBe('Nano Banana: Success (8.2 s)');
    expect(chainTestText('Nano Banana', { success: true, error: null, latencyMs: 640 })).toBe('Nano Banana: Success (640 ms)');
    expect(chainTestText('Nano Banana', { success: true, error: null, latencyMs: null })).toBe('Nano Banana: Success');
    expect(chainTestText('Nano Banana', { success: false, error: 'E004', latencyMs: 30000 })).toBe('Nano Banana: Failed - E004');
    expect(chainTestText('Nano Banana', { success: false, error: null, latencyMs: 30000 })).toBe('Nano Banana: Failed');
  });
});
