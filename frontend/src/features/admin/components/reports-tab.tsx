import { useEffect, useId, useRef, useState } from 'react';
import { imagePath } from '../../../shared/api/edit-fields';
import { useGetCurrentUserQuery } from '../../../shared/api/current-user.api';
import { cx } from '../../../shared/lib/cx';
import { aiEditedAlt } from '../../../shared/ui/ai-edited-badge';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { EmailAddress } from '../../../shared/ui/email-address';
import { AlertCircleIcon, ClockIcon } from '../../../shared/ui/icons';
import { QueryStatus } from '../../../shared/ui/query-status';
import {
  pagedItems,
  pagedTotal,
  REPORTS_POLL_INTERVAL_MS,
  useReportCasesInfiniteQuery,
  type QueuedReport,
  type ReportCase,
} from '../api/admin.api';
import { useNow } from '../hooks/use-now';
import { useReportDecisions, type ReportDecision } from '../hooks/use-report-decisions';
import { formatCount, formatDateTime, isoDate } from '../lib/format';
import {
  COUNTDOWN_TICK_MS,
  deadlineState,
  reasonCounts,
  reasonCountText,
  REPORT_REASON_LABELS,
  reporterText,
} from '../lib/reports';
import { Badge, Facts, PagedFooter, pagedIsEmpty, pagedState, RowSkeletons } from './admin-parts';
import parts from './admin-parts.module.css';
import { ReportDecisionDialog } from './report-decision-dialog';
import styles from './reports-tab.module.css';

export const IMAGE_GONE_TEXT = 'Image no longer stored';

/** The reported image, as admins may load it even while it is hidden; a placeholder once it is gone. */
function Thumbnail({ imageId, prompt }: { imageId: string; prompt: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <div className={cx(styles.thumb, styles.placeholder)}>
        <span>{IMAGE_GONE_TEXT}</span>
      </div>
    );
  }
  return (
    <img
      className={styles.thumb}
      src={imagePath(imageId)}
      alt={aiEditedAlt(prompt)}
      width={128}
      height={128}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}

/** The owner's e-mail, or "Deleted account" once the account is gone (D35), with "Suspended" when suspended. */
function Owner({ report }: { report: ReportCase }) {
  let name;
  if (report.ownerId === null) name = 'Deleted account';
  else if (report.ownerEmail) name = <EmailAddress email={report.ownerEmail} />;
  else name = <span className={parts.mono}>{report.ownerId}</span>;
  return (
    <span className={styles.owner}>
      {name}
      {report.ownerSuspended ? <Badge tone="danger">Suspended</Badge> : null}
    </span>
  );
}

function ReportItem({ report }: { report: QueuedReport }) {
  return (
    <li className={styles.report}>
      <p className={styles.reportHead}>
        <strong>{REPORT_REASON_LABELS[report.reason]}</strong>
        <span className={parts.muted}>
          <time dateTime={isoDate(report.createdAt)}>{formatDateTime(report.createdAt)}</time> · {reporterText(report)}
        </span>
      </p>
      {/* The reporter's own words: React writes them as text, never as markup. */}
      {report.details ? <p className={styles.details}>{report.details}</p> : null}
    </li>
  );
}

interface CaseProps {
  report: ReportCase;
  now: number;
  /** The signed-in admin's id: the server refuses self-suspension, so that button is not offered. */
  selfId: string | undefined;
  /** A decision is being sent: every action waits. */
  waiting: boolean;
  onDecide: (report: ReportCase, decision: ReportDecision) => void;
}

/** One reported image (D43): the image, its owner, the reasons and reports, the deadline and the decisions. */
function ReportCaseCard({ report, now, selfId, waiting, onDecide }: CaseProps) {
  const titleId = useId();
  const reasonsId = useId();
  const reportsId = useId();
  const deadline = deadlineState(report.deadline, report.overdue, now);
  const canSuspend = report.ownerId !== null && !report.ownerSuspended && report.ownerId !== selfId;
  const DeadlineIcon = deadline.overdue ? AlertCircleIcon : ClockIcon;
  const action = (decision: ReportDecision) => () => {
    if (!waiting) onDecide(report, decision);
  };

  return (
    <article className={cx(parts.row, styles.case)} aria-labelledby={titleId}>
      <Thumbnail key={report.imageId} imageId={report.imageId} prompt={report.prompt} />
      <div className={styles.body}>
        <div className={parts.rowHead}>
          <h3 id={titleId} className={parts.rowTitle}>
            {report.prompt || 'No prompt'}
          </h3>
          <div className={parts.badges}>
            {deadline.overdue ? <Badge tone="danger">Overdue</Badge> : null}
            {report.hiddenPendingReview ? <Badge tone="warning">Hidden pending review</Badge> : null}
          </div>
        </div>
        <p className={styles.deadline} data-overdue={deadline.overdue}>
          <DeadlineIcon width={18} height={18} />
          <span>{deadline.text}</span>
        </p>
        <Facts
          items={[
            { label: 'Owner', value: <Owner report={report} /> },
            {
              label: 'Deadline',
              value: <time dateTime={isoDate(report.deadline)}>{formatDateTime(report.deadline)}</time>,
            },
            {
              label: 'First reported',
              value: <time dateTime={isoDate(report.firstReportedAt)}>{formatDateTime(report.firstReportedAt)}</time>,
            },
            { label: 'Image ID', value: <span className={parts.mono}>{report.imageId}</span> },
          ]}
        />
        <div className={styles.group}>
          <h4 id={reasonsId} className={styles.groupTitle}>
            Reasons
          </h4>
          <ul className={styles.reasons} aria-labelledby={reasonsId}>
            {reasonCounts(report.reports).map((entry) => (
              <li key={entry.reason}>
                <Badge tone={entry.reason === 'ncii' || entry.reason === 'minor' ? 'danger' : 'neutral'}>{reasonCountText(entry)}</Badge>
              </li>
            ))}
          </ul>
        </div>
        <div className={styles.group}>
          <h4 id={reportsId} className={styles.groupTitle}>
            {`Reports (${formatCount(report.reports.length)})`}
          </h4>
          <ol className={styles.reports} aria-labelledby={reportsId}>
            {report.reports.map((entry) => (
              <ReportItem key={entry.id} report={entry} />
            ))}
          </ol>
        </div>
        <div className={parts.actions}>
          <Button
            size="sm"
            variant="destructive"
            data-take-down={report.imageId}
            aria-disabled={waiting || undefined}
            onClick={action('take-down')}
          >
            Take down
          </Button>
          <Button size="sm" variant="secondary" aria-disabled={waiting || undefined} onClick={action('dismiss')}>
            Dismiss
          </Button>
          {canSuspend ? (
            <Button size="sm" variant="secondary" aria-disabled={waiting || undefined} onClick={action('suspend')}>
              Suspend owner
            </Button>
          ) : null}
        </div>
      </div>
    </article>
  );
}

