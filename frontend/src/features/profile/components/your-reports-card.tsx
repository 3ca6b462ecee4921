import { REPORT_REASON_LABELS, REPORT_STATUS_LABELS, useMyReportsQuery, type MyReport, type ReportStatus } from '../../../shared/api/report.api';
import { Badge, type BadgeTone } from '../../../shared/ui/badge';
import { FlagIcon } from '../../../shared/ui/icons';
import { QueryStatus } from '../../../shared/ui/query-status';
import { Skeleton } from '../../../shared/ui/skeleton';
import { ProfileCard } from './profile-card';
import styles from './profile-cards.module.css';

export const YOUR_REPORTS_TITLE = 'Your reports';
export const YOUR_REPORTS_INTRO = 'Images you reported, and what we decided. Nobody is told who reported an image.';
export const YOUR_REPORTS_EMPTY = 'You have not reported any images.';
export const YOUR_REPORTS_ERROR = 'Unable to load your reports.';

const DATE_FORMAT = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

function formatDate(timestamp: string | null): string | null {
  if (!timestamp) return null;
  const date = new Date(timestamp);
  return Number.isNaN(date.getTime()) ? null : DATE_FORMAT.format(date);
}

/** The outcome's colour repeats its words: still open, removed, or looked at and left up. */
const STATUS_TONES: Readonly<Record<ReportStatus, BadgeTone>> = { open: 'magic', taken_down: 'success', dismissed: 'neutral' };

function ReportRow({ report }: { report: MyReport }) {
  const reported = formatDate(report.createdAt);
  const decided = report.status === 'open' ? null : formatDate(report.decidedAt);
  return (
    <li className={styles.reportRow}>
      <div className={styles.reportMain}>
        <span className={styles.reportReason}>{REPORT_REASON_LABELS[report.reason]}</span>
        <Badge tone={STATUS_TONES[report.status]}>{REPORT_STATUS_LABELS[report.status]}</Badge>
      </div>
      <p className={styles.reportMeta}>
        {reported ? (
          <span>
            Reported <time dateTime={report.createdAt}>{reported}</time>
          </span>
        ) : (
          <span>Reported</span>
        )}
        {decided && report.decidedAt ? (
          <span>
            Decided <time dateTime={report.decidedAt}>{decided}</time>
          </span>
        ) : null}
      </p>
    </li>
  );
}

/**
 * The profile's "Your reports" card (D43): every image the user reported, newest first, with its
 * reason, date and outcome (under review, removed, or reviewed with no action taken).
 */
export function YourReportsCard() {
  const query = useMyReportsQuery();
  return (
    <ProfileCard titleId="your-reports-title" icon={<FlagIcon />} title={YOUR_REPORTS_TITLE}>
      <p className={styles.muted}>{YOUR_REPORTS_INTRO}</p>
      <QueryStatus
        query={query}
        loadingText="Loading your reports..."
        skeleton={
          <div className={styles.reportRows} aria-hidden="true">
            <Skeleton height="4.5rem" />
            <Skeleton height="4.5rem" />
          </div>
        }
        errorText={YOUR_REPORTS_ERROR}
        emptyText={YOUR_REPORTS_EMPTY}
      >
        {(reports) => (
          <ul className={styles.reportRows} aria-labelledby="your-reports-title">
            {reports.map((report) => (
              <ReportRow key={report.id} report={report} />
            ))}
          </ul>
        )}
      </QueryStatus>
    </ProfileCard>
  );
}
