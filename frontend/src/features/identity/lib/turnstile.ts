/**
 * Cloudflare Turnstile, loaded only when the server asks for a captcha (001 §4), never on page
 * load. Explicit rendering: the widget is drawn into our own container with the site key from
 * GET /api/captcha-config.
 */
export const TURNSTILE_SCRIPT_URL = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';

export interface TurnstileRenderOptions {
  sitekey: string;
  callback?: (token: string) => void;
  'error-callback'?: (code?: string) => void;
  'expired-callback'?: () => void;
  'timeout-callback'?: () => void;
  theme?: 'light' | 'dark' | 'auto';
  size?: 'normal' | 'flexible' | 'compact';
}

export interface Turnstile {
  render: (container: HTMLElement | string, options: TurnstileRenderOptions) => string | null | undefined;
  reset: (widgetId?: string) => void;
  remove: (widgetId?: string) => void;
}

declare global {
  interface Window {
    turnstile?: Turnstile;
  }
}

let loading: Promise<Turnstile> | null = null;

/** Resolves with `window.turnstile`, adding the script once; rejects when it cannot load. */
export function loadTurnstile(): Promise<Turnstile> {
  if (window.turnstile) return Promise.resolve(window.turnstile);
  loading ??= new Promise<Turnstile>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = TURNSTILE_SCRIPT_URL;
    script.async = true;
    script.onload = () => {
      if (window.turnstile) resolve(window.turnstile);
      else fail();
    };
    script.onerror = fail;
    function fail() {
      script.remove();
      loading = null; // a later attempt may succeed (e.g. after going back online)
      reject(new Error('Failed to load CAPTCHA'));
    }
    document.head.appendChild(script);
  });
  return loading;
}
