import { useCallback, useSyncExternalStore } from 'react';

function list(query: string): MediaQueryList | null {
  return typeof window.matchMedia === 'function' ? window.matchMedia(query) : null;
}

/**
 * Whether a CSS media query matches now; follows changes (rotation, resizing, a system setting).
 * False where the browser cannot tell (no matchMedia) and on the server.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const media = list(query);
      if (!media) return () => undefined;
      // Older Safari has only the deprecated addListener.
      if (typeof media.addEventListener === 'function') {
        media.addEventListener('change', onChange);
        return () => media.removeEventListener('change', onChange);
      }
      if (typeof media.addListener === 'function') {
        media.addListener(onChange);
        return () => media.removeListener(onChange);
      }
      return () => undefined;
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => list(query)?.matches ?? false, () => false);
}
