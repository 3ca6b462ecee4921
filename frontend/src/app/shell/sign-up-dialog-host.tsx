import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { isAppPath } from '../../shared/lib/editor-prompt';
import { SignUpDialogContext, type SignUpDialogControls, type SignUpMode } from '../../shared/lib/sign-up-dialog';
import { Spinner } from '../../shared/ui/spinner';
import styles from './sign-up-dialog-host.module.css';

// The dialog (form, validation, captcha, fingerprinting) is downloaded the first time it opens.
const SignUpDialog = lazy(() =>
  import('../../features/identity/components/sign-up-dialog').then((module) => ({ default: module.SignUpDialog })),
);

/** 000 §4 / §9: registration redirects to /dashboard (or the opener's `next`) after 1 second. */
export const REGISTRATION_REDIRECT_MS = 1000;

/**
 * Provides useSignUpDialog() to every page and renders the identity feature's sign-up dialog,
 * so that pages (the landing page's call to action, the video waitlist) can open it without
 * importing another feature. Owns the post-registration redirect, which must outlive the dialog.
 */
export function SignUpDialogHost({ children }: { children: ReactNode }) {
  // The open dialog's mode, and the app path the opener asked the new account to land on
  // (undefined: /dashboard).
  const [open, setOpen] = useState<{ mode: SignUpMode; next?: string } | null>(null);
  const navigate = useNavigate();
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  const controls = useMemo<SignUpDialogControls>(
    () => ({
      openSignUp: (mode = 'signup', options) => {
        setOpen({ mode, next: options?.next && isAppPath(options.next) ? options.next : undefined });
      },
    }),
    [],
  );
  const close = useCallback(() => setOpen(null), []);
  const destination = open?.next;
  const onRegistered = useCallback(() => {
    setOpen(null);
    clearTimeout(redirectTimer.current);
    redirectTimer.current = setTimeout(() => void navigate(destination ?? '/dashboard'), REGISTRATION_REDIRECT_MS);
  }, [navigate, destination]);

  return (
    <SignUpDialogContext value={controls}>
      {children}
      {open ? (
        <Suspense
          fallback={
            <div className={styles.loading}>
              <Spinner size="lg" label="Opening sign-up..." />
            </div>
          }
        >
          <SignUpDialog mode={open.mode} onClose={close} onRegistered={onRegistered} next={open.next} />
        </Suspense>
      ) : null}
    </SignUpDialogContext>
  );
}
