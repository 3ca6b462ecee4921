import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { useGetCurrentUserQuery } from '../../../shared/api/current-user.api';
import { notifyError } from '../../../shared/ui/notify';

/** 000 §9: landing verification toasts last 5000 ms, "Already Verified" 3000 ms. */
export const VERIFICATION_TOAST_MS = 5000;
export const ALREADY_VERIFIED_TOAST_MS = 3000;
/** 000 §2: after a successful verification a signed-in user moves on to the editor after 1 s. */
export const VERIFIED_EDITOR_DELAY_MS = 1000;

const TOAST_ID = 'landing-verification';

/** Shows the toast for the landing page's query parameters; true when it was a success. */
function showToast(params: URLSearchParams): { handled: boolean; verified: boolean } {
  if (params.get('verified') === 'true') {
    const credits = params.get('credits')?.trim() || '2';
    toast.success('Email Verified Successfully!', {
      id: TOAST_ID,
      description: `Welcome! You now have ${credits} free watermarked credits to start editing.`,
      duration: VERIFICATION_TOAST_MS,
    });
    return { handled: true, verified: true };
  }
  const error = params.get('error');
  if (error !== null) {
    const description =
      error === 'invalid-token'
        ? 'Invalid or expired verification link. Please request a new confirmation email.'
        : error === 'missing-token'
          ? 'Invalid verification link format.'
          : 'Email verification failed. Please try again.';
    notifyError('Verification Failed', { id: TOAST_ID, description, duration: VERIFICATION_TOAST_MS });
    return { handled: true, verified: false };
  }
  if (params.get('info') === 'already-verified') {
    toast.info('Already Verified', {
      id: TOAST_ID,
      description: 'Your email has already been verified. You can start using your credits!',
      duration: ALREADY_VERIFIED_TOAST_MS,
    });
    return { handled: true, verified: false };
  }
  return { handled: false, verified: false };
}

/**
 * The landing page's arrival parameters (000 §2, §8): verified=true[&credits=N],
 * error=invalid-token|missing-token|…, info=already-verified. Each shows its toast once, then
 * the address is replaced by "/" (no history entry). After a successful verification a
 * signed-in user is taken to the editor (/dashboard, where the editor lives) after 1 second.
 */
export function useVerificationToasts(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const handledKey = useRef<string | null>(null);
  const [goToEditor, setGoToEditor] = useState(false);
  const { data: user, isLoading } = useGetCurrentUserQuery();

  useEffect(() => {
    if (!location.search || handledKey.current === location.key) return;
    handledKey.current = location.key;
    const { handled, verified } = showToast(new URLSearchParams(location.search));
    if (!handled) return;
    if (verified) setGoToEditor(true);
    void navigate({ pathname: '/', search: '', hash: location.hash }, { replace: true });
  }, [location.key, location.search, location.hash, navigate]);

  useEffect(() => {
    if (!goToEditor || isLoading) return undefined;
    if (!user) {
      setGoToEditor(false);
      return undefined;
    }
    const timer = setTimeout(() => void navigate('/dashboard'), VERIFIED_EDITOR_DELAY_MS);
    return () => clearTimeout(timer);
  }, [goToEditor, isLoading, user, navigate]);
}
