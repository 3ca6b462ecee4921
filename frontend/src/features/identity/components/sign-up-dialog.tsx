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
}

/** The sign-up dialog (000 §2): opened through useSignUpDialog(), rendered by the app shell. */
export function SignUpDialog({ mode, onClose, onRegistered }: SignUpDialogProps) {
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
          void navigate(`/auth?email=${encodeURIComponent(email)}`);
        }}
      />
    </Dialog>
  );
}
