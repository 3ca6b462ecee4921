import {
  inMinutes,
  isBlocked,
  loginFailurePolicy,
  minutesUntil,
  registrationAttemptPolicy,
  resendConfirmationPolicy,
  type IdentityLimits,
} from './rate-limit';

const D19: IdentityLimits = {
  resendConfirmationPerHour: 3,
  registrationAttemptsPerIpPerHour: 10,
  registrationBlockMinutes: 60,
  loginFailuresPerWindow: 5,
  loginFailureWindowMinutes: 15,
  loginBlockMinutes: 15,
};

describe('rate limits (D19)', () => {
  it('block registrations on the attempt after the 10th in an hour, for an hour', () => {
    expect(registrationAttemptPolicy(D19)).toEqual({ blockAt: 11, windowMinutes: 60, blockMinutes: 60 });
  });

  it('block sign-in for 15 minutes once the 5th failure in 15 minutes has happened', () => {
    expect(loginFailurePolicy(D19)).toEqual({ blockAt: 5, windowMinutes: 15, blockMinutes: 15 });
  });

  it('read every number from the configuration', () => {
    const raised = { ...D19, registrationAttemptsPerIpPerHour: 50, loginFailuresPerWindow: 8, loginBlockMinutes: 30, resendConfirmationPerHour: 1 };
    expect(registrationAttemptPolicy(raised).blockAt).toBe(51);
    expect(loginFailurePolicy(raised)).toMatchObject({ blockAt: 8, blockMinutes: 30 });
    expect(resendConfirmationPolicy(raised).blockAt).toBe(2);
  });

  it('treat a block as over once its time has passed', () => {
    const now = new Date('2025-01-01T12:00:00Z');
    expect(isBlocked({ count: 5, blockedUntil: new Date('2025-01-01T12:00:01Z') }, now)).toBe(true);
    expect(isBlocked({ count: 5, blockedUntil: new Date('2025-01-01T12:00:00Z') }, now)).toBe(false);
    expect(isBlocked({ count: 4, blockedUntil: null }, now)).toBe(false);
    expect(isBlocked(null, now)).toBe(false);
  });

  it('say how many whole minutes are left, rounding up, never 0', () => {
    const now = new Date('2025-01-01T12:00:00Z');
    expect(minutesUntil(new Date('2025-01-01T12:15:00Z'), now)).toBe(15);
    expect(minutesUntil(new Date('2025-01-01T12:14:01Z'), now)).toBe(15);
    expect(minutesUntil(new Date('2025-01-01T12:00:05Z'), now)).toBe(1);
    // A block the database set a few hundred microseconds after `now` was read.
    expect(minutesUntil(new Date(now.getTime() + 60 * 60_000 + 0.4), now)).toBe(60);
    expect(minutesUntil(new Date(now.getTime() + 60 * 60_000 + 999), now)).toBe(60);
    expect(minutesUntil(new Date('2025-01-01T11:59:00Z'), now)).toBe(1);
    expect(inMinutes(1)).toBe('1 minute');
    expect(inMinutes(15)).toBe('15 minutes');
  });
});
