/**
 * D43: reports and takedown, the rules. Plain TypeScript.
 */
export const REPORT_REASONS = ['ncii', 'minor', 'harassment', 'impersonation', 'copyright', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** What each reason reads as (the dialog, the admin's tab and the mails say the same). */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  ncii: 'Intimate image shared without consent',
  minor: 'Sexual content involving a minor',
  harassment: 'Harassment or hate',
  impersonation: 'Impersonation or deepfake of me',
  copyright: 'Copyright',
  other: 'Something else',
};

/** Reports of these hide the image from every public place at once, until an admin decides. */
export const URGENT_REASONS: ReadonlySet<ReportReason> = new Set<ReportReason>(['ncii', 'minor']);

export const DETAILS_MAX = 1000;
/** A review is due this long after the image's first open report (TAKE IT DOWN Act: 48 hours). */
export const REVIEW_HOURS = 48;
/** Reports from one address an hour (D43). */
export const REPORTS_PER_HOUR = 10;
/** A later image within this many bits of a blocked perceptual hash is the blocked image. */
export const BLOCK_DISTANCE = 6;
/** How long reports and decisions are kept after the decision (the privacy policy says the same). */
export const DECIDED_REPORT_RETENTION_DAYS = 365;

export type CaseStatus = 'open' | 'taken_down' | 'dismissed';
export type ReportOutcome = 'taken_down' | 'dismissed';

export function isReportReason(value: unknown): value is ReportReason {
  return typeof value === 'string' && (REPORT_REASONS as readonly string[]).includes(value);
}

export function reviewDeadline(firstReportedAt: Date): Date {
  return new Date(firstReportedAt.getTime() + REVIEW_HOURS * 60 * 60 * 1000);
}

/** Who reported, as counted once per image: the account when signed in, else the address's keyed hash. */
export function reporterKey(reporter: { userId: string | null; addressHash: string }): string {
  return reporter.userId ? `user:${reporter.userId}` : `ip:${reporter.addressHash}`;
}
