import { useState } from 'react';
import type { Rendition } from '../../../shared/api/renditions';
import { cx } from '../../../shared/lib/cx';
import { quotePrompt } from '../../../shared/lib/quote-prompt';
import { ImageIcon } from '../../../shared/ui/icons';
import { RenditionImage } from '../../../shared/ui/rendition-image';
import { Skeleton } from '../../../shared/ui/skeleton';
import { VisuallyHidden } from '../../../shared/ui/visually-hidden';
import type { CommunityEntry } from '../lib/community-entry';
import styles from './edit-pair.module.css';

// The intrinsic size hint of an image without renditions; the frame (4:3, CSS) reserves the space.
const SIZE = 480;

interface EditImageProps {
  src: string;
  renditions: readonly Rendition[];
  sizes: string;
  alt: string;
  caption: string;
  eager: boolean;
}

function EditImage({ src, renditions, sizes, alt, caption, eager }: EditImageProps) {
  const [failed, setFailed] = useState(false);
  return (
    <figure className={styles.figure}>
      {/* 000 §2 "Image links": each image opens in a new tab. */}
      <a href={src} target="_blank" rel="noopener noreferrer" className={styles.frame}>
        {failed ? (
          <span className={styles.missing}>
            <ImageIcon width={28} height={28} />
            <span>{alt}</span>
          </span>
        ) : (
          // D31: a small WebP rendition through srcset/sizes; the link above opens the full image.
          <RenditionImage
            src={src}
            renditions={renditions}
            sizes={sizes}
            fallbackWidth={SIZE}
            fallbackHeight={SIZE}
            alt={alt}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
            className={styles.image}
            onError={() => setFailed(true)}
          />
        )}
        <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
      </a>
      <figcaption className={styles.caption}>{caption}</figcaption>
    </figure>
  );
}

export interface EditPairProps {
  entry: Pick<CommunityEntry, 'id' | 'prompt' | 'imageUrl' | 'originalUrl' | 'originalRenditions' | 'generatedRenditions'>;
  /**
   * How wide each of the two images is drawn (`sizes`), worked out by each place from its own
   * layout, so that the browser loads the smallest rendition that fills the frame (D31).
   */
  sizes: string;
  /** Load at once (the landing card) rather than when scrolled near (lists). */
  eager?: boolean;
  /** Stack the two images on phones (a large card) rather than keeping them side by side. */
  stackOnPhones?: boolean;
}

/** The original and the generated image side by side, each a link to the full image. */
export function EditPair({ entry, sizes, eager = false, stackOnPhones = false }: EditPairProps) {
  const prompt = entry.prompt.trim();
  return (
    <div className={cx(styles.pair, stackOnPhones && styles.stackOnPhones)}>
      <EditImage
        key={`o-${entry.id}`}
        src={entry.originalUrl}
        renditions={entry.originalRenditions}
        sizes={sizes}
        alt={prompt ? `Original photo for ${quotePrompt(prompt)}` : 'Original photo'}
        caption="Original"
        eager={eager}
      />
      <EditImage
        key={`g-${entry.id}`}
        src={entry.imageUrl}
        renditions={entry.generatedRenditions}
        sizes={sizes}
        alt={prompt || 'Edited photo'}
        caption="Edited"
        eager={eager}
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
