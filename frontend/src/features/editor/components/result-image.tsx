import { useState } from 'react';
import type { Rendition } from '../../../shared/api/renditions';
import { AiEditedBadge } from '../../../shared/ui/ai-edited-badge';
import { Skeleton } from '../../../shared/ui/skeleton';
import { AlertCircleIcon } from '../../../shared/ui/icons';
import { RenditionImage } from '../../../shared/ui/rendition-image';
import styles from './results-step.module.css';

/**
 * How wide a result image is drawn (D31 `sizes`), from the CSS: the page's main column (max 72rem
 * including 1rem / from 768px 1.5rem side padding: at most 1104px), the editor's layout (from
 * 1024px a 20rem side column and a 1.5rem gap beside the workflow card) and the workflow card (1px
 * border, 1rem / from 640px 2rem padding): the card's whole width, 694px on a wide desktop. (Issue
 * 26: the original and the result no longer sit side by side; they are compared over one image.)
 */
export const RESULT_IMAGE_SIZES = [
  '(min-width: 1152px) 694px',
  '(min-width: 1024px) calc(100vw - 458px)',
  '(min-width: 768px) calc(100vw - 114px)',
  '(min-width: 640px) calc(100vw - 98px)',
  'calc(100vw - 66px)',
].join(', ');

/** The intrinsic size hint of an image without renditions: the frame's 4:3. */
const FALLBACK_WIDTH = 800;
const FALLBACK_HEIGHT = 600;

export interface ResultImageProps {
  /** The full image: the link opens it; drawn only while the image has no renditions. */
  src: string;
  /** D31: its small WebP versions, drawn through srcset/sizes. */
  renditions: readonly Rendition[];
  alt: string;
  caption: string;
  /** How wide it is drawn (D31 `sizes`); the card's width by default. */
  sizes?: string;
  /** D42: a generated image, labelled "AI-edited" over its corner (never the Original). */
  aiEdited?: boolean;
}

/**
 * One image of the result step (once one of a pair; issue 26: the Original, or a result with
 * nothing to compare it with): a skeleton while it loads, a short note if it cannot be shown.
 * The image links to itself in a new tab (000 §2 "Image links").
 */
export function ResultImage({ src, renditions, alt, caption, sizes = RESULT_IMAGE_SIZES, aiEdited = false }: ResultImageProps) {
  const [state, setState] = useState<'loading' | 'loaded' | 'error'>('loading');
  return (
    <figure className={styles.figure}>
      <div className={styles.frame}>
        {state === 'loading' ? <Skeleton className={styles.skeleton} height="100%" /> : null}
        {state === 'error' ? (
          <p className={styles.imageError}>
            <AlertCircleIcon />
            This image could not be loaded.{' '}
            <a href={src} target="_blank" rel="noopener noreferrer">
              Open it in a new tab
            </a>
          </p>
        ) : (
          <a href={src} target="_blank" rel="noopener noreferrer" className={styles.imageLink}>
            <RenditionImage
              src={src}
              renditions={renditions}
              sizes={sizes}
              fallbackWidth={FALLBACK_WIDTH}
              fallbackHeight={FALLBACK_HEIGHT}
              alt={alt}
              decoding="async"
              className={styles.image}
              data-state={state}
              onLoad={() => setState('loaded')}
              onError={() => setState('error')}
            />
          </a>
        )}
        {/* Beside the link, not in it: the link's name stays the image's alt text. */}
        {aiEdited && state !== 'error' ? <AiEditedBadge overlay /> : null}
      </div>
      <figcaption className={styles.caption}>{caption}</figcaption>
    </figure>
  );
}
