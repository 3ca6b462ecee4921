import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useId, useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import { Link } from 'react-router-dom';
import { baseApi, getErrorMessage } from '../../../shared/api/base-api';
import { cx } from '../../../shared/lib/cx';
import { quotePrompt } from '../../../shared/lib/quote-prompt';
import { getUserIdentifier } from '../../../shared/lib/user-identifier';
import { Card } from '../../../shared/ui/card';
import { Skeleton } from '../../../shared/ui/skeleton';
import { QueryStatus } from '../../../shared/ui/query-status';
import { ReportButton } from '../../../shared/ui/report-button';
import { VisuallyHidden } from '../../../shared/ui/visually-hidden';
import {
  useAddLaughMutation,
  useHasLaughedQuery,
  useRecentCommunityEdits,
  useRemoveLaughMutation,
} from '../api/community.api';
import { useLiveCommunity, type LiveStatus } from '../hooks/use-live-community';
import { useUserIdentifier } from '../hooks/use-user-identifier';
import type { CommunityEntry } from '../lib/community-entry';
import { COMMUNITY_EMPTY, COMMUNITY_LOAD_ERROR } from '../lib/community-messages';
import { laughMemory } from '../lib/laugh-memory';
import { timeAgo } from '../lib/relative-time';
import { EditPair, EditPairSkeleton } from './edit-pair';
import { LaughButton } from './laugh-button';
import { communityCardText } from './community-card-classes';
import styles from './live-community-card.module.css';

/**
 * How wide each image is drawn (D31 `sizes`), from the CSS: the landing section (max 72rem
 * including 1rem / from 720px 1.5rem side padding), its slot (max 48rem), this card (max 44rem
 * including a 1px border and 1.5rem / from 640px 2rem padding: 638px inside at most) and the pair
 * (2 columns with a 0.75rem gap, 1 column below 480px): a 313px wide frame on a desktop. The
 * image is shown whole inside its frame (never wider than it), so the frame's width is the most
 * it is drawn at.
 */
export const LIVE_EDIT_IMAGE_SIZES = [
  '(min-width: 752px) 313px',
  '(min-width: 720px) calc((100vw - 126px) / 2)',
  '(min-width: 640px) calc((100vw - 110px) / 2)',
  '(min-width: 480px) calc((100vw - 94px) / 2)',
  'calc(100vw - 82px)',
].join(', ');

/** What the card learnt itself: a live message, or the answer to its own laugh. */
interface Known {
  entry: CommunityEntry;
  /** Known laugh state of this browser for `entry`. */
  laughed: boolean;
  /** When it was learnt, to compare with the feed's last answer. */
  at: number;
}

interface Received {
  entry: CommunityEntry;
  at: number;
}

function createdAt(entry: CommunityEntry): number {
  const time = Date.parse(entry.timestamp);
  return Number.isNaN(time) ? 0 : time;
}

/**
 * The edit to show: the newest of the feed's latest and the card's own knowledge; for the same
 * edit, whichever arrived last (its laugh count is the freshest).
 */
function pickShown(feed: Received | null, known: Known | null): CommunityEntry | null {
  if (!feed || !known) return (feed ?? known)?.entry ?? null;
  if (feed.entry.id !== known.entry.id) {
    const feedTime = createdAt(feed.entry);
    const knownTime = createdAt(known.entry);
    if (feedTime !== knownTime) return feedTime > knownTime ? feed.entry : known.entry;
  }
  return feed.at > known.at ? feed.entry : known.entry;
}

function LiveBadge({ status }: { status: LiveStatus }) {
  const open = status === 'open';
  return (
    <span className={styles.live} data-state={status} title={open ? 'New edits appear here as they are made' : 'Reconnecting...'}>
      <span className={styles.dot} aria-hidden="true" />
      <span aria-hidden="true">{open ? 'Live' : 'Offline'}</span>
      <VisuallyHidden>{open ? 'Live updates are on' : 'Live updates are off'}</VisuallyHidden>
    </span>
  );
}

/**
 * The landing page's live community card (000 §2, §4): the latest community edit (original and
 * generated image, prompt, Report (D43), laugh count, laugh control). A new edit pushed over /ws
 * replaces it at once with its count and "not laughed". The initial laugh state comes from has-laughed;
 * a laugh changes the count only when the server has answered (not optimistic).
 */
