import { allowPerWindow, MAX_WINDOW_MINUTES, minutesLeft, rateLimitPolicy, storedSubject } from './rate-limit-policy';

describe('rate-limit policies', () => {
  it('let `max` attempts through per window and block the next one for the window by default', () => {
    expect(allowPerWindow(5, 15)).toEqual({ blockAt: 6, windowMinutes: 15, blockMinutes: 15 });
    expect(allowPerWindow(10, 60, 120)).toEqual({ blockAt: 11, windowMinutes: 60, blockMinutes: 120 });
  });

  it('refuse a policy that could not work, where it is built', () => {
    expect(() => rateLimitPolicy({ blockAt: 0, windowMinutes: 1, blockMinutes: 1 })).toThrow(RangeError);
    expect(() => rateLimitPolicy({ blockAt: 2, windowMinutes: 0, blockMinutes: 1 })).toThrow(RangeError);
    // Counters idle for MAX_WINDOW_MINUTES are pruned, so no window may be longer.
    expect(() => rateLimitPolicy({ blockAt: 2, windowMinutes: MAX_WINDOW_MINUTES + 1, blockMinutes: 1 })).toThrow(RangeError);
    expect(() => rateLimitPolicy({ blockAt: 2, windowMinutes: 1.5, blockMinutes: 1 })).toThrow(RangeError);
    expect(() => rateLimitPolicy({ blockAt: 2, windowMinutes: 1, blockMinutes: 0 })).toThrow(RangeError);
  });

  it('store a subject within its columns and refuse an unnamed or over-long kind', () => {
    const ip = 'f'.repeat(60);
    expect(storedSubject({ ip, type: 'login', identifier: 'a@b.c' })).toEqual({ ip: 'f'.repeat(45), type: 'login', identifier: 'a@b.c' });
    expect(() => storedSubject({ ip: '1.2.3.4', type: '', identifier: '' })).toThrow(RangeError);
    expect(() => storedSubject({ ip: '1.2.3.4', type: 'x'.repeat(21), identifier: '' })).toThrow(RangeError);
  });

  it('say how many whole minutes are left, rounding up, never 0', () => {
    expect(minutesLeft(15 * 60)).toBe(15);
    expect(minutesLeft(14 * 60 + 1)).toBe(15);
    expect(minutesLeft(5)).toBe(1);
    expect(minutesLeft(0)).toBe(1);
    // A 60-minute block the database set a few hundred microseconds ago.
    expect(minutesLeft(3600.0004)).toBe(60);
    expect(minutesLeft(3599.9)).toBe(60);
  });
});
