import { Button } from '../../../shared/ui/button';
import { VisuallyHidden } from '../../../shared/ui/visually-hidden';
import { useRecentCommunityEdits } from '../api/community.api';
import { COMMUNITY_EMPTY, COMMUNITY_LOAD_ERROR } from '../lib/community-messages';
import { CommunityEditCard, CommunityEditCardSkeleton } from './community-edit-card';
import { FeedMessage } from './feed-message';
import styles from './recent-community-edits.module.css';

const SKELETON_CARDS = 6;

/**
 * The editor page's Recent Community Edits (000 §2): the newest public edits as a grid of
 * cards, refreshed every 15 s and 1 s after the user's own new image (000 §4), with the
 * optimistic laugh toggle. The page supplies the section and its heading.
 */
export function RecentCommunityEdits() {
  const { data, isLoading, refetch } = useRecentCommunityEdits();

  if (isLoading) {
    return (
      <div aria-busy="true">
        <VisuallyHidden>Loading community edits...</VisuallyHidden>
        <ul className={styles.grid}>
          {Array.from({ length: SKELETON_CARDS }, (_, index) => (
            <li key={index}>
              <CommunityEditCardSkeleton />
            </li>
          ))}
        </ul>
      </div>
    );
  }

  if (!data) {
    return (
      <FeedMessage
        kind="error"
        action={
          <Button variant="secondary" onClick={() => void refetch()}>
            Try again
          </Button>
        }
      >
        {COMMUNITY_LOAD_ERROR}
      </FeedMessage>
    );
  }

  if (data.length === 0) return <FeedMessage kind="empty">{COMMUNITY_EMPTY}</FeedMessage>;

  return (
    <ul className={styles.grid} aria-label="Recent community edits">
      {data.map((entry) => (
        <li key={entry.id}>
          <CommunityEditCard entry={entry} />
        </li>
      ))}
    </ul>
  );
}
