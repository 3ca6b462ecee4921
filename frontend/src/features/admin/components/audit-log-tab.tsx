import { useId } from 'react';
import { QueryStatus } from '../../../shared/ui/query-status';
import { TextField } from '../../../shared/ui/text-field';
import { pagedItems, pagedTotal, useAuditLogInfiniteQuery, type AuditEntry } from '../api/admin.api';
import { actionLabel, detailsSummary, outcomeText, targetText } from '../lib/audit';
import { useSearchTerm } from '../hooks/use-search-term';
import { formatDateTime, isoDate } from '../lib/format';
import { PagedFooter, pagedIsEmpty, pagedState, RowSkeletons } from './admin-parts';
import parts from './admin-parts.module.css';
import hidden from '../../../shared/ui/visually-hidden.module.css';

/** D32: every admin action, newest first: when, who, what, on whom, why and the details. */
export function AuditLogTab() {
  const headingId = useId();
  const search = useSearchTerm();
  const audit = useAuditLogInfiniteQuery(search.term);
  const total = pagedTotal(audit.currentData);
  return (
    // The table's scrolling box is the region the heading names.
    <div className={parts.tab}>
      <form
        role="search"
        aria-label="Audit log"
        className={parts.form}
        onSubmit={(event) => {
          event.preventDefault();
          search.submit();
        }}
      >
        <TextField
          label="Search the audit log"
          type="search"
          placeholder="Admin e-mail, action, user or image id, reason..."
          autoComplete="off"
          value={search.input}
          onChange={(event) => search.setInput(event.target.value)}
        />
      </form>
      <h2 id={headingId} className={parts.panelTitle}>
        {total === null ? 'Audit Log' : `Audit Log (${total})`}
      </h2>
      <QueryStatus
        query={pagedState(audit)}
        loadingText="Loading the audit log..."
        skeleton={<RowSkeletons rows={5} height="2.75rem" />}
        errorText="Could not load the audit log."
        emptyText={search.term ? 'No admin actions match this search.' : 'No admin actions yet.'}
        isEmpty={pagedIsEmpty}
      >
        {(data) => (
          <>
            <div className={parts.tableWrap} role="region" aria-labelledby={headingId} tabIndex={0}>
              <table className={parts.table}>
                <caption className={hidden.visuallyHidden}>Admin actions, newest first</caption>
                <thead>
                  <tr>
                    <th scope="col">When</th>
                    <th scope="col">Admin</th>
                    <th scope="col">Action</th>
                    <th scope="col">Target</th>
                    <th scope="col">Outcome</th>
                    <th scope="col">Reason</th>
                    <th scope="col">Details</th>
                  </tr>
                </thead>
                <tbody>
                  {pagedItems<AuditEntry>(data, (row) => row.id).map((entry) => (
                    <tr key={entry.id}>
                      <td className={parts.nowrap}>
                        <time dateTime={isoDate(entry.createdAt)}>{formatDateTime(entry.createdAt)}</time>
                      </td>
                      <td>{entry.adminEmail || entry.adminId}</td>
                      <td>{actionLabel(entry.action)}</td>
                      <td className={parts.mono}>{targetText(entry)}</td>
                      <td>{outcomeText(entry)}</td>
                      <td>{entry.reason ?? 'None'}</td>
                      <td className={parts.mono}>{detailsSummary(entry.details)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <PagedFooter result={audit} />
          </>
        )}
      </QueryStatus>
    </div>
  );
}
