import { QueryStatus } from '../../../shared/ui/query-status';
import { useRecentCommunityEdits } from '../api/community.api';
import { COMMUNITY_EMPTY, COMMUNITY_LOAD_ERROR } from '../lib/community-messages';
import { CommunityEditCard, CommunityEditCardSkeleton } from './community-edit-card';
import styles from './recent-community-edits.module.css';

const SKELETON_CARDS = 6;

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
              <CommunityEditCard entry={entry} />
            </li>
          ))}
        </ul>
      )}
    </QueryStatus>
  );
}
