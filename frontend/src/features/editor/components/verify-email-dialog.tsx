import type { ReactNode } from 'react';
import { useGetCurrentUserQuery } from '../../../shared/api/current-user.api';
import { Button } from '../../../shared/ui/button';
import { Dialog, DialogActions } from '../../../shared/ui/dialog';

export const VERIFY_EMAIL_TITLE = 'Verify your email to get 2 free credits';

/** What the dialog says, with the user's address when it is known. */
export function verifyEmailDescription(email: string | null): string {
  const where = email ? `the link we sent to ${email}` : 'the link we sent you';
  return `Your 2 free credits arrive as soon as your email is verified. Open ${where}, or send a new one.`;
}

/**
 * Shown when a user whose e-mail is not verified presses Generate and the server refuses for
 * lack of credits (issue 24): verifying, not buying, is what gives them credits (000 §1, §4:
 * 2 free watermarked credits). The Resend Email button belongs to the identity feature and comes
 * as `resendEmailButton` (app/routes/dashboard.tsx); it closes the dialog once the mail is sent.
 */
export function VerifyEmailDialog({
  open,
  onClose,
  resendEmailButton,
}: {
  open: boolean;
  onClose: () => void;
  resendEmailButton?: (onSent: () => void) => ReactNode;
}) {
  const { data: user } = useGetCurrentUserQuery();
  return (
    <Dialog open={open} onClose={onClose} title={VERIFY_EMAIL_TITLE} description={verifyEmailDescription(user?.email ?? null)}>
      <DialogActions>
        <Button variant="secondary" onClick={onClose}>
          Not now
        </Button>
        {resendEmailButton?.(onClose)}
      </DialogActions>
    </Dialog>
  );
}