export function LiveCommunityCard() {
  const titleId = useId();
  const feed = useRecentCommunityEdits(1);
  const [known, setKnown] = useState<Known | null>(null);
  const dispatch = useDispatch();
  const status = useLiveCommunity((entry) => setKnown({ entry, laughed: false, at: Date.now() }), {
    // D43: an edit a report withdrew leaves at once: forgotten if it is the one pushed, and the
    // feed and Hall of Fame asked again (they no longer list it).
    onRemoved: (id) => {
      setKnown((current) => (current?.entry.id === id ? null : current));
      dispatch(baseApi.util.invalidateTags(['CommunityFeed', 'Leaderboard']));
    },
  });

  const latest = feed.data?.[0];
  const shown = pickShown(latest ? { entry: latest, at: feed.fulfilledTimeStamp ?? 0 } : null, known);
  const knownLaughed = shown && known?.entry.id === shown.id ? known.laughed : undefined;

  const userIdentifier = useUserIdentifier();
  const hasLaughed = useHasLaughedQuery(
    shown && userIdentifier && knownLaughed === undefined ? { id: shown.id, userIdentifier } : skipToken,
  );
  useEffect(() => {
    // 000 §8: a has-laughed failure is only logged; the card then shows "not laughed".
    if (hasLaughed.error) console.warn(`Could not load the laugh state: ${getErrorMessage(hasLaughed.error)}`);
  }, [hasLaughed.error]);

  const [busy, setBusy] = useState(false);
  const sending = useRef(false);
  const [addLaugh] = useAddLaughMutation();
  const [removeLaugh] = useRemoveLaughMutation();

  const laughed = shown ? (knownLaughed ?? laughMemory.get(shown.id) ?? hasLaughed.currentData ?? false) : false;

  async function toggle() {
    if (!shown || sending.current) return;
    const wanted = !laughed;
    sending.current = true;
    setBusy(true);
    try {
      const send = wanted ? addLaugh : removeLaugh;
      // Clicked before it was known whether someone is signed in: the stored identifier, if any.
      const result = await send({ id: shown.id, userIdentifier: userIdentifier ?? getUserIdentifier() }).unwrap();
      setKnown({ entry: { ...shown, laughCount: result.laughCount }, laughed: result.hasLaughed, at: Date.now() });
    } catch {
      // Logged by the mutation (000 §8); nothing changed on screen.
    } finally {
      sending.current = false;
      setBusy(false);
    }
  }

  let body;
  if (shown) {
    const prompt = shown.prompt.trim();
    const when = timeAgo(shown.timestamp);
    body = (
      <>
        <EditPair entry={shown} sizes={LIVE_EDIT_IMAGE_SIZES} eager stackOnPhones />
        <div className={communityCardText.promptRow}>
          <p className={cx(communityCardText.prompt, styles.prompt)} title={prompt || undefined}>
            {prompt ? quotePrompt(prompt) : 'No prompt'}
          </p>
          <ReportButton imageId={shown.id} />
        </div>
        <div className={styles.footer}>
          <p className={communityCardText.details}>
            {shown.style ? <span className={communityCardText.style}>{shown.style}</span> : null}
            {when ? <time dateTime={shown.timestamp}>{when}</time> : null}
          </p>
          <LaughButton count={shown.laughCount} laughed={laughed} pending={busy} onToggle={() => void toggle()} size="lg" />
        </div>
      </>
    );
  } else {
    // A non-empty feed always has an edit to show (above): this is loading, empty or failed.
    body = (
      <QueryStatus
        query={feed}
        loadingText="Loading the latest community edit..."
        loadingClassName={styles.skeleton}
        skeleton={
          <>
            <EditPairSkeleton stackOnPhones />
            <div className={styles.promptSkeleton} aria-hidden="true">
              <Skeleton height="1.125rem" width="85%" className={styles.line} />
              <Skeleton height="1.125rem" width="55%" className={styles.line} />
            </div>
            <div className={styles.footer} aria-hidden="true">
              <Skeleton height="1.5rem" width="6rem" />
              <Skeleton height="var(--tap-target)" width="5.5rem" circle />
            </div>
          </>
        }
        errorText={COMMUNITY_LOAD_ERROR}
        emptyText={COMMUNITY_EMPTY}
      >
        {() => null}
      </QueryStatus>
    );
  }

  return (
    <Card as="article" className={styles.card} aria-labelledby={titleId}>
      <header className={communityCardText.spread}>
        <h3 id={titleId} className={styles.title}>
          Latest community edit
        </h3>
        <LiveBadge status={status} />
      </header>
      {body}
      <p className={styles.more}>
        <Link to="/leaderboard">See the most laughed-at edits in the Hall of Fame</Link>
      </p>
    </Card>
  );
}
