import { useEffect, useState } from 'react';

/** A picture's own size in pixels (as the browser shows it, after EXIF orientation). */
export interface NaturalSize {
  width: number;
  height: number;
}

export type NaturalSizeState = { status: 'idle' | 'loading' | 'error' } | ({ status: 'loaded' } & NaturalSize);

/**
 * Loads `src` in an Image to learn its natural size (D40: the mask is painted at the photo's
 * size). Nothing is loaded while `src` is null.
 */
export function useNaturalSize(src: string | null): NaturalSizeState {
  const [state, setState] = useState<{ src: string; value: NaturalSizeState } | null>(null);

  useEffect(() => {
    if (!src) return undefined;
    let live = true;
    const image = new Image();
    image.onload = () => {
      if (!live) return;
      const { naturalWidth: width, naturalHeight: height } = image;
      setState({ src, value: width > 0 && height > 0 ? { status: 'loaded', width, height } : { status: 'error' } });
    };
    image.onerror = () => {
      if (live) setState({ src, value: { status: 'error' } });
    };
    image.src = src;
    return () => {
      live = false;
      image.onload = null;
      image.onerror = null;
    };
  }, [src]);

  if (!src) return { status: 'idle' };
  return state?.src === src ? state.value : { status: 'loading' };
}
