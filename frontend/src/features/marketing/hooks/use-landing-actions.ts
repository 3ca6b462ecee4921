import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useGetCurrentUserQuery } from '../../../shared/api/current-user.api';
import { editorPathWithPrompt } from '../../../shared/lib/editor-prompt';
import { useSignUpDialog } from '../../../shared/lib/sign-up-dialog';

type Intent = 'get-started' | 'join-video-waitlist' | 'try-prompt';

interface LandingAction {
  intent: Intent;
  /** The example prompt, for 'try-prompt'. */
  prompt?: string;
}

export interface LandingActions {
  /** True once GET /api/user has answered and someone is signed in. */
  signedIn: boolean;
  /** True while GET /api/user has not answered yet. */
  authLoading: boolean;
  /** The intent clicked while authentication was still loading, carried out once it resolves. */
  pending: Intent | null;
  /** The example prompt clicked while authentication was still loading. */
  pendingPrompt: string | null;
  /** 000 §2: a signed-in user goes to /dashboard; a visitor gets the sign-up dialog. */
  getStarted: () => void;
  /** 000 §2: the coming-soon video section opens the sign-up dialog in its video mode. */
  joinVideoWaitlist: () => void;
  /**
   * An example prompt: a signed-in user goes to the editor with the prompt written in; a visitor
   * signs up first and lands there after registering.
   */
  tryPrompt: (prompt: string) => void;
}

/**
 * The landing page's calls to action. They work while authentication is still resolving: a click
 * then is remembered and carried out as soon as GET /api/user answers, so a signed-in member is
 * never shown the sign-up dialog and a visitor never waits on a disabled button.
 */
export function useLandingActions(): LandingActions {
  const { data: user, isLoading } = useGetCurrentUserQuery();
  const navigate = useNavigate();
  const { openSignUp } = useSignUpDialog();
  const [pending, setPending] = useState<LandingAction | null>(null);
  const signedIn = Boolean(user);

  const perform = useCallback(
    ({ intent, prompt }: LandingAction) => {
      if (intent === 'get-started') {
        if (signedIn) void navigate('/dashboard');
        else openSignUp('signup');
      } else if (intent === 'try-prompt') {
        const editor = editorPathWithPrompt(prompt ?? '');
        if (signedIn) void navigate(editor);
        else openSignUp('signup', { next: editor });
      } else if (!signedIn) {
        // A member has an account already; the section offers them the editor instead.
        openSignUp('video');
      }
    },
    [signedIn, navigate, openSignUp],
  );

  useEffect(() => {
    if (pending === null || isLoading) return;
    setPending(null);
    perform(pending);
  }, [pending, isLoading, perform]);

  const request = useCallback(
    (next: LandingAction) => {
      if (isLoading) setPending(next);
      else perform(next);
    },
    [isLoading, perform],
  );

  return {
    signedIn,
    authLoading: isLoading,
    pending: pending?.intent ?? null,
    pendingPrompt: pending?.intent === 'try-prompt' ? (pending.prompt ?? null) : null,
    getStarted: useCallback(() => request({ intent: 'get-started' }), [request]),
    joinVideoWaitlist: useCallback(() => request({ intent: 'join-video-waitlist' }), [request]),
    tryPrompt: useCallback((prompt: string) => request({ intent: 'try-prompt', prompt }), [request]),
  };
}
