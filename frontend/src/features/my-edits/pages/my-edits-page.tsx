import { useEffect, useRef, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { useGetCurrentUserQuery } from '../../../shared/api/current-user.api';
import { failureText } from '../../../shared/api/error-text';
import { Button, ButtonLink } from '../../../shared/ui/button';
import { Dialog, DialogActions } from '../../../shared/ui/dialog';
import { LockIcon } from '../../../shared/ui/icons';
import { LoadMoreButton } from '../../../shared/ui/load-more-button';
import { notifyError } from '../../../shared/ui/notify';
import { PageHeading } from '../../../shared/ui/page-heading';
import { QueryStatus } from '../../../shared/ui/query-status';
import { Spinner } from '../../../shared/ui/spinner';
import { Tabs } from '../../../shared/ui/tabs';
import {
  useMyEditsInfiniteQuery,
  useRemoveSavedImageMutation,
  type LaughState,
  type MyEditsData,
  type MyEditsFilter,
  type SavedImage,
} from '../api/my-edits.api';
import { SavedImageCard, SavedImageCardSkeleton } from '../components/saved-image-card';
import { useCachedLaugh } from '../hooks/use-cached-laugh';
import { reloadPage } from '../lib/reload-page';
import styles from './my-edits-page.module.css';

/** 001 §2: the 403 upgrade prompt. */
export const UPGRADE_TEXT = 'Upgrade to a paid plan to save and organize your AI-generated images in your personal collection.';
/** 001 §5: removing a saved image asks first. */
export const REMOVE_CONFIRMATION = 'Are you sure you want to remove this image from My Edits?';
/** 001 §9: 6 skeleton cards while the list loads. */
export const SKELETON_CARDS = 6;

/** What the page gives its laugh control for one image. */
export interface LaughSlotProps {
  image: SavedImage;
  /** Sets the image's laugh count and state at once (in the cached lists). */
  setLaugh: (laugh: LaughState) => void;
}

export interface MyEditsPageProps {
  /**
   * The laugh control of a card. Laughs belong to the community feature, which this feature may
   * not import (ARCHITECTURE rule 9): app/routes/my-edits.tsx composes it in.
   */
  renderLaugh?: (slot: LaughSlotProps) => ReactNode;
}

function countLabel(name: string, count: number | null): string {
  return count === null ? name : `${name} (${count})`;
}

function itemsOf(data: MyEditsData): SavedImage[] {
  return data.pages.flatMap((page) => page.items);
}

function SignInNotice() {
  return (
    <section className={styles.notice} aria-labelledby="my-edits-sign-in">
      <LockIcon width={24} height={24} className={styles.noticeIcon} />
      <h2 id="my-edits-sign-in" className={styles.noticeTitle}>
        Sign in to see My Edits
      </h2>
      <p className={styles.muted}>Please log in to see the images you saved.</p>
      <ButtonLink to="/auth" variant="primary">
        Sign In
      </ButtonLink>
    </section>
  );
}

/** The filter, the grid of saved images, Load more, and the removal dialog. */
function SavedImages({ renderLaugh }: MyEditsPageProps) {
  const [filter, setFilter] = useState<MyEditsFilter>('all');
  // Fetched again whenever the filter is shown, so that a star changed in the other list counts.
  const { data, currentData, error, isFetching, isError, hasNextPage, fetchNextPage, isFetchingNextPage, isFetchNextPageError } =
    useMyEditsInfiniteQuery(filter, { refetchOnMountOrArgChange: true });
  const setCachedLaugh = useCachedLaugh();
  const [removeImage, removal] = useRemoveSavedImageMutation();
  const [removing, setRemoving] = useState<SavedImage | null>(null);
  const region = useRef<HTMLElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const focusRegion = useRef(false);
  const focusFrom = useRef<number | null>(null);
  const now = new Date();

  const shownItems = currentData ? itemsOf(currentData) : [];
  const firstPage = data?.pages[0];

  useEffect(() => {
    // After a removal the card (and its Remove button) is gone: focus goes to the list.
    if (removing !== null || !focusRegion.current) return;
    focusRegion.current = false;
    region.current?.focus();
  }, [removing]);

  useEffect(() => {
    // After Load more, keyboard and screen-reader users continue at the first new image.
    const from = focusFrom.current;
    if (from === null || shownItems.length <= from) return;
    focusFrom.current = null;
    const item = list.current?.children[from];
    if (item instanceof HTMLElement) item.focus();
  }, [shownItems.length]);

  function loadMore() {
    if (isFetchingNextPage) return;
    focusFrom.current = shownItems.length;
    void fetchNextPage();
  }

  async function confirmRemove() {
    if (!removing || removal.isLoading) return;
    try {
      await removeImage(removing.id).unwrap();
      toast.success('Image removed', { description: 'Image has been removed from My Edits.' });
      focusRegion.current = true;
    } catch (failure) {
      notifyError('Error removing image', { description: failureText(failure, 'Please try again.') });
    }
    setRemoving(null);
  }

  const emptyText =
    filter === 'favorites' ? (
      <>
        <span className={styles.emptyTitle}>No favorite images yet</span>
        <span className={styles.emptyHint}>Star your favorite images to see them here.</span>
      </>
    ) : (
      <>
        <span className={styles.emptyTitle}>No saved images yet</span>
        <span className={styles.emptyHint}>Save an edit from the editor's results and it appears here.</span>
      </>
    );

  const listState = (
    <QueryStatus
      query={{
        data: currentData,
        error,
        // Loading until this filter's first answer arrives (also when it was never asked yet).
        isLoading: currentData === undefined && (isFetching || !isError),
        refetch: reloadPage,
      }}
      loadingText="Loading your saved images..."
      skeleton={
        <ul className={styles.grid}>
          {Array.from({ length: SKELETON_CARDS }, (_, index) => (
            <li key={index}>
              <SavedImageCardSkeleton />
            </li>
          ))}
        </ul>
      }
      errorText={
        <>
          <span className={styles.emptyTitle}>Error Loading My Edits</span>
          <span className={styles.emptyHint}>Your saved images could not be loaded.</span>
        </>
      }
      retryLabel="Try Again"
      forbidden={{
        text: UPGRADE_TEXT,
        actions: (
          <div className={styles.promptActions}>
            <ButtonLink to="/pricing" variant="primary">
              Upgrade Now
            </ButtonLink>
            <ButtonLink to="/dashboard" variant="secondary">
              Back to Editor
            </ButtonLink>
          </div>
        ),
      }}
      isEmpty={(answer) => itemsOf(answer).length === 0}
      emptyText={emptyText}
      emptyAction={
        filter === 'all' ? (
          <ButtonLink to="/dashboard" variant="primary">
            Create Your First Image
          </ButtonLink>
        ) : undefined
      }
    >
      {(answer) => (
        <>
          <ul ref={list} className={styles.grid} aria-label={filter === 'favorites' ? 'Favorite images' : 'Saved images'}>
            {itemsOf(answer).map((image) => (
              <li key={image.id} tabIndex={-1} className={styles.item}>
                <SavedImageCard
                  image={image}
                  now={now}
                  onRemove={setRemoving}
                  laugh={renderLaugh?.({ image, setLaugh: (laugh) => setCachedLaugh(image.id, laugh) })}
                />
              </li>
            ))}
          </ul>
          {isFetchNextPageError && !isFetchingNextPage ? (
            <p role="alert" className={styles.moreError}>
              Could not load more images. Please try again.
            </p>
          ) : null}
          {hasNextPage ? (
            <div className={styles.more}>
              <LoadMoreButton loading={isFetchingNextPage} onClick={loadMore} label="Load more" />
            </div>
          ) : null}
        </>
      )}
    </QueryStatus>
  );

  return (
    <section ref={region} tabIndex={-1} className={styles.region} aria-label="Your saved images">
      {firstPage ? (
        <Tabs
          label="Show"
          value={filter}
          onChange={setFilter}
          items={[
            { value: 'all', label: countLabel('All Images', firstPage.totalCount), panel: listState },
            { value: 'favorites', label: countLabel('Favorites', firstPage.favoritesCount), panel: listState },
          ]}
        />
      ) : (
        listState
      )}

      <Dialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title="Remove from My Edits"
        description={REMOVE_CONFIRMATION}
      >
        <DialogActions>
          <Button variant="secondary" onClick={() => setRemoving(null)}>
            Cancel
          </Button>
          <Button
            variant="destructive"
            onClick={() => void confirmRemove()}
            aria-disabled={removal.isLoading || undefined}
            aria-busy={removal.isLoading || undefined}
          >
            {removal.isLoading ? 'Removing...' : 'Remove'}
          </Button>
        </DialogActions>
      </Dialog>
    </section>
  );
}

/**
 * /my-edits (001 §2): the signed-in user's saved images. A spinner while the user loads, then
 * 6 skeleton cards while the list loads; the upgrade prompt on a 403; 'Error Loading My Edits'
 * with Try Again (a page reload) on any other failure; otherwise the All Images / Favorites
 * filter with the counts from the list's headers, and the grid of cards with Load more.
 */
export function MyEditsPage({ renderLaugh }: MyEditsPageProps) {
  const { data: user, isLoading } = useGetCurrentUserQuery();
  return (
    <div className={styles.page}>
      <PageHeading
        title="My Edits"
        subtitle="Your saved AI-generated images. Images are saved for 60 days; favorites are kept longer."
        className={styles.heading}
      />
      {isLoading ? (
        <div className={styles.spinner}>
          <Spinner size="lg" label="Loading My Edits..." />
        </div>
      ) : user ? (
        <SavedImages renderLaugh={renderLaugh} />
      ) : (
        <SignInNotice />
      )}
    </div>
  );
}
