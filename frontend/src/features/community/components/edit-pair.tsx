import { cx } from '../../../shared/lib/cx';
import { quotePrompt } from '../../../shared/lib/quote-prompt';
import { aiEditedAlt } from '../../../shared/ui/ai-edited-badge';
import { ImageFigure } from '../../../shared/ui/image-figure';
import { Skeleton } from '../../../shared/ui/skeleton';
import type { CommunityEntry } from '../lib/community-entry';
import styles from './edit-pair.module.css';

// The intrinsic size hint of an image without renditions; the frame (4:3, CSS) reserves the space.
const SIZE = 480;

export interface EditPairProps {
  entry: Pick<CommunityEntry, 'id' | 'prompt' | 'imageUrl' | 'originalUrl' | 'originalRenditions' | 'generatedRenditions'>;
  /**
   * How wide each of the two images is drawn (`sizes`), worked out by each place from its own
   * layout, so that the browser loads the smallest rendition that fills the frame (D31).
   */
  sizes: string;
  /** Load at once (the landing card) rather than when scrolled near (lists). */
  eager?: boolean;
  /**
   * The page's largest picture (a list's first card, issue 24): loaded at once and asked for
   * first (`fetchpriority="high"`), since it is what the page's largest paint waits for.
   */
  priority?: boolean;
  /** Stack the two images on phones (a large card) rather than keeping them side by side. */
  stackOnPhones?: boolean;
}

/**
 * The original and the generated image side by side, each a link to the full image; the generated
 * one labelled "AI-edited" (D42), the original not.
 */
export function EditPair({ entry, sizes, eager = false, priority = false, stackOnPhones = false }: EditPairProps) {
  const prompt = entry.prompt.trim();
  const common = {
    sizes,
    fallbackWidth: SIZE,
    fallbackHeight: SIZE,
    newTabHint: ' (opens in a new tab)',
    loading: eager || priority ? 'eager' : 'lazy',
    fetchPriority: priority ? 'high' : undefined,
    classes: styles,
  } as const;
  return (
    <div className={cx(styles.pair, stackOnPhones && styles.stackOnPhones)}>
      <ImageFigure
        key={`o-${entry.id}`}
        src={entry.originalUrl}
        renditions={entry.originalRenditions}
        alt={prompt ? `Original photo for ${quotePrompt(prompt)}` : 'Original photo'}
        caption="Original"
        {...common}
      />
      <ImageFigure
        key={`g-${entry.id}`}
        src={entry.imageUrl}
        renditions={entry.generatedRenditions}
        alt={aiEditedAlt(prompt)}
        caption="Edited"
        aiEdited
        {...common}
      />
    </div>
  );
}

/** The same frames, empty: for skeletons of the same size. */
export function EditPairSkeleton({ stackOnPhones = false }: { stackOnPhones?: boolean }) {
  return (
    <div className={cx(styles.pair, stackOnPhones && styles.stackOnPhones)} aria-hidden="true">
      {[0, 1].map((key) => (
        <div key={key} className={styles.figure}>
          <Skeleton className={styles.frame} height="auto" />
          <Skeleton className={styles.captionSkeleton} width="4rem" height="1rem" />
        </div>
      ))}
    </div>
  );
}
