import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';

/**
 * Leaving the app for a page outside it (Stripe's hosted checkout). An object of our own so that
 * tests can watch it (jsdom cannot navigate).
 */
export const browserLocation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

/** The in-app path of `url` when it points into this app ("/checkout/local/cs_1"), else null. */
export function inAppPath(url: string): string | null {
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  try {
    const parsed = new URL(url);
    if (parsed.origin !== window.location.origin) return null;
    return `${parsed.pathname}${parsed.search}${parsed.hash}`;
  } catch {
    return null;
  }
}

/**
 * Goes to a checkout or redirect address from the server: an address in this app (the local
 * test checkout of D30, the success page, /pricing?checkout=cancelled) through the router,
 * anything else (Stripe Checkout) with a full page load.
 */
export function useLeaveFor(): (url: string) => void {
  const navigate = useNavigate();
  return useCallback(
    (url: string) => {
      const path = inAppPath(url);
      if (path) void navigate(path);
      else browserLocation.assign(url);
    },
    [navigate],
  );
}
