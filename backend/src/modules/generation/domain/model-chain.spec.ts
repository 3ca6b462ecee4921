import { applyHealthEvent, attemptOrder, chainOrder, fallbackStatusOf, healthyModel, isRecoveryDue, modelStatus, type ModelHealth } from './model-chain';

const policy = { failureThreshold: 5, durationMinutes: 10, recoveryIntervalMinutes: 10 };
const now = new Date('2026-11-28T12:00:00Z');
const later = (minutes: number) => new Date(now.getTime() + minutes * 60_000);

function failed(model: string, times: number): ModelHealth {
  let h = healthyModel(model);
  for (let i = 0; i < times; i++) h = applyHealthEvent(h, { type: 'transient-failure', at: now }, policy);
  return h;
}

describe('model chain rules (D41, D11 per model)', () => {
  it('5 consecutive transient failures skip a model for 10 minutes; each further one pushes the window out', () => {
    expect(failed('a', 4)).toMatchObject({ failureCount: 4, skipped: false, skippedUntil: null });
    expect(failed('a', 5)).toMatchObject({ failureCount: 5, skipped: true, skippedUntil: later(10) });
    const sixth = applyHealthEvent(failed('a', 5), { type: 'transient-failure', at: later(3) }, policy);
    expect(sixth.skippedUntil).toEqual(later(13));
  });

  it('a success clears the count and the window; a refusal changes nothing', () => {
    expect(applyHealthEvent(failed('a', 5), { type: 'success', at: now }, policy)).toMatchObject({ failureCount: 0, skipped: false, skippedUntil: null });
    const four = failed('a', 4);
    expect(applyHealthEvent(four, { type: 'refusal', at: now }, policy)).toBe(four);
  });

  it('recovery: success ends the window early, failure pushes it out; due once per interval for a skipped, enabled model', () => {
    const skipped = failed('a', 5);
    expect(isRecoveryDue(skipped, now, policy)).toBe(true);
    expect(isRecoveryDue({ ...skipped, disabled: true }, now, policy)).toBe(false);
    expect(isRecoveryDue(failed('a', 3), now, policy)).toBe(false);
    const stillDown = applyHealthEvent(skipped, { type: 'recovery-result', success: false, at: later(10) }, policy);
    expect(stillDown).toMatchObject({ skipped: true, skippedUntil: later(20), lastRecoveryCheck: later(10) });
    expect(isRecoveryDue(stillDown, later(15), policy)).toBe(false);
    expect(isRecoveryDue(stillDown, later(20), policy)).toBe(true);
    expect(applyHealthEvent(stillDown, { type: 'recovery-result', success: true, at: later(20) }, policy)).toMatchObject({ skipped: false, failureCount: 0, skippedUntil: null });
  });

  it("the order: the admin's order of the configured models, then the configured ones it does not name; gone models left out", () => {
    expect(chainOrder(['a', 'b', 'c'], null)).toEqual(['a', 'b', 'c']);
    expect(chainOrder(['a', 'b', 'c'], ['c', 'a', 'b'])).toEqual(['c', 'a', 'b']);
    expect(chainOrder(['a', 'b', 'c', 'd'], ['c', 'x', 'a', 'c'])).toEqual(['c', 'a', 'b', 'd']);
  });

  it('a generation tries the enabled models in order, passing over skipped ones; all skipped: all tried', () => {
    const chain = [failed('a', 5), healthyModel('b'), { ...healthyModel('c'), disabled: true }, healthyModel('d')];
    expect(attemptOrder(chain, null, now)).toEqual(['b', 'd']);
    expect(attemptOrder(chain, null, later(11))).toEqual(['a', 'b', 'd']); // the window passed
    expect(attemptOrder([failed('a', 5), failed('b', 5)], null, now)).toEqual(['a', 'b']);
    expect(attemptOrder([{ ...healthyModel('a'), disabled: true }], null, now)).toEqual([]);
  });

  it("001's override: true passes over the primary, false tries it first whatever its window", () => {
    const chain = [failed('a', 5), healthyModel('b'), healthyModel('c')];
    expect(attemptOrder([healthyModel('a'), healthyModel('b')], true, now)).toEqual(['b']);
    expect(attemptOrder(chain, false, now)).toEqual(['a', 'b', 'c']);
    // the only enabled model is never passed over
    expect(attemptOrder([healthyModel('a'), { ...healthyModel('b'), disabled: true }], true, now)).toEqual(['a']);
  });

  it('statuses and the 001 fallback status read from the chain', () => {
    const chain = [failed('a', 5), healthyModel('b'), { ...healthyModel('c'), disabled: true }];
    expect(chain.map((h) => modelStatus(h, 'b', now))).toEqual(['skipped', 'in-use', 'disabled']);
    const status = fallbackStatusOf(chain, null, now, { engine: 'replicate', failureThreshold: 5, fallbackDurationMinutes: 10, recoveryIntervalMinutes: 10 });
    expect(status).toMatchObject({
      isActive: true,
      failureCount: 5,
      retryAfter: later(10).getTime(),
      currentModel: 'b',
      configuration: { primaryModel: 'a', fallbackModel: 'b' },
    });
    expect(fallbackStatusOf([healthyModel('local-engine')], null, now, { engine: 'local', failureThreshold: 5, fallbackDurationMinutes: 10, recoveryIntervalMinutes: 10 }).configuration).toMatchObject({
      primaryModel: 'local-engine',
      fallbackModel: null,
    });
  });
});
