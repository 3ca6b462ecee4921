import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { editorPathWithImage } from '../../../shared/lib/editor-prompt';
import { cx } from '../../../shared/lib/cx';
import { quotePrompt } from '../../../shared/lib/quote-prompt';
import { AiEditedBadge, aiEditedAlt } from '../../../shared/ui/ai-edited-badge';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { ClockIcon, DownloadIcon, HeartIcon, StarIcon, TrashIcon } from '../../../shared/ui/icons';
import { RenditionImage } from '../../../shared/ui/rendition-image';
import { useShareEdit } from '../../../shared/ui/share-edit';
import { Skeleton } from '../../../shared/ui/skeleton';
import { VisuallyHidden } from '../../../shared/ui/visually-hidden';
import type { SavedImage } from '../api/my-edits.api';
import { useDownload } from '../hooks/use-download';
import { useFavoriteToggle } from '../hooks/use-favorite-toggle';
import { expiryBadge } from '../lib/expiry-badge';
import cardText from '../../../shared/ui/card-text.module.css';
import styles from './saved-image-card.module.css';

/** How wide a card's image is drawn: one column on phones, two on tablets, three above. */
export const CARD_IMAGE_SIZES = '(max-width: 639px) 100vw, (max-width: 1023px) 50vw, 33vw';

const DATE_FORMAT = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/** "Jun 1, 2030"; null for a missing or invalid date. */
export function formatCreated(timestamp: string): string | null {
  if (!timestamp) return null;
  const date = new Date(timestamp);
  return Number.isNaN(date.getTime()) ? null : DATE_FORMAT.format(date);
}

/** "3 versions" (D38: the versions of the image's edit chain). */
export function versionsLabel(count: number): string {
  return `${count} ${count === 1 ? 'version' : 'versions'}`;
}

export interface SavedImageCardProps {
  image: SavedImage;
  /** The moment the expiry badges are counted from. */
  now: Date;
  /** The laugh control (the community feature's, composed in by app/routes/my-edits.tsx). */
  laugh?: ReactNode;
  /** Remove was clicked: the page asks for confirmation. */
  onRemove: (image: SavedImage) => void;
}

/**
 * One saved image (001 §2 "My Edits"): the image (a link to the full one in a new tab) with a
 * heart marker when it is a favorite, its expiry badge and the "AI-edited" label (D42), the prompt, creation date and style;
 * then Download, Share (issue 15), the favorite star, the laugh control and Remove. Named by its prompt.
 * An image of an edit chain (issue 26, D38) links to its history in the editor ("3 versions").
 */
export function SavedImageCard({ image, now, laugh, onRemove }: SavedImageCardProps) {
  const titleId = useId();
  const favorite = useFavoriteToggle(image);
  const download = useDownload(image);
  // Issue 15: Share links to the edit's /share/{id} page, asking first when it is private.
  const sharing = useShareEdit();
  const prompt = image.prompt.trim();
  const created = formatCreated(image.timestamp);
  const badge = expiryBadge(image.expiresAt, image.isFavorite, now);

  return (
    <Card as="article" className={styles.card} aria-labelledby={titleId}>
      <div className={styles.media}>
        <a href={image.imageUrl} target="_blank" rel="noopener noreferrer" className={styles.imageLink}>
          <RenditionImage
            src={image.imageUrl}
            renditions={image.generatedRenditions}
            sizes={CARD_IMAGE_SIZES}
            fallbackWidth={640}
            fallbackHeight={640}
            alt={aiEditedAlt(prompt)}
            loading="lazy"
            decoding="async"
            className={styles.image}
          />
          <VisuallyHidden> (opens the full image in a new tab)</VisuallyHidden>
        </a>
        {/* D42: over the bottom-left corner; the heart and the expiry badge keep the top ones. */}
        <AiEditedBadge overlay />
        {image.isFavorite ? (
          <span className={styles.heart} title="Favorite">
            <HeartIcon width={16} height={16} />
            <VisuallyHidden>Favorite</VisuallyHidden>
          </span>
        ) : null}
        {badge ? (
          <span className={cx(styles.badge, badge === 'Expires today' && styles.urgent)}>
            <ClockIcon width={14} height={14} />
            {badge}
          </span>
        ) : null}
      </div>

      <div className={styles.body}>
        <h2 id={titleId} className={cx(cardText.twoLines, styles.prompt)} title={prompt || undefined}>
          {prompt ? quotePrompt(prompt) : 'No prompt'}
        </h2>
        <p className={cardText.details}>
          {created ? <time dateTime={image.timestamp}>{created}</time> : null}
          {image.style ? <span className={cardText.styleTag}>{image.style}</span> : null}
        </p>
        {/* Issue 26 (D38): an edit chain opens in the editor, with its version strip. */}
        {image.versions > 1 ? (
          <Link
            to={editorPathWithImage(image.id)}
            className={styles.versions}
            aria-label={`${versionsLabel(image.versions)}: open the edit history of ${prompt || 'this edit'}`}
          >
            <ClockIcon width={16} height={16} />
            {versionsLabel(image.versions)}
          </Link>
        ) : null}
      </div>

      <div className={styles.actions}>
        <Button
          size="sm"
          variant="secondary"
          onClick={download.download}
          aria-disabled={download.pending || undefined}
          aria-busy={download.pending || undefined}
        >
          <DownloadIcon width={18} height={18} />
          {download.pending ? 'Downloading...' : 'Download'}
        </Button>
        <Button
          size="sm"
          variant="secondary"
          aria-busy={sharing.busy || undefined}
          onClick={() => void sharing.share({ id: image.id, prompt: image.prompt, visibility: image.isHiddenByAdmin ? 'hidden' : image.isPublic ? 'public' : 'private' })}
        >
          Share
        </Button>
        <button
          type="button"
          className={styles.star}
          aria-pressed={image.isFavorite}
          aria-label="Favorite"
          title={image.isFavorite ? 'Remove from favorites' : 'Add to favorites'}
          aria-disabled={favorite.pending || undefined}
          onClick={favorite.toggle}
        >
          <StarIcon filled={image.isFavorite} />
        </button>
        {laugh}
        <Button size="sm" variant="ghost" className={styles.remove} onClick={() => onRemove(image)}>
          <TrashIcon width={18} height={18} />
          Remove
        </Button>
      </div>
      {sharing.dialog}
    </Card>
  );
}

/** A card of the same shape while the list loads. */
export function SavedImageCardSkeleton() {
  return (
    <Card className={styles.card} aria-hidden="true">
      <Skeleton className={styles.mediaSkeleton} height="auto" />
      <div className={styles.body}>
        <Skeleton height="1rem" width="90%" />
        <Skeleton height="1rem" width="60%" />
        <Skeleton height="0.875rem" width="45%" />
      </div>
      <div className={styles.actions}>
        <Skeleton height="var(--tap-target)" width="7rem" />
        <Skeleton height="var(--tap-target)" width="var(--tap-target)" circle />
        <Skeleton height="var(--tap-target)" width="4.5rem" circle />
      </div>
    </Card>
  );
}
