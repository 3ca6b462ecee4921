import { useId, useRef, useState } from 'react';
import { useGetCurrentUserQuery } from '../../../shared/api/current-user.api';
import { Button } from '../../../shared/ui/button';
import { QueryStatus } from '../../../shared/ui/query-status';
import { TextField } from '../../../shared/ui/text-field';
import {
  pagedItems,
  pagedTotal,
  useAdminUsersInfiniteQuery,
  useSearchUsersInfiniteQuery,
  type AdminUser,
} from '../api/admin.api';
import { useSearchTerm } from '../hooks/use-search-term';
import { useSuspendToggle } from '../hooks/use-suspend-toggle';
import { PagedFooter, pagedIsEmpty, pagedState, RowSkeletons } from './admin-parts';
import parts from './admin-parts.module.css';
import { UserCard } from './user-card';
import { UserDetailsDialog } from './user-details-dialog';
import styles from './user-management-tab.module.css';

/** 001 §2 */
export const SEARCH_PLACEHOLDER = 'Search by email, username, or user ID...';

/**
 * 001 §2 "User Management": the search box with Clear, 'Users (count)', a row per user with View
 * Details and the suspend toggle, Load more, and the details dialog. The search runs only when
 * the trimmed query is non-empty (001 §5); otherwise the plain list is shown.
 */
export function UserManagementTab() {
  const { data: me } = useGetCurrentUserQuery();
  const search = useSearchTerm();
  const searching = search.term !== '';
  const list = useAdminUsersInfiniteQuery(undefined, { skip: searching });
  const found = useSearchUsersInfiniteQuery(search.term, { skip: !searching });
  const result = searching ? found : list;
  const [selected, setSelected] = useState<AdminUser | null>(null);
  const suspend = useSuspendToggle((updated) => setSelected((current) => (current?.id === updated.id ? updated : current)));
  const inputRef = useRef<HTMLInputElement>(null);
  const headingId = useId();

  const users = pagedItems<AdminUser>(result.currentData, (user) => user.id);
  const total = result.currentData ? (pagedTotal(result.currentData) ?? users.length) : null;
  // The dialog shows the freshest copy of the user (lists are refetched after a change).
  const shown = selected ? (users.find((user) => user.id === selected.id) ?? selected) : null;

  return (
    <section className={parts.tab} aria-labelledby={headingId}>
      <form
        role="search"
        aria-label="Users"
        className={styles.search}
        onSubmit={(event) => {
          event.preventDefault();
          search.submit();
        }}
      >
        <TextField
          ref={inputRef}
          label="Search users"
          type="search"
          placeholder={SEARCH_PLACEHOLDER}
          autoComplete="off"
          className={styles.searchField}
          value={search.input}
          onChange={(event) => search.setInput(event.target.value)}
        />
        <Button
          variant="secondary"
          className={styles.clear}
          disabled={search.input === '' && !searching}
          onClick={() => {
            search.clear();
            inputRef.current?.focus();
          }}
        >
          Clear
        </Button>
      </form>

      <div className={parts.panelHead}>
        <h2 id={headingId} className={parts.panelTitle} aria-live="polite">
          {total === null ? 'Users' : `Users (${total})`}
        </h2>
        {searching ? <p className={parts.muted}>Results for “{search.term}”</p> : null}
      </div>

      <QueryStatus
        query={pagedState(result)}
        loadingText={searching ? 'Searching users...' : 'Loading users...'}
        skeleton={<RowSkeletons rows={4} height="8rem" />}
        errorText={searching ? 'The search failed.' : 'Could not load the users.'}
        emptyText={searching ? 'No users match this search.' : 'No users yet.'}
        isEmpty={pagedIsEmpty}
      >
        {() => (
          <>
            <ul className={parts.list} aria-label={searching ? 'Search results' : 'Users'}>
              {users.map((user) => (
                <li key={user.id}>
                  <UserCard
                    user={user}
                    isSelf={!!me?.id && me.id === user.id}
                    suspending={suspend.isPending(user.id)}
                    onView={setSelected}
                    onToggleSuspend={(target) => void suspend.toggle(target)}
                  />
                </li>
              ))}
            </ul>
            <PagedFooter result={result} />
          </>
        )}
      </QueryStatus>

      <UserDetailsDialog user={shown} onClose={() => setSelected(null)} />
    </section>
  );
}
