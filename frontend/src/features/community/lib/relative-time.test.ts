import { describe, expect, it } from 'vitest';
import { timeAgo } from './relative-time';

const NOW = Date.parse('2026-03-10T12:00:00Z');

describe('timeAgo', () => {
  it.each([
    ['2026-03-10T11:59:30Z', 'just now'],
    ['2026-03-10T12:00:05Z', 'just now'],
    ['2026-03-10T11:55:00Z', '5 minutes ago'],
    ['2026-03-10T11:00:00Z', '1 hour ago'],
    ['2026-03-09T11:00:00Z', 'yesterday'],
    ['2026-02-20T12:00:00Z', '2 weeks ago'],
    ['2025-01-10T12:00:00Z', 'last year'],
  ])('%s reads "%s"', (iso, text) => {
    expect(timeAgo(iso, NOW)).toBe(text);
  });

  it('is empty for a missing date', () => {
    expect(timeAgo('', NOW)).toBe('');
    expect(timeAgo('not a date', NOW)).toBe('');
  });
});
