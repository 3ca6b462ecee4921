/**
 * The Reports tab's words and sums (D43): the reasons as the report form names them, each case's
 * reasons with their counts, the 48-hour deadline as a countdown, and the decisions' toasts.
 */
import { REPORT_REASON_LABELS, REPORT_REASONS } from '../../../shared/api/report.api';
import type { QueuedReport, ReportReason } from '../api/admin.api';

/** The reasons as the report form names them (D43): one list, the form's. */
export { REPORT_REASON_LABELS };

/** The most a decision's reason may be (the server's REASON_MAX). */
export const DECISION_REASON_MAX = 500;

/** The countdown is redrawn every minute. */
export const COUNTDOWN_TICK_MS = 60_000;

const MINUTE_MS = 60_000;
const HOUR_MINUTES = 60;

export interface ReasonCount {
  reason: ReportReason;
  label: string;
  count: number;
}

/** A case's reasons, each once with how many reports gave it: the most given first, then the form's order. */
export function reasonCounts(reports: readonly QueuedReport[]): ReasonCount[] {
  const counts = new Map<ReportReason, number>();
  for (const report of reports) counts.set(report.reason, (counts.get(report.reason) ?? 0) + 1);
  return REPORT_REASONS.flatMap((reason) => {
    const count = counts.get(reason);
    return count ? [{ reason, label: REPORT_REASON_LABELS[reason], count }] : [];
  }).sort((a, b) => b.count - a.count);
}

/** "Harassment or hate (2)". */
export function reasonCountText({ label, count }: ReasonCount): string {
  return `${label} (${count})`;
}

/** Who made a report: a signed-in user, or a visitor (also a reporter whose account is gone). */
export function reporterText(report: Pick<QueuedReport, 'reporterUserId'>): string {
  return report.reporterUserId ? 'Signed-in user' : 'Visitor';
}

/** "47 h 12 min", "12 min", "less than 1 min": whole minutes, rounded down. */
export function durationText(ms: number): string {
  const minutes = Math.floor(Math.max(0, ms) / MINUTE_MS);
  if (minutes === 0) return 'less than 1 min';
  const hours = Math.floor(minutes / HOUR_MINUTES);
  const rest = minutes % HOUR_MINUTES;
  return hours > 0 ? `${hours} h ${rest} min` : `${rest} min`;
}

export interface DeadlineState {
  /** Past the deadline (by the clock, or as the server said when it answered). */
  overdue: boolean;
  /** "Due in 47 h 12 min", "Overdue by 3 h 5 min", "Deadline passed" or "Deadline unknown". */
  text: string;
}

/**
 * Where a case stands against its 48-hour deadline at `now` (ms). The clock decides, so the tab
 * turns a case overdue as the deadline passes between fetches; the server's `overdue` flag counts
 * too, so that a clock running behind the server's never hides an overdue case.
 */
export function deadlineState(deadline: string, serverOverdue: boolean, now: number): DeadlineState {
  const due = Date.parse(deadline);
  if (!Number.isFinite(due)) return { overdue: serverOverdue, text: serverOverdue ? 'Deadline passed' : 'Deadline unknown' };
  const left = due - now;
  if (left > 0 && !serverOverdue) return { overdue: false, text: `Due in ${durationText(left)}` };
  return { overdue: true, text: left < 0 ? `Overdue by ${durationText(-left)}` : 'Deadline passed' };
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** The take-down toast: "Image taken down: 2 images removed." */
export function takeDownText(imagesRemoved: number): string {
  return `Image taken down: ${plural(imagesRemoved, 'image', 'images')} removed.`;
}

/** The take-down toast's second line: "1 hash blocked." */
export function hashesBlockedText(hashesBlocked: number): string {
  return `${plural(hashesBlocked, 'hash', 'hashes')} blocked.`;
}

/** The dismissal toast: "Reports dismissed." and, when a report had hidden the image, that it is shown again. */
export function dismissedText(restored: boolean): string {
  return restored ? 'Reports dismissed. The image is visible again.' : 'Reports dismissed.';
}
