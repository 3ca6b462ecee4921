import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { notifyError } from '../../../shared/ui/notify';

/** 000 §4 / §9: the login redirect happens 1 s after the notice. */
export const AUTH_REDIRECT_DELAY_MS = 1000;
const TOAST_ID = 'editor-auth-required';

/**
 * 000 §4 "Authentication": a signed-out visit to the editor says "Authentication Required -
 * Please log in to access the photo editor." and goes to /auth after 1 second. `signedIn` is
 * null while the user query is still loading: nothing is decided before it has answered.
 *
 * Someone who signs out while on the editor is not a signed-out *visit*: the sign-out flow
 * takes them to / with its own toast, so nothing happens here then.
 */
export function useAuthRequiredRedirect(signedIn: boolean | null): void {
  const navigate = useNavigate();
  const wasSignedIn = useRef(false);

  useEffect(() => {
    if (signedIn) wasSignedIn.current = true;
    if (signedIn !== false || wasSignedIn.current) return undefined;
    // A fixed id: StrictMode's second effect run shows the same toast, not a second one.
    notifyError('Authentication Required', { id: TOAST_ID, description: 'Please log in to access the photo editor.' });
    const timer = setTimeout(() => void navigate('/auth', { replace: true }), AUTH_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [signedIn, navigate]);
}