function casesText(total: number): string {
  return `${formatCount(total)} ${total === 1 ? 'image' : 'images'} with open reports`;
}

interface DialogRequest {
  report: ReportCase;
  decision: ReportDecision;
  /** A new dialog (an empty reason) for every opening. */
  key: number;
}

/**
 * Where focus goes once a decision is made, since the button the dialog gives it back to goes
 * away: after Take down or Dismiss the case leaves the list (the panel's heading takes it); after
 * Suspend owner that button does (the case's Take down takes it).
 */
type FocusAfter = { target: 'heading' } | { target: 'case'; imageId: string };

/**
 * D43 "Reports": the images with open reports, the nearest deadline first, each with its live
 * 48-hour countdown, and Take down, Dismiss and Suspend owner behind a confirmation with a
 * reason. Fetched again every 30 s while shown, and after every decision (RTK Query tags).
 */
export function ReportsTab() {
  const cases = useReportCasesInfiniteQuery(undefined, { pollingInterval: REPORTS_POLL_INTERVAL_MS });
  const { data: me } = useGetCurrentUserQuery();
  const now = useNow(COUNTDOWN_TICK_MS);
  const decisions = useReportDecisions();
  const [request, setRequest] = useState<DialogRequest | null>(null);
  const [focusAfter, setFocusAfter] = useState<FocusAfter | null>(null);
  const openings = useRef(0);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const headingId = useId();
  const total = pagedTotal(cases.currentData);

  // Runs after the closed dialog has given focus back, so that this one wins.
  useEffect(() => {
    if (!focusAfter) return;
    if (focusAfter.target === 'heading') {
      headingRef.current?.focus();
    } else {
      const buttons = Array.from(listRef.current?.querySelectorAll<HTMLButtonElement>('button[data-take-down]') ?? []);
      buttons.find((button) => button.dataset.takeDown === focusAfter.imageId)?.focus();
    }
    setFocusAfter(null);
  }, [focusAfter]);

  function open(report: ReportCase, decision: ReportDecision) {
    openings.current += 1;
    setRequest({ report, decision, key: openings.current });
  }

  function confirm(reason: string) {
    if (!request) return;
    const { report, decision } = request;
    void decisions.decide(report, decision, reason).then((done) => {
      if (!done) return;
      setRequest(null);
      setFocusAfter(decision === 'suspend' ? { target: 'case', imageId: report.imageId } : { target: 'heading' });
    });
  }

  return (
    <div className={parts.tab}>
      <Card as="section" className={parts.panel} aria-labelledby={headingId}>
        <div className={parts.panelHead}>
          <h2 ref={headingRef} id={headingId} className={parts.panelTitle} tabIndex={-1}>
            Reports
          </h2>
          <p className={parts.muted}>Updates every 30 seconds</p>
        </div>
        <p className={parts.muted}>
          Decide on each reported image within 48 hours of its first report; the nearest deadline is first.
          {total === null ? null : ` ${casesText(total)}.`}
        </p>
        <QueryStatus
          query={pagedState(cases)}
          loadingText="Loading reports..."
          skeleton={<RowSkeletons rows={2} height="12rem" />}
          errorText="Could not load the reports."
          retryLabel="Retry"
          emptyText="No open reports."
          isEmpty={pagedIsEmpty}
        >
          {(data) => (
            <>
              <ul ref={listRef} className={parts.list} aria-label="Reported images">
                {pagedItems<ReportCase>(data, (row) => row.imageId).map((row) => (
                  <li key={row.imageId}>
                    <ReportCaseCard
                      report={row}
                      now={now}
                      selfId={me?.id}
                      waiting={decisions.pending !== null}
                      onDecide={open}
                    />
                  </li>
                ))}
              </ul>
              <PagedFooter result={cases} />
            </>
          )}
        </QueryStatus>
      </Card>
      <ReportDecisionDialog
        key={request?.key ?? 'closed'}
        request={request}
        pending={decisions.pending !== null}
        onConfirm={confirm}
        onClose={() => setRequest(null)}
      />
    </div>
  );
}
