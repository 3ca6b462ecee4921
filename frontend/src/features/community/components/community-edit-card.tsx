import type { ReactNode } from 'react';
import { cx } from '../../../shared/lib/cx';
import { quotePrompt } from '../../../shared/lib/quote-prompt';
import { Card } from '../../../shared/ui/card';
import { ReportButton } from '../../../shared/ui/report-button';
import { Skeleton } from '../../../shared/ui/skeleton';
import { useLaughToggle } from '../hooks/use-laugh-toggle';
import type { CommunityEntry } from '../lib/community-entry';
import { timeAgo } from '../lib/relative-time';
import { EditPair, EditPairSkeleton } from './edit-pair';
import { LaughButton } from './laugh-button';
import { communityCardText } from './community-card-classes';
import styles from './community-edit-card.module.css';

export interface CommunityEditCardProps {
  entry: CommunityEntry;
  /** How wide each image is drawn in the list (`sizes` of the renditions, D31): see the list. */
  imageSizes: string;
  /** Refetch the leaderboard and recent feed after a laugh (the leaderboard's cards). */
  refreshAfterLaugh?: boolean;
  /** Shown above the images (the leaderboard's rank and badge). */
  header?: ReactNode;
  /** The list's first card: its pictures are the page's largest paint (see EditPair). */
  priority?: boolean;
  className?: string;
}

/**
 * One community edit in a list: original and generated image, prompt, style, age, the optimistic
 * laugh toggle (000 §4) and Report (D43, beside the prompt: the card keeps its size on a phone).
 * Named by its prompt for assistive technology.
 */
export function CommunityEditCard({ entry, imageSizes, refreshAfterLaugh = false, header, priority = false, className }: CommunityEditCardProps) {
  const { laughed, pending, toggle } = useLaughToggle(entry, { refresh: refreshAfterLaugh });
  const prompt = entry.prompt.trim();
  const when = timeAgo(entry.timestamp);
  return (
    <Card as="article" className={cx(styles.card, className)} aria-label={prompt || 'Community edit'}>
      {header}
      <EditPair entry={entry} sizes={imageSizes} priority={priority} />
      <div className={communityCardText.promptRow}>
        <p className={communityCardText.prompt} title={prompt || undefined}>
          {prompt ? quotePrompt(prompt) : 'No prompt'}
        </p>
        <ReportButton imageId={entry.id} />
      </div>
      <div className={communityCardText.spread}>
        <p className={cx(communityCardText.details, styles.details)}>
          {entry.style ? <span className={communityCardText.style}>{entry.style}</span> : null}
          {when ? (
            <time dateTime={entry.timestamp} className={styles.time}>
              {when}
            </time>
          ) : null}
        </p>
        <LaughButton count={entry.laughCount} laughed={laughed} pending={pending} onToggle={toggle} />
      </div>
    </Card>
  );
}

/** A card of the same size while the list loads. */
export function CommunityEditCardSkeleton({ header, className }: { header?: ReactNode; className?: string }) {
  return (
    <Card className={cx(styles.card, className)} aria-hidden="true">
      {header}
      <EditPairSkeleton />
      <div className={styles.promptSkeleton}>
        <Skeleton height="1rem" width="90%" className={styles.line} />
        <Skeleton height="1rem" width="60%" className={styles.line} />
      </div>
      <div className={communityCardText.spread}>
        <Skeleton height="1.5rem" width="5rem" />
        <Skeleton height="var(--tap-target)" width="4.5rem" circle />
      </div>
    </Card>
  );
}
