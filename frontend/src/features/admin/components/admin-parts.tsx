/**
 * Small pieces shared by the admin tabs: badges, signed amounts, stat cards, label/value facts,
 * the Load more footer of a paged list and the skeleton rows of a loading list.
 */
import type { ReactNode } from 'react';
import { Badge } from '../../../shared/ui/badge';
import { LoadMoreButton } from '../../../shared/ui/load-more-button';
import type { QueryState } from '../../../shared/ui/query-status';
import { Skeleton } from '../../../shared/ui/skeleton';
import type { PagedData } from '../api/admin.api';
import { AMOUNT_TONE_COLOUR, amountTone, signedAmount, sourceLabel } from '../lib/format';
import styles from './admin-parts.module.css';

export { Badge, type BadgeTone } from '../../../shared/ui/badge';

/** "+5" in green, "-3" in red (001 §2 "green positive, red negative"); the sign is always shown. */
export function SignedAmount({ credits }: { credits: number }) {
  const tone = amountTone(credits);
  return (
    <span className={styles.amount} data-tone={tone} style={{ color: AMOUNT_TONE_COLOUR[tone] }}>
      {signedAmount(credits)}
    </span>
  );
}

/** A transaction's source type (001 §2 "source type badge"). */
export function SourceBadge({ sourceType }: { sourceType: string | null }) {
  return <Badge tone={sourceType === 'admin' ? 'magic' : 'neutral'}>{sourceLabel(sourceType)}</Badge>;
}

export interface StatItem {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
}

/** A grid of figure cards: each a label and its value. */
export function StatCards({ items, label }: { items: readonly StatItem[]; label?: string }) {
  return (
    <dl className={styles.stats} aria-label={label}>
      {items.map((item) => (
        <div key={item.label} className={styles.stat}>
          <dt>{item.label}</dt>
          <dd>
            {item.value}
            {item.hint ? <span className={styles.statHint}>{item.hint}</span> : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export interface FactItem {
  label: string;
  value: ReactNode;
}

/** Label / value pairs (User Info, System Status, System Configuration). */
export function Facts({ items }: { items: readonly FactItem[] }) {
  return (
    <dl className={styles.facts}>
      {items.map((item) => (
        <div key={item.label} className={styles.fact}>
          <dt>{item.label}</dt>
          <dd>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** What a paged list's footer reads from an RTK Query infinite query hook. */
export interface PagedResult {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
}

/** Load more while rows are left (loaded < X-Total-Count, or a next cursor, D44), and the note when a page failed. */
export function PagedFooter({ result, label = 'Load more' }: { result: PagedResult; label?: string }) {
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = result;
  if (!hasNextPage && !isFetchNextPageError) return null;
  return (
    <div className={styles.more}>
      {isFetchNextPageError && !isFetchingNextPage ? (
        <p role="alert" className={styles.moreError}>
          Could not load more. Please try again.
        </p>
      ) : null}
      {hasNextPage ? (
        <LoadMoreButton
          loading={isFetchingNextPage}
          label={label}
          onClick={() => {
            if (!isFetchingNextPage) void fetchNextPage();
          }}
        />
      ) : null}
    </div>
  );
}

/** What QueryStatus needs from an infinite query: loading until this argument's first answer. */
export function pagedState<T>(result: {
  currentData?: PagedData<T> | undefined;
  error?: unknown;
  isFetching: boolean;
  isError: boolean;
  refetch: () => unknown;
}): QueryState<PagedData<T>> {
  const { currentData, error, isFetching, isError, refetch } = result;
  return {
    data: currentData,
    error,
    isLoading: currentData === undefined && (isFetching || !isError),
    refetch,
  };
}

/** Whether a paged answer has no rows at all. */
export function pagedIsEmpty(data: PagedData<unknown>): boolean {
  return data.pages.every((page) => page.items.length === 0);
}

/** Grey rows while a list loads. */
export function RowSkeletons({ rows = 3, height = '4.5rem' }: { rows?: number; height?: string }) {
  return (
    <div className={styles.skeletons}>
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} height={height} />
      ))}
    </div>
  );
}
