import { useState } from 'react';
import type { Rendition } from '../api/renditions';
import { AiEditedBadge, aiEditedAnchorClass } from './ai-edited-badge';
import { ImageIcon } from './icons';
import { RenditionImage } from './rendition-image';
import { VisuallyHidden } from './visually-hidden';

export interface ImageFigureProps {
  /** The full image: the link opens it, and the picture falls back to it without renditions. */
  src: string;
  renditions: readonly Rendition[];
  /** How wide the image is drawn, for the choice among the renditions (D31 `sizes`). */
  sizes: string;
  /** The intrinsic size hint of an image without renditions. */
  fallbackWidth: number;
  fallbackHeight: number;
  alt: string;
  caption: string;
  /** Read after the alt text, to say that the link opens a new tab. */
  newTabHint: string;
  loading?: 'eager' | 'lazy';
  /** `high` for the page's largest picture (its LCP element), so the browser asks for it first. */
  fetchPriority?: 'high' | 'low' | 'auto';
  /**
   * Each place draws the figure in its own shape (a fixed frame, or the image's own): its CSS
   * module, with the classes figure, frame, image, missing and caption.
   */
  classes: Readonly<Partial<Record<'figure' | 'frame' | 'image' | 'missing' | 'caption', string>>>;
  /** D42: a generated image, labelled "AI-edited" over its corner (never an original). */
  aiEdited?: boolean;
}

/**
 * One captioned image of an edit that links to the full image in a new tab (000 §2 "Image
 * links"). If the picture cannot be loaded, an icon and its alt text take its place, and the link
 * to the full image stays. A generated image (`aiEdited`) carries the "AI-edited" badge over its
 * bottom-left corner (D42).
 */
export function ImageFigure({
  src,
  renditions,
  sizes,
  fallbackWidth,
  fallbackHeight,
  alt,
  caption,
  newTabHint,
  loading,
  fetchPriority,
  classes,
  aiEdited = false,
}: ImageFigureProps) {
  const [failed, setFailed] = useState(false);
  const link = (
    <a href={src} target="_blank" rel="noopener noreferrer" className={classes.frame}>
      {failed ? (
        <span className={classes.missing}>
          <ImageIcon width={28} height={28} />
          <span>{alt}</span>
        </span>
      ) : (
        // D31: a WebP rendition through srcset/sizes; the link above opens the full image.
        <RenditionImage
          src={src}
          renditions={renditions}
          sizes={sizes}
          fallbackWidth={fallbackWidth}
          fallbackHeight={fallbackHeight}
          alt={alt}
          loading={loading}
          fetchPriority={fetchPriority}
          decoding="async"
          className={classes.image}
          onError={() => setFailed(true)}
        />
      )}
      <VisuallyHidden>{newTabHint}</VisuallyHidden>
    </a>
  );
  return (
    <figure className={classes.figure}>
      {aiEdited ? (
        // The badge beside the link, not in it: the link's name stays the image's alt text. When
        // the picture fails, its note (the alt text) says "AI-edited" instead.
        <div className={aiEditedAnchorClass}>
          {link}
          {failed ? null : <AiEditedBadge overlay />}
        </div>
      ) : (
        link
      )}
      <figcaption className={classes.caption}>{caption}</figcaption>
    </figure>
  );
}
