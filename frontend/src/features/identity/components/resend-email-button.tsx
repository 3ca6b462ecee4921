import { Button, type ButtonVariant } from '../../../shared/ui/button';
import { useResendConfirmationEmail } from '../hooks/use-resend-confirmation-email';

export interface ResendEmailButtonProps {
  variant?: ButtonVariant;
  size?: 'sm' | 'md';
  block?: boolean;
  /** Called once the mail has been sent (after the "Email Sent" toast). */
  onSent?: () => void;
}

/**
 * The verification banner's "Resend Email" (000 §4) as a button of its own, for other places
 * that ask an unverified user to verify (the editor's Generate, issue 24); other features get it
 * as a prop from app/routes.
 */
export function ResendEmailButton({ variant = 'secondary', size = 'md', block = false, onSent }: ResendEmailButtonProps) {
  const { resend, isSending } = useResendConfirmationEmail();
  return (
    <Button
      variant={variant}
      size={size}
      block={block}
      aria-disabled={isSending || undefined}
      onClick={() => {
        void resend().then((sent) => {
          if (sent) onSent?.();
        });
      }}
    >
      {isSending ? 'Sending...' : 'Resend Email'}
    </Button>
  );
}
