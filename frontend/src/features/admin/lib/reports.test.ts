import { describe, expect, it } from 'vitest';
import type { QueuedReport, ReportReason } from '../api/admin.api';
import {
  deadlineState,
  dismissedText,
  durationText,
  hashesBlockedText,
  reasonCounts,
  reasonCountText,
  REPORT_REASON_LABELS,
  reporterText,
  takeDownText,
} from './reports';

const NOW = Date.parse('2030-05-30T12:00:00.000Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

function report(reason: ReportReason, n = 0): QueuedReport {
  return { id: `r${reason}${n}`, reason, details: null, createdAt: '2030-05-30T10:00:00.000Z', reporterUserId: null };
}

describe('report reasons (D43)', () => {
  it('names every reason as the report form does', () => {
    expect(REPORT_REASON_LABELS).toEqual({
      ncii: 'Intimate image shared without consent',
      minor: 'Sexual content involving a minor',
      harassment: 'Harassment or hate',
      impersonation: 'Impersonation or deepfake of me',
      copyright: 'Copyright',
      other: 'Something else',
    });
  });

  it('counts each reason once, the most given first, then in the form order', () => {
    const counts = reasonCounts([report('other'), report('copyright'), report('harassment', 1), report('minor'), report('harassment', 2)]);
    expect(counts.map(reasonCountText)).toEqual([
      'Harassment or hate (2)',
      'Sexual content involving a minor (1)',
      'Copyright (1)',
      'Something else (1)',
    ]);
    expect(reasonCounts([])).toEqual([]);
  });

  it('says who reported', () => {
    expect(reporterText({ reporterUserId: 'u1' })).toBe('Signed-in user');
    expect(reporterText({ reporterUserId: null })).toBe('Visitor');
  });
});

describe('the 48-hour deadline', () => {
  it('writes whole minutes, rounded down', () => {
    expect(durationText(47 * HOUR + 12 * MINUTE + 59_000)).toBe('47 h 12 min');
    expect(durationText(48 * HOUR)).toBe('48 h 0 min');
    expect(durationText(12 * MINUTE)).toBe('12 min');
    expect(durationText(59_999)).toBe('less than 1 min');
    expect(durationText(-5)).toBe('less than 1 min');
  });

  it('counts down to the deadline, then says by how much it is overdue', () => {
    const deadline = new Date(NOW + 47 * HOUR + 12 * MINUTE).toISOString();
    expect(deadlineState(deadline, false, NOW)).toEqual({ overdue: false, text: 'Due in 47 h 12 min' });
    expect(deadlineState(deadline, false, NOW + 48 * HOUR)).toEqual({ overdue: true, text: 'Overdue by 48 min' });
    expect(deadlineState(deadline, false, NOW + 50 * HOUR + 20 * MINUTE)).toEqual({ overdue: true, text: 'Overdue by 3 h 8 min' });
    expect(deadlineState(deadline, false, NOW + 47 * HOUR + 12 * MINUTE)).toEqual({ overdue: true, text: 'Deadline passed' });
  });

  it("takes the server's overdue flag when the clock is behind, and copes with a broken deadline", () => {
    expect(deadlineState(new Date(NOW + MINUTE).toISOString(), true, NOW)).toEqual({ overdue: true, text: 'Deadline passed' });
    expect(deadlineState('', false, NOW)).toEqual({ overdue: false, text: 'Deadline unknown' });
    expect(deadlineState('not a date', true, NOW)).toEqual({ overdue: true, text: 'Deadline passed' });
  });
});

describe('decision toasts', () => {
  it('counts the images removed and the hashes blocked', () => {
    expect(takeDownText(1)).toBe('Image taken down: 1 image removed.');
    expect(takeDownText(3)).toBe('Image taken down: 3 images removed.');
    expect(hashesBlockedText(1)).toBe('1 hash blocked.');
    expect(hashesBlockedText(0)).toBe('0 hashes blocked.');
  });

  it('says when a dismissal shows the image again', () => {
    expect(dismissedText(false)).toBe('Reports dismissed.');
    expect(dismissedText(true)).toBe('Reports dismissed. The image is visible again.');
  });
});
