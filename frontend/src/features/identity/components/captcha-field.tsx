import { useEffect, useRef, useState } from 'react';
import { Spinner } from '../../../shared/ui/spinner';
import { useGetCaptchaConfigQuery } from '../api/identity.api';
import { loadTurnstile, type Turnstile } from '../lib/turnstile';
import styles from './captcha-field.module.css';

export const CAPTCHA_LOAD_FAILED = 'Failed to load CAPTCHA';

interface TurnstileWidgetProps {
  siteKey: string;
  onToken: (token: string | null) => void;
  /** Changing it resets the widget (a token is single-use, so after a failed attempt). */
  resetKey: number;
}

function TurnstileWidget({ siteKey, onToken, resetKey }: TurnstileWidgetProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const widgetRef = useRef<{ turnstile: Turnstile; id: string } | null>(null);
  const onTokenRef = useRef(onToken);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  useEffect(() => {
    onTokenRef.current = onToken;
  });

  useEffect(() => {
    let cancelled = false;
    loadTurnstile().then(
      (turnstile) => {
        const container = containerRef.current;
        if (cancelled || !container) return;
        const clear = () => onTokenRef.current(null);
        const id = turnstile.render(container, {
          sitekey: siteKey,
          size: 'flexible',
          callback: (token) => onTokenRef.current(token),
          // 001 §4: the token is cleared on captcha error or expiry; the error itself is logged.
          'error-callback': (code) => {
            console.warn('CAPTCHA error', code);
            clear();
          },
          'expired-callback': clear,
          'timeout-callback': clear,
        });
        widgetRef.current = id ? { turnstile, id } : null;
        setState('ready');
      },
      () => {
        if (!cancelled) setState('failed');
      },
    );
    return () => {
      cancelled = true;
      const widget = widgetRef.current;
      widgetRef.current = null;
      widget?.turnstile.remove(widget.id);
    };
  }, [siteKey]);

  useEffect(() => {
    const widget = widgetRef.current;
    if (resetKey > 0 && widget) widget.turnstile.reset(widget.id);
  }, [resetKey]);

  if (state === 'failed') {
    return (
      <p role="alert" className={styles.error}>
        {CAPTCHA_LOAD_FAILED}
      </p>
    );
  }
  return (
    <>
      {state === 'loading' ? <Spinner label="Loading CAPTCHA..." showLabel size="sm" /> : null}
      <div ref={containerRef} className={styles.widget} data-testid="captcha-widget" />
    </>
  );
}

export interface CaptchaFieldProps {
  /** The registration error's text, shown when the server has no captcha to offer (D20). */
  serverMessage: string | undefined;
  onToken: (token: string | null) => void;
  resetKey: number;
}

/**
 * The registration captcha (001 §4): appears once the server asks for it; Turnstile is loaded
 * with the site key from GET /api/captcha-config.
 */
export function CaptchaField({ serverMessage, onToken, resetKey }: CaptchaFieldProps) {
  const { data: config, isLoading, isError } = useGetCaptchaConfigQuery();

  let content;
  if (isLoading) content = <Spinner label="Loading CAPTCHA..." showLabel size="sm" />;
  else if (isError || !config) content = <p role="alert" className={styles.error}>{CAPTCHA_LOAD_FAILED}</p>;
  else if (config.provider === 'turnstile' && config.siteKey)
    content = <TurnstileWidget siteKey={config.siteKey} onToken={onToken} resetKey={resetKey} />;
  else
    content = (
      <p role="alert" className={styles.error}>
        {serverMessage ?? 'A security check is needed but is not available right now. Please try again later.'}
      </p>
    );

  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>Security check</legend>
      <p className={styles.hint}>Please confirm you are a person to create your account.</p>
      {content}
    </fieldset>
  );
}
