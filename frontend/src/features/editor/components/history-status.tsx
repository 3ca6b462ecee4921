import type { Ref } from 'react';
import { Button } from '../../../shared/ui/button';
import { AlertCircleIcon } from '../../../shared/ui/icons';
import { Skeleton } from '../../../shared/ui/skeleton';
import { StepPanel } from './step-panel';
import styles from './history-status.module.css';

export const HISTORY_LOADING_TITLE = 'Loading your edit...';
export const HISTORY_NOT_FOUND_TITLE = 'This edit is not available';
export const HISTORY_FAILED_TITLE = 'We could not load your edit';

/** Issue 26: `/dashboard?image={id}` while the edit's history loads (the result step's shape). */
export function HistoryLoading({ headingRef }: { headingRef?: Ref<HTMLHeadingElement> }) {
  return (
    <StepPanel eyebrow="Step 4 of 4" title={HISTORY_LOADING_TITLE} headingRef={headingRef}>
      <div className={styles.loading} aria-busy="true">
        <Skeleton className={styles.picture} height="auto" />
        <div className={styles.strip}>
          <Skeleton width="4.5rem" height="5.5rem" />
          <Skeleton width="4.5rem" height="5.5rem" />
          <Skeleton width="4.5rem" height="5.5rem" />
        </div>
        <Skeleton width="10rem" height="var(--tap-target)" />
      </div>
    </StepPanel>
  );
}

export interface HistoryErrorProps {
  /** 404: not the user's, deleted or unknown; otherwise the history could not be fetched. */
  notFound: boolean;
  retrying?: boolean;
  onRetry: () => void;
  onStartOver: () => void;
  headingRef?: Ref<HTMLHeadingElement>;
}

/** Issue 26: `/dashboard?image={id}` for an edit that is not the user's (or is gone), or a failed load. */
export function HistoryError({ notFound, retrying = false, onRetry, onStartOver, headingRef }: HistoryErrorProps) {
  return (
    <StepPanel eyebrow="Step 4 of 4" title={notFound ? HISTORY_NOT_FOUND_TITLE : HISTORY_FAILED_TITLE} headingRef={headingRef}>
      <div className={styles.error}>
        <p className={styles.message}>
          <AlertCircleIcon width={20} height={20} />
          <span>
            {notFound
              ? 'It may have been deleted, or it belongs to another account. Start a new edit from a photo.'
              : 'Check your internet connection and try again.'}
          </span>
        </p>
        <div className={styles.actions}>
          {notFound ? null : (
            <Button variant="primary" onClick={onRetry} aria-busy={retrying || undefined} disabled={retrying}>
              Retry
            </Button>
          )}
          <Button variant={notFound ? 'primary' : 'secondary'} onClick={onStartOver}>
            Start a new edit
          </Button>
        </div>
      </div>
    </StepPanel>
  );
}
