import { useEffect, useRef, useState } from 'react';
import { BackToTop } from '../../../shared/ui/back-to-top';
import { ButtonLink } from '../../../shared/ui/button';
import { LoadMoreButton } from '../../../shared/ui/load-more-button';
import { PageHeading } from '../../../shared/ui/page-heading';
import { QueryStatus } from '../../../shared/ui/query-status';
import { VisuallyHidden } from '../../../shared/ui/visually-hidden';
import { useLeaderboard } from '../api/community.api';
import { CommunityEditCard, CommunityEditCardSkeleton } from '../components/community-edit-card';
import styles from './leaderboard-page.module.css';

/** 000 §2 / §9: the top three carry these badges. */
export const RANK_BADGES: Readonly<Record<number, string>> = { 1: 'Champion', 2: 'Runner-up', 3: 'Third Place' };

/**
 * Skeleton cards while the board loads: two rows on a desktop and more than a phone's screen, so
 * the footer is below the fold until the board arrives and a full first page never pushes it
 * out of view (issue 24: no layout shift).
 */
export const LEADERBOARD_SKELETON_CARDS = 6;

export const LEADERBOARD_LOAD_ERROR = 'Unable to load the Hall of Fame. Please try again later.';
export const LEADERBOARD_EMPTY = 'No laughs yet. Laugh at a community edit and it will take its place in the Hall of Fame!';

/**
 * How wide each image of a card is drawn (D31 `sizes`), from the CSS: the page's main column
 * (max 72rem including 1rem / from 768px 1.5rem side padding: at most 1104px of content), the
 * list (columns of at least 18rem, 1rem gaps: 3 columns from 944px, 2 from 624px, else 1), the
 * card (1px border, 1rem padding) and the pair (2 columns, 0.75rem gap). About 156px on a
 * desktop, so a browser at DPR 1 or 2 loads the 320px rendition.
 */
export const LEADERBOARD_IMAGE_SIZES =
  [
  '(min-width: 1152px) 156px',
  '(min-width: 944px) calc((100vw - 218px) / 6)',
  '(min-width: 768px) calc((100vw - 156px) / 4)',
  '(min-width: 624px) calc((100vw - 140px) / 4)',
  'calc((100vw - 78px) / 2)',
].join(', ');

function RankHeader({ rank }: { rank: number }) {
  const badge = RANK_BADGES[rank];
  return (
    <div className={styles.rankRow}>
      <span className={styles.rank}>
        <VisuallyHidden>Rank </VisuallyHidden>#{rank}
      </span>
      {badge ? (
        <span className={styles.badge} data-rank={rank}>
          {badge}
        </span>
      ) : null}
    </div>
  );
}

/**
 * /leaderboard, the Hall of Fame (000 §2): the most laughed-at edits, ranked, 10 per page with
 * Load More, refetched every 10 s; each with its optimistic laugh toggle, after which the
 * leaderboard and the recent feed are fetched again (000 §4).
 */
export function LeaderboardPage() {
  const [pages, setPages] = useState(1);
  const { data, currentData, error, isLoading, isFetching, isError, refetch } = useLeaderboard(pages);
  const list = useRef<HTMLOListElement>(null);
  const focusFrom = useRef<number | null>(null);

  const entries = data?.entries ?? [];
  // After Load More the earlier pages stay on screen until the longer list arrives.
  const loadingMore = pages > 1 && !currentData && isFetching;
  const loadMoreFailed = pages > 1 && !currentData && isError && !isFetching;

  useEffect(() => {
    // Keyboard and screen-reader users continue at the first entry that Load More added.
    const from = focusFrom.current;
    if (from === null || !currentData) return;
    focusFrom.current = null;
    const item = list.current?.children[from];
    if (item instanceof HTMLElement) item.focus();
  }, [currentData]);

  function loadMore() {
    if (loadingMore) return;
    if (loadMoreFailed) {
      void refetch();
      return;
    }
    focusFrom.current = entries.length;
    setPages((count) => count + 1);
  }

  const content = (
    <QueryStatus
      query={{ data, error, isLoading, refetch }}
      loadingText="Loading the Hall of Fame..."
      skeleton={
        <ul className={styles.list}>
          {Array.from({ length: LEADERBOARD_SKELETON_CARDS }, (_, index) => index + 1).map((rank) => (
            <li key={rank}>
              <CommunityEditCardSkeleton header={<RankHeader rank={rank} />} />
            </li>
          ))}
        </ul>
      }
      errorText={LEADERBOARD_LOAD_ERROR}
      emptyText={LEADERBOARD_EMPTY}
      isEmpty={(board) => board.entries.length === 0}
    >
      {(board) => (
        <>
          <ol ref={list} className={styles.list} aria-label="Most laughed-at edits">
            {board.entries.map((entry, index) => (
              <li key={entry.id} tabIndex={-1} className={styles.item} data-top={entry.rank <= 3 || undefined}>
                <CommunityEditCard
                  entry={entry}
                  imageSizes={LEADERBOARD_IMAGE_SIZES}
                  refreshAfterLaugh
                  priority={index === 0}
                  header={<RankHeader rank={entry.rank} />}
                />
              </li>
            ))}
          </ol>
          {loadMoreFailed ? <p className={styles.loadMoreError}>Could not load more edits. Please try again.</p> : null}
          {board.hasMore || loadingMore || loadMoreFailed ? (
            <div className={styles.more}>
              <LoadMoreButton loading={loadingMore} onClick={loadMore} label="Load More" />
            </div>
          ) : null}
        </>
      )}
    </QueryStatus>
  );

  return (
    <div className={styles.page}>
      <div className={styles.top}>
        <PageHeading title="Hall of Fame" subtitle="The community's most laughed-at edits." className={styles.heading} />
        <ButtonLink to="/dashboard" variant="primary" className={styles.cta}>
          Create Your Own Viral Edit
        </ButtonLink>
      </div>
      {content}
      <div className={styles.end}>
        <BackToTop />
      </div>
    </div>
  );
}
