import {
  applyFallbackEvent,
  chooseModelRole,
  INITIAL_FALLBACK_STATE,
  isRecoveryDue,
  type FallbackEvent,
  type FallbackPolicy,
  type FallbackState,
} from './fallback-state';

// D11: 5 consecutive transient failures → fallback for 10 minutes; recovery test every 10 minutes.
const policy: FallbackPolicy = { failureThreshold: 5, durationMinutes: 10, recoveryIntervalMinutes: 10 };
const t0 = new Date('2025-06-01T12:00:00Z');
const at = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);

function run(events: FallbackEvent[], from: FallbackState = INITIAL_FALLBACK_STATE): FallbackState {
  return events.reduce((s, e) => applyFallbackEvent(s, e, policy), from);
}
const primaryFailure = (m = 0): FallbackEvent => ({ type: 'transient-failure', role: 'primary', at: at(m) });

describe('D11 fallback state', () => {
  it('switches to the fallback on the 5th consecutive transient failure of the primary, for 10 minutes', () => {
    const four = run([primaryFailure(), primaryFailure(), primaryFailure(), primaryFailure()]);
    expect(four).toMatchObject({ isActive: false, failureCount: 4 });
    expect(chooseModelRole(four, at(0))).toBe('primary');

    const five = applyFallbackEvent(four, primaryFailure(1), policy);
    expect(five).toMatchObject({ isActive: true, failureCount: 5, lastFailureTime: at(1) });
    expect(five.retryAfter).toEqual(at(11));
    expect(chooseModelRole(five, at(5))).toBe('fallback');
    // once retryAfter has passed the primary is tried again
    expect(chooseModelRole(five, at(11))).toBe('primary');
  });

  it('counts consecutive failures only: a success of the primary starts the count again', () => {
    const s = run([primaryFailure(), primaryFailure(), primaryFailure(), primaryFailure(), { type: 'success', role: 'primary', at: at(0) }, primaryFailure()]);
    expect(s).toMatchObject({ isActive: false, failureCount: 1 });
  });

  it('never counts an E005 refusal, and a refusal does not reset the count either', () => {
    const refusals: FallbackEvent[] = Array.from({ length: 10 }, () => ({ type: 'refusal', role: 'primary', at: at(0) }) as const);
    expect(run(refusals)).toEqual(INITIAL_FALLBACK_STATE);
    const s = run([primaryFailure(), primaryFailure(), primaryFailure(), primaryFailure(), ...refusals, primaryFailure()]);
    expect(s).toMatchObject({ isActive: true, failureCount: 5 });
  });

  it('does not count failures of the fallback model toward anything, but remembers when it failed', () => {
    const active = run([primaryFailure(), primaryFailure(), primaryFailure(), primaryFailure(), primaryFailure()]);
    const after = applyFallbackEvent(active, { type: 'transient-failure', role: 'fallback', at: at(3) }, policy);
    expect(after).toEqual({ ...active, lastFailureTime: at(3) });
    expect(applyFallbackEvent(active, { type: 'success', role: 'fallback', at: at(3) }, policy)).toEqual(active);
  });

  it('a primary failure after retryAfter has passed pushes the fallback out again', () => {
    const active = run([primaryFailure(), primaryFailure(), primaryFailure(), primaryFailure(), primaryFailure()]);
    const again = applyFallbackEvent(active, primaryFailure(12), policy);
    expect(again).toMatchObject({ isActive: true, failureCount: 6 });
    expect(again.retryAfter).toEqual(at(22));
  });

  it('a primary success while the fallback is active switches back', () => {
    const active = run([primaryFailure(), primaryFailure(), primaryFailure(), primaryFailure(), primaryFailure()]);
    expect(applyFallbackEvent(active, { type: 'success', role: 'primary', at: at(12) }, policy)).toMatchObject({ isActive: false, failureCount: 0, retryAfter: null });
  });

  it('recovery test: success switches back; failure pushes retryAfter out by the duration', () => {
    const active = run([primaryFailure(), primaryFailure(), primaryFailure(), primaryFailure(), primaryFailure()]);
    const ok = applyFallbackEvent(active, { type: 'recovery-result', success: true, at: at(10) }, policy);
    expect(ok).toMatchObject({ isActive: false, failureCount: 0, retryAfter: null, lastRecoveryCheck: at(10) });
    expect(chooseModelRole(ok, at(10))).toBe('primary');

    const bad = applyFallbackEvent(active, { type: 'recovery-result', success: false, at: at(10) }, policy);
    expect(bad).toMatchObject({ isActive: true, lastRecoveryCheck: at(10), lastFailureTime: at(10) });
    expect(bad.retryAfter).toEqual(at(20));
    expect(chooseModelRole(bad, at(15))).toBe('fallback');
  });

  it('the admin override wins over the state: true → fallback, false → primary, null → the rules', () => {
    const active = run([primaryFailure(), primaryFailure(), primaryFailure(), primaryFailure(), primaryFailure()]);
    const forcedPrimary = applyFallbackEvent(active, { type: 'admin-override', enabled: false, at: at(1) }, policy);
    expect(chooseModelRole(forcedPrimary, at(2))).toBe('primary');
    const forcedFallback = applyFallbackEvent(INITIAL_FALLBACK_STATE, { type: 'admin-override', enabled: true, at: at(1) }, policy);
    expect(chooseModelRole(forcedFallback, at(2))).toBe('fallback');
    const automatic = applyFallbackEvent(forcedPrimary, { type: 'admin-override', enabled: null, at: at(1) }, policy);
    expect(chooseModelRole(automatic, at(2))).toBe('fallback');
  });

  it('reset clears the count and the fallback but keeps the admin override', () => {
    const s = run([{ type: 'admin-override', enabled: true, at: at(0) }, primaryFailure(), primaryFailure(), primaryFailure(), primaryFailure(), primaryFailure(), { type: 'reset', at: at(1) }]);
    expect(s).toMatchObject({ isActive: false, failureCount: 0, retryAfter: null, adminOverride: true });
  });

  it('the recovery test is due only while the fallback is active, without an override, once per interval', () => {
    const active = run([primaryFailure(), primaryFailure(), primaryFailure(), primaryFailure(), primaryFailure()]);
    expect(isRecoveryDue(INITIAL_FALLBACK_STATE, at(0), policy)).toBe(false);
    expect(isRecoveryDue(active, at(0), policy)).toBe(true);
    const checked = applyFallbackEvent(active, { type: 'recovery-result', success: false, at: at(10) }, policy);
    expect(isRecoveryDue(checked, at(12), policy)).toBe(false);
    expect(isRecoveryDue(checked, at(20), policy)).toBe(true);
    expect(isRecoveryDue({ ...active, adminOverride: true }, at(0), policy)).toBe(false);
    expect(isRecoveryDue({ ...active, adminOverride: false }, at(0), policy)).toBe(false);
  });
});
