import { describe, expect, it } from 'vitest';
import {
  AMOUNT_TONE_COLOUR,
  amountTone,
  formatDay,
  formatDollars,
  formatMoney,
  formatPercent,
  formatUtcDay,
  shortId,
  signedAmount,
  sourceLabel,
} from './format';

describe('signed credit amounts (001 §2: green positive, red negative)', () => {
  it('writes the sign: "+" before a positive amount, "-" before a negative one', () => {
    expect(signedAmount(5)).toBe('+5');
    expect(signedAmount(-3)).toBe('-3');
    expect(signedAmount(0)).toBe('0');
    expect(signedAmount(1500)).toBe('+1,500');
  });

  it('draws positive amounts in the success green and negative ones in the destructive red', () => {
    expect(amountTone(5)).toBe('positive');
    expect(amountTone(-3)).toBe('negative');
    expect(amountTone(0)).toBe('zero');
    expect(AMOUNT_TONE_COLOUR[amountTone(5)]).toBe('var(--color-success)');
    expect(AMOUNT_TONE_COLOUR[amountTone(-3)]).toBe('var(--color-destructive)');
  });
});

describe('figures', () => {
  it('shows dollars with two decimals (001 §2 total revenue)', () => {
    expect(formatDollars(1234.5)).toBe('$1,234.50');
    expect(formatDollars(0)).toBe('$0.00');
  });

  it('shows model spend with two decimals, and an amount under $1 that is not whole cents with up to four (D41)', () => {
    expect(formatMoney(12.435)).toBe('$12.44');
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney(1.045)).toBe('$1.05');
    expect(formatMoney(0.5)).toBe('$0.50');
    expect(formatMoney(0.08)).toBe('$0.08');
    expect(formatMoney(0.045)).toBe('$0.045');
    expect(formatMoney(0.1234)).toBe('$0.1234');
    expect(formatMoney(0.12345)).toBe('$0.1235');
    expect(formatMoney(0.0001)).toBe('$0.0001');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(Number.NaN)).toBe('$0.00');
  });

  it('writes a negative amount with its minus sign, and never "-$0.00"', () => {
    expect(formatMoney(-0.025)).toBe('-$0.025');
    expect(formatMoney(-12.5)).toBe('-$12.50');
    expect(formatMoney(-0.00001)).toBe('$0.00');
    expect(formatMoney(-0)).toBe('$0.00');
  });

  it('shows the credit usage rate with one decimal', () => {
    expect(formatPercent(12.5)).toBe('12.5%');
    expect(formatPercent(0)).toBe('0.0%');
    expect(formatPercent(33.333)).toBe('33.3%');
  });

  it('shortens ids to their first 8 characters (001 §2 payment id) and names a missing one N/A', () => {
    expect(shortId('pi_3NabcdefGHIJ')).toBe('pi_3Nabc');
    expect(shortId('short')).toBe('short');
    expect(shortId(null)).toBe('N/A');
  });

  it('labels days and sources', () => {
    expect(formatDay('2030-06-03')).toBe('Jun 3');
    expect(formatUtcDay('2030-06-03')).toBe('Jun 3, 2030');
    expect(formatUtcDay('not a day')).toBe('not a day');
    expect(sourceLabel('pack')).toBe('Pack');
    expect(sourceLabel(null)).toBe('Other');
  });
});
