import type { ReactNode } from 'react';
import { getErrorStatus } from '../api/base-api';
import { cx } from '../lib/cx';
import { Button } from './button';
import { AlertCircleIcon, LockIcon, SparklesIcon } from './icons';
import styles from './query-status.module.css';
import { VisuallyHidden } from './visually-hidden';

/** What QueryStatus reads from an RTK Query hook's result. */
export interface QueryState<T> {
  data?: T | undefined;
  error?: unknown;
  isLoading: boolean;
  refetch: () => unknown;
}

/** The 403 state: a screen the signed-in user may not see yet (e.g. 001 §2 My Edits' upgrade prompt). */
export interface ForbiddenState {
  text: ReactNode;
  /** Links or buttons that lead on (Upgrade Now, Back to Editor). */
  actions?: ReactNode;
}

export interface QueryStatusProps<T> {
  query: QueryState<T>;
  /** Read to screen readers while loading ("Loading community edits..."). */
  loadingText: string;
  /** What loading looks like, e.g. skeleton cards. */
  skeleton?: ReactNode;
  loadingClassName?: string;
  /** The spec's text for a failed load. */
  errorText: ReactNode;
  /** The label of the button that fetches again. */
  retryLabel?: string;
  /** The spec's text for an empty answer. */
  emptyText: ReactNode;
  /** What to do about an empty answer, e.g. a link to where things are made. */
  emptyAction?: ReactNode;
  /** Whether the answer counts as empty; by default, an empty list. */
  isEmpty?: (data: T) => boolean;
  /** Shown instead of the error state when the server answered 403. */
  forbidden?: ForbiddenState;
  /** The loaded, non-empty answer. */
  children: (data: T) => ReactNode;
}

type MessageKind = 'empty' | 'error' | 'forbidden';

const ICONS = { empty: SparklesIcon, error: AlertCircleIcon, forbidden: LockIcon } as const;

/** The boxed message of an empty, failed or forbidden list: the spec's text and what to do. */
function StatusMessage({ kind, children, action }: { kind: MessageKind; children: ReactNode; action?: ReactNode }) {
  const Icon = ICONS[kind];
  return (
    <div className={cx(styles.message, kind !== 'empty' && styles.error)}>
      <Icon width={24} height={24} className={styles.icon} />
      <p role={kind === 'error' ? 'alert' : undefined}>{children}</p>
      {action}
    </div>
  );
}

function isEmptyList(data: unknown): boolean {
  return Array.isArray(data) && data.length === 0;
}

/**
 * Every list's loading, empty, error and 403 states (ARCHITECTURE rule 9: every screen has
 * them), so that each list only says what it shows once loaded. The error state appears when
 * there is nothing to show; a failed refetch keeps the last answer on screen.
 */
export function QueryStatus<T>({
  query,
  loadingText,
  skeleton,
  loadingClassName,
  errorText,
  retryLabel = 'Try again',
  emptyText,
  emptyAction,
  isEmpty = isEmptyList,
  forbidden,
  children,
}: QueryStatusProps<T>) {
  const { data, error, isLoading, refetch } = query;

  if (isLoading) {
    return (
      <div role="status" aria-busy="true" className={loadingClassName}>
        <VisuallyHidden>{loadingText}</VisuallyHidden>
        {skeleton}
      </div>
    );
  }

  if (data === undefined) {
    if (forbidden && getErrorStatus(error) === 403) {
      return (
        <StatusMessage kind="forbidden" action={forbidden.actions}>
          {forbidden.text}
        </StatusMessage>
      );
    }
    return (
      <StatusMessage
        kind="error"
        action={
          <Button variant="secondary" onClick={() => void refetch()}>
            {retryLabel}
          </Button>
        }
      >
        {errorText}
      </StatusMessage>
    );
  }

  if (isEmpty(data)) {
    return (
      <StatusMessage kind="empty" action={emptyAction}>
        {emptyText}
      </StatusMessage>
    );
  }

  return <>{children(data)}</>;
}
