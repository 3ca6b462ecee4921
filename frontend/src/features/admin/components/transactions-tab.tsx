import { useId, useState } from 'react';
import { QueryStatus } from '../../../shared/ui/query-status';
import { SelectField } from '../../../shared/ui/select-field';
import { TextField } from '../../../shared/ui/text-field';
import { pagedItems, pagedTotal, pagedTotalEstimated, useTransactionsInfiniteQuery, type Transaction } from '../api/admin.api';
import { useSearchTerm } from '../hooks/use-search-term';
import { accountIdText, capitalize, formatDateTime, isoDate } from '../lib/format';
import { extractUserId } from '../lib/image-id';
import { PagedFooter, pagedIsEmpty, pagedState, RowSkeletons, SignedAmount, SourceBadge } from './admin-parts';
import parts from './admin-parts.module.css';
import styles from './transactions-tab.module.css';
import hidden from '../../../shared/ui/visually-hidden.module.css';

/** The source types the ledger writes (the contract's list); "" shows them all. */
export const SOURCE_TYPES = ['verification', 'pack', 'subscription', 'admin', 'generation', 'refund'] as const;

const SOURCE_OPTIONS = [
  { value: '', label: 'All sources' },
  ...SOURCE_TYPES.map((source) => ({ value: source, label: capitalize(source) })),
];

/**
 * 001 §2 "Credit Transactions": every transaction, newest first, with user id, description,
 * time, the signed amount (green positive, red negative) and the source type badge; filterable
 * by user and by source type (D32); Load more.
 */
export function TransactionsTab() {
  const [sourceType, setSourceType] = useState('');
  const user = useSearchTerm();
  const userId = user.term === '' ? undefined : extractUserId(user.term);
  // A text with no user id in it asks nothing (the server would refuse it): the field says why.
  const userError = user.term !== '' && !userId ? 'Enter a user ID (as shown in the rows).' : undefined;
  const result = useTransactionsInfiniteQuery({ ...(sourceType ? { sourceType } : {}), ...(userId ? { userId } : {}) }, { skip: !!userError });
  const headingId = useId();
  const total = pagedTotal(result.currentData);
  const estimated = pagedTotalEstimated(result.currentData);

  return (
    // The table's scrolling box is the region the heading names.
    <div className={parts.tab}>
      <div className={parts.panelHead}>
        <h2 id={headingId} className={parts.panelTitle}>
          {total === null ? 'Credit Transactions' : `Credit Transactions (${estimated ? 'about ' : ''}${total})`}
        </h2>
        <TextField
          label="User ID"
          type="search"
          className={styles.filter}
          autoComplete="off"
          value={user.input}
          error={userError}
          onChange={(event) => user.setInput(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') user.submit();
          }}
        />
        <SelectField
          label="Source type"
          className={styles.filter}
          options={SOURCE_OPTIONS}
          value={sourceType}
          onChange={(event) => setSourceType(event.target.value)}
        />
      </div>
      <QueryStatus
        query={pagedState(result)}
        loadingText="Loading transactions..."
        skeleton={<RowSkeletons rows={5} height="2.75rem" />}
        errorText="Could not load the transactions."
        emptyText={sourceType || userId ? 'No transactions match these filters.' : 'No transactions yet.'}
        isEmpty={pagedIsEmpty}
      >
        {(data) => (
          <>
            <div className={parts.tableWrap} role="region" aria-labelledby={headingId} tabIndex={0}>
              <table className={parts.table}>
                <caption className={hidden.visuallyHidden}>All credit transactions, newest first</caption>
                <thead>
                  <tr>
                    <th scope="col">Time</th>
                    <th scope="col">User ID</th>
                    <th scope="col">Description</th>
                    <th scope="col">Source</th>
                    <th scope="col">Kind</th>
                    <th scope="col" className={parts.numeric}>
                      Credits
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {pagedItems<Transaction>(data, (row) => row.id).map((row) => (
                    <tr key={row.id}>
                      <td className={parts.nowrap}>
                        <time dateTime={isoDate(row.createdAt)}>{formatDateTime(row.createdAt)}</time>
                      </td>
                      <td className={parts.mono}>{accountIdText(row.userId)}</td>
                      <td>{row.description || capitalize(row.type)}</td>
                      <td>
                        <SourceBadge sourceType={row.sourceType} />
                      </td>
                      <td>{capitalize(row.kind)}</td>
                      <td className={parts.numeric}>
                        <SignedAmount credits={row.credits} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <PagedFooter result={result} />
          </>
        )}
      </QueryStatus>
    </div>
  );
}
