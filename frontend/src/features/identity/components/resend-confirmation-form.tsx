import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { getErrorStatus, getServerErrorText } from '../../../shared/api/base-api';
import { Button } from '../../../shared/ui/button';
import { notifyError } from '../../../shared/ui/notify';
import { EmailField } from '../../../shared/ui/email-field';
import { useResendConfirmationMutation } from '../api/identity.api';
import styles from './forms.module.css';

export const RESEND_SUCCESS = 'Confirmation email sent successfully! Please check your inbox.';
export const RESEND_FAILED = 'Failed to resend confirmation email';
export const RESEND_NETWORK_FAILED = 'Failed to resend confirmation email. Please try again.';

/** 001 §8 "Resend": the server's error, else the default; a network failure says to try again. */
export function resendFailureText(error: unknown): string {
  if (getErrorStatus(error) === 0) return RESEND_NETWORK_FAILED;
  return getServerErrorText(error) ?? RESEND_FAILED;
}

/** The confirm-email page's "Resend Confirmation" form (001 §2, §5, §8). */
export function ResendConfirmationForm({ defaultEmail = '' }: { defaultEmail?: string }) {
  const [email, setEmail] = useState(defaultEmail);
  const [error, setError] = useState<string | undefined>(undefined);
  const [resend, { isLoading }] = useResendConfirmationMutation();
  const formId = useId();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isLoading) return;
    const address = email.trim();
    if (!address) {
      setError('Please enter your email address');
      return;
    }
    setError(undefined);
    try {
      const answer = await resend({ email: address }).unwrap();
      toast.success(answer.message || RESEND_SUCCESS);
    } catch (failure) {
      notifyError(resendFailureText(failure));
    }
  }

  return (
    <form className={styles.form} noValidate aria-labelledby={`${formId}-title`} onSubmit={(event) => void onSubmit(event)}>
      <p id={`${formId}-title`}>Need a new link? Enter your email address and we'll send another one.</p>
      <EmailField
        value={email}
        error={error}
        onChange={(event) => {
          setEmail(event.target.value);
          if (error && event.target.value.trim()) setError(undefined);
        }}
      />
      <Button type="submit" variant="primary" block aria-disabled={isLoading || undefined}>
        {isLoading ? 'Sending...' : 'Resend Confirmation'}
      </Button>
    </form>
  );
}
