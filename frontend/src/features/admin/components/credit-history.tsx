import { QueryStatus } from '../../../shared/ui/query-status';
import { pagedItems, useUserCreditsInfiniteQuery, type Transaction } from '../api/admin.api';
import { capitalize, formatDateTime, isoDate } from '../lib/format';
import { PagedFooter, pagedIsEmpty, pagedState, RowSkeletons, SignedAmount, SourceBadge } from './admin-parts';
import parts from './admin-parts.module.css';
import styles from './credit-history.module.css';

/** 001 §2 "scrollable Credit History": one user's ledger rows, newest first, with Load more. */
export function CreditHistory({ userId, labelledBy }: { userId: string; labelledBy: string }) {
  const result = useUserCreditsInfiniteQuery(userId);
  return (
    <QueryStatus
      query={pagedState(result)}
      loadingText="Loading credit history..."
      skeleton={<RowSkeletons rows={3} height="3rem" />}
      errorText="Could not load the credit history."
      emptyText="No credit history yet."
      isEmpty={pagedIsEmpty}
    >
      {(data) => (
        // A scrolling box is a focusable region, so keyboard users can scroll it too.
        <div className={styles.scroll} role="region" aria-labelledby={labelledBy} tabIndex={0}>
          <ul className={styles.list}>
            {pagedItems<Transaction>(data, (row) => row.id).map((row) => (
              <li key={row.id} className={styles.item}>
                <SignedAmount credits={row.credits} />
                <div className={styles.body}>
                  <p className={styles.description}>{row.description || capitalize(row.type)}</p>
                  <p className={parts.muted}>
                    <time dateTime={isoDate(row.createdAt)}>{formatDateTime(row.createdAt)}</time> ·{' '}
                    {capitalize(row.kind)}
                  </p>
                </div>
                <SourceBadge sourceType={row.sourceType} />
              </li>
            ))}
          </ul>
          <PagedFooter result={result} />
        </div>
      )}
    </QueryStatus>
  );
}
