import { describe, expect, it } from 'vitest';
import { daysLeft, expiryBadge } from './expiry-badge';

const NOW = new Date('2030-06-01T12:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;

function inDays(days: number, extraMs = 0): string {
  return new Date(NOW.getTime() + days * DAY + extraMs).toISOString();
}

describe('expiryBadge (001 §4, §9)', () => {
  it('shows no badge with more than 7 days left', () => {
    expect(expiryBadge(inDays(8), false, NOW)).toBeNull();
    expect(expiryBadge(inDays(60), false, NOW)).toBeNull();
  });

  it("shows 'Nd left' at 7 days or fewer", () => {
    expect(expiryBadge(inDays(7), false, NOW)).toBe('7d left');
    expect(expiryBadge(inDays(7, 5 * 60 * 60 * 1000), false, NOW)).toBe('7d left');
    expect(expiryBadge(inDays(1), false, NOW)).toBe('1d left');
    expect(expiryBadge(inDays(1, DAY - 1), false, NOW)).toBe('1d left');
  });

  it("shows 'Expires today' with less than a whole day left, or when already past", () => {
    expect(expiryBadge(inDays(0), false, NOW)).toBe('Expires today');
    expect(expiryBadge(inDays(0, DAY - 1), false, NOW)).toBe('Expires today');
    expect(expiryBadge(inDays(-2), false, NOW)).toBe('Expires today');
  });

  it('never shows a badge on a favorite', () => {
    for (const days of [8, 7, 1, 0, -1]) expect(expiryBadge(inDays(days), true, NOW)).toBeNull();
  });

  it('shows no badge for a missing or invalid date', () => {
    expect(expiryBadge('', false, NOW)).toBeNull();
    expect(expiryBadge('not a date', false, NOW)).toBeNull();
    expect(daysLeft('', NOW)).toBeNull();
  });

  it('counts whole days, rounded down', () => {
    expect(daysLeft(inDays(3, DAY / 2), NOW)).toBe(3);
  });
});
