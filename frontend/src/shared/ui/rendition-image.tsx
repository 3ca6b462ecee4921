import type { ImgHTMLAttributes } from 'react';
import { renditionSrcSet, type Rendition } from '../api/renditions';

export interface RenditionImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'width' | 'height'> {
  /** The full image: used only when the image has no renditions yet. */
  src: string;
  renditions: readonly Rendition[];
  /** How wide the image is drawn, for the browser's choice among the renditions (`sizes`). */
  sizes: string;
  /** The intrinsic size used when there are no renditions (reserves the space before loading). */
  fallbackWidth: number;
  fallbackHeight: number;
  alt: string;
}

/**
 * An image drawn from its WebP renditions (D31) through `srcset`/`sizes`, with width and height set
 * from them (so the layout does not shift). The full image is the source only while an image has
 * no renditions; links that open the image still point at the full file.
 */
export function RenditionImage({ src, renditions, sizes, fallbackWidth, fallbackHeight, alt, ...img }: RenditionImageProps) {
  const largest = renditions[renditions.length - 1];
  if (!largest) {
    return <img src={src} alt={alt} width={fallbackWidth} height={fallbackHeight} {...img} />;
  }
  // The `src` for a browser without srcset: a middle size, never the full image.
  const fallback = renditions.find((r) => r.width >= 640) ?? largest;
  return (
    <img
      src={fallback.url}
      srcSet={renditionSrcSet(renditions)}
      sizes={sizes}
      alt={alt}
      width={largest.width}
      height={largest.height}
      {...img}
    />
  );
}
