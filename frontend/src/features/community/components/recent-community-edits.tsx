import { QueryStatus } from '../../../shared/ui/query-status';
import { useRecentCommunityEdits } from '../api/community.api';
import { COMMUNITY_EMPTY, COMMUNITY_LOAD_ERROR } from '../lib/community-messages';
import { CommunityEditCard, CommunityEditCardSkeleton } from './community-edit-card';
import styles from './recent-community-edits.module.css';

const SKELETON_CARDS = 6;

/**
 * How wide each image of a card is drawn (D31 `sizes`), from the CSS: the page's main column
 * (max 72rem including 1rem / from 768px 1.5rem side padding: at most 1104px of content), this
 * grid (columns of at least 17rem, 1rem gaps: 3 columns from 896px, 2 from 592px, else 1),
 * the card (1px border, 1rem padding) and the pair (2 columns, 0.75rem gap). About 156px on a
 * desktop, so a browser at DPR 1 or 2 loads the 320px rendition.
 */
export const RECENT_EDIT_IMAGE_SIZES = [
  '(min-width: 1152px) 156px',
  '(min-width: 896px) calc((100vw - 218px) / 6)',
  '(min-width: 768px) calc((100vw - 156px) / 4)',
  '(min-width: 592px) calc((100vw - 140px) / 4)',
  'calc((100vw - 78px) / 2)',
].join(', ');

/**
 * The editor page's Recent Community Edits (000 §2): the newest public edits as a grid of
 * cards, refreshed every 15 s and 1 s after the user's own new image (000 §4), with the
 * optimistic laugh toggle. The page supplies the section and its heading.
 */
export function RecentCommunityEdits() {
  return (
    <QueryStatus
      query={useRecentCommunityEdits()}
      loadingText="Loading community edits..."
      skeleton={
        <ul className={styles.grid}>
          {Array.from({ length: SKELETON_CARDS }, (_, index) => (
            <li key={index}>
              <CommunityEditCardSkeleton />
            </li>
          ))}
        </ul>
      }
      errorText={COMMUNITY_LOAD_ERROR}
      emptyText={COMMUNITY_EMPTY}
    >
      {(entries) => (
        <ul className={styles.grid} aria-label="Recent community edits">
          {entries.map((entry) => (
            <li key={entry.id}>
              <CommunityEditCard entry={entry} imageSizes={RECENT_EDIT_IMAGE_SIZES} />
            </li>
          ))}
        </ul>
      )}
    </QueryStatus>
  );
}
