import { describe, expect, it } from 'vitest';
import { AMOUNT_MESSAGE, EMPTY_ADJUST_FORM, LIMIT_MESSAGE, NOTES_MESSAGE, validateAdjustment, type AdjustFormValues } from './adjust-credits';

function values(overrides: Partial<AdjustFormValues>): AdjustFormValues {
  return { ...EMPTY_ADJUST_FORM, ...overrides };
}

describe('the adjust credits rules (001 §5)', () => {
  it('calls an empty amount or reason missing (the required-fields toast)', () => {
    expect(validateAdjustment(values({}))).toMatchObject({ ok: false, missing: true });
    expect(validateAdjustment(values({ amount: '5' }))).toMatchObject({ ok: false, missing: true });
    expect(validateAdjustment(values({ amount: '   ', reason: 'gift' }))).toMatchObject({ ok: false, missing: true });
  });

  it('takes a whole number, positive or negative, but not 0, a fraction or text', () => {
    expect(validateAdjustment(values({ amount: ' -5 ', reason: 'penalty' }))).toEqual({
      ok: true,
      adjustment: { kind: 'regular', credits: -5, reason: 'penalty' },
    });
    expect(validateAdjustment(values({ amount: '+3', reason: 'gift' }))).toMatchObject({ ok: true, adjustment: { credits: 3 } });
    for (const amount of ['0', '-0', '1.5', '1e3', 'five']) {
      expect(validateAdjustment(values({ amount, reason: 'gift' }))).toEqual({
        ok: false,
        missing: false,
        errors: { amount: AMOUNT_MESSAGE },
      });
    }
  });

  it('refuses more than 100,000 credits either way, as the server does', () => {
    expect(validateAdjustment(values({ amount: '-100000', reason: 'penalty' }))).toMatchObject({ ok: true });
    expect(validateAdjustment(values({ amount: '100001', reason: 'gift' }))).toEqual({
      ok: false,
      missing: false,
      errors: { amount: LIMIT_MESSAGE },
    });
    expect(LIMIT_MESSAGE).toBe('Adjust at most 100,000 credits at a time');
  });

  it('keeps trimmed notes, drops empty ones, refuses more than 500 characters', () => {
    expect(validateAdjustment(values({ amount: '1', reason: 'refund', notes: '  hi  ', kind: 'watermarked' }))).toEqual({
      ok: true,
      adjustment: { kind: 'watermarked', credits: 1, reason: 'refund', notes: 'hi' },
    });
    expect(validateAdjustment(values({ amount: '1', reason: 'refund', notes: '   ' }))).toEqual({
      ok: true,
      adjustment: { kind: 'regular', credits: 1, reason: 'refund' },
    });
    expect(validateAdjustment(values({ amount: '1', reason: 'refund', notes: 'x'.repeat(501) }))).toMatchObject({
      ok: false,
      errors: { notes: NOTES_MESSAGE },
    });
  });
});
