import { useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import type { CurrentUser } from '../../../shared/api/current-user.api';
import type { SignUpMode } from '../../../shared/lib/sign-up-dialog';
import { Dialog } from '../../../shared/ui/dialog';
import { SignUpForm } from './sign-up-form';

const TEXTS: Record<SignUpMode, { title: string; description: string }> = {
  signup: {
    title: 'Create your free account',
    description: 'Verify your email and your first 2 edits are on us.',
  },
  // 000 §2: the video waitlist variant.
  video: {
    title: 'Be First for Video Magic!',
    description: "Video editing is coming soon. Join the waitlist and we'll tell you the moment it opens; you can edit photos right away.",
  },
};

export interface SignUpDialogProps {
  mode: SignUpMode;
  onClose: () => void;
  /** After the "Account created!" toast; the host closes the dialog and redirects. */
  onRegistered: (user: CurrentUser | null) => void;
  /** Where the opener wanted the person to land (e.g. the editor with a prompt); kept through "Sign in instead". */
  next?: string;
}

/** The sign-up dialog (000 §2): opened through useSignUpDialog(), rendered by the app shell. */
export function SignUpDialog({ mode, onClose, onRegistered, next }: SignUpDialogProps) {
  const firstField = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const { title, description } = TEXTS[mode];
  return (
    <Dialog open onClose={onClose} title={title} description={description} initialFocus={firstField}>
      <SignUpForm
        mode={mode}
        layout="dialog"
        onRegistered={onRegistered}
        firstFieldRef={firstField}
        onSignInInstead={(email) => {
          onClose();
          void navigate(signInPath(email, next));
        }}
      />
    </Dialog>
  );
}

/**
 * /auth with the e-mail filled in, and the opener's destination if it gave one.
 * The host checked `next` when the dialog opened; /auth checks its ?next= again (afterSignIn).
 */
export function signInPath(email: string, next: string | undefined): string {
  const params = new URLSearchParams({ email });
  if (next) params.set('next', next);
  return `/auth?${params.toString()}`;
}
