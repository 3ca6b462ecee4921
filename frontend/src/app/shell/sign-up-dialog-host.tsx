import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { SignUpDialogContext, type SignUpDialogControls, type SignUpMode } from '../../shared/lib/sign-up-dialog';
import { Spinner } from '../../shared/ui/spinner';
import styles from './sign-up-dialog-host.module.css';

// The dialog (form, validation, captcha, fingerprinting) is downloaded the first time it opens.
const SignUpDialog = lazy(() =>
  import('../../features/identity/components/sign-up-dialog').then((module) => ({ default: module.SignUpDialog })),
);

/** 000 §4 / §9: registration redirects to /dashboard after 1 second. */
export const REGISTRATION_REDIRECT_MS = 1000;

/**
 * Provides useSignUpDialog() to every page and renders the identity feature's sign-up dialog,
 * so that pages (the landing page's call to action, the video waitlist) can open it without
 * importing another feature. Owns the post-registration redirect, which must outlive the dialog.
 */
export function SignUpDialogHost({ children }: { children: ReactNode }) {
  const [mode, setMode] = useState<SignUpMode | null>(null);
  const navigate = useNavigate();
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  const controls = useMemo<SignUpDialogControls>(() => ({ openSignUp: (next = 'signup') => setMode(next) }), []);
  const close = useCallback(() => setMode(null), []);
  const onRegistered = useCallback(() => {
    setMode(null);
    clearTimeout(redirectTimer.current);
    redirectTimer.current = setTimeout(() => void navigate('/dashboard'), REGISTRATION_REDIRECT_MS);
  }, [navigate]);

  return (
    <SignUpDialogContext value={controls}>
      {children}
      {mode ? (
        <Suspense
          fallback={
            <div className={styles.loading}>
              <Spinner size="lg" label="Opening sign-up..." />
            </div>
          }
        >
          <SignUpDialog mode={mode} onClose={close} onRegistered={onRegistered} />
        </Suspense>
      ) : null}
    </SignUpDialogContext>
  );
}
