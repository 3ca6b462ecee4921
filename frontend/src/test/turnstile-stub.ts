import { vi } from 'vitest';
import type { Turnstile, TurnstileRenderOptions } from '../features/identity/lib/turnstile';

/**
 * A stand-in for Cloudflare Turnstile's `window.turnstile`: records the widget it was asked to
 * render and lets a test play the user solving it, the token expiring, or an error.
 */
export function stubTurnstile() {
  let options: TurnstileRenderOptions | null = null;
  const turnstile = {
    render: vi.fn((_container: HTMLElement | string, given: TurnstileRenderOptions) => {
      options = given;
      return 'widget-1';
    }),
    reset: vi.fn(),
    remove: vi.fn(),
  } satisfies Turnstile;
  vi.stubGlobal('turnstile', turnstile);
  return {
    turnstile,
    get sitekey() {
      return options?.sitekey;
    },
    solve(token: string) {
      options?.callback?.(token);
    },
    expire() {
      options?.['expired-callback']?.();
    },
    fail() {
      options?.['error-callback']?.('300030');
    },
  };
}
