import { toast } from 'sonner';
import { getErrorStatus, getServerErrorText } from '../../../shared/api/base-api';
import { useGetCurrentUserQuery } from '../../../shared/api/current-user.api';
import { Button } from '../../../shared/ui/button';
import { MailIcon } from '../../../shared/ui/icons';
import { notifyError } from '../../../shared/ui/notify';
import { useResendConfirmationMutation } from '../api/identity.api';
import styles from './verification-banner.module.css';

/**
 * 000 §4 "E-mail verification": a signed-in user whose e-mail is not verified sees this banner
 * on every page with the top bar, with a Resend Email button (000 §8 "Resend confirmation").
 */
export function VerificationBanner() {
  const { data: user } = useGetCurrentUserQuery();
  const [resend, { isLoading }] = useResendConfirmationMutation();

  if (!user || user.emailVerified) return null;

  async function onResend() {
    if (!user || isLoading) return;
    try {
      const answer = await resend({ email: user.email }).unwrap();
      toast.success('Email Sent', { description: answer.message ?? `We sent a new confirmation link to ${user.email}.` });
    } catch (error) {
      notifyError('Error', {
        description:
          getErrorStatus(error) === 0
            ? 'Failed to resend confirmation email. Please try again.'
            : (getServerErrorText(error) ?? 'Failed to resend confirmation email'),
      });
    }
  }

  return (
    <aside className={styles.banner} aria-label="Email verification">
      <div className={styles.inner}>
        <span className={styles.icon} aria-hidden="true">
          <MailIcon />
        </span>
        <p className={styles.text}>Verify your email to get 2 free credits</p>
        <Button size="sm" variant="secondary" aria-disabled={isLoading || undefined} onClick={() => void onResend()}>
          {isLoading ? 'Sending...' : 'Resend Email'}
        </Button>
      </div>
    </aside>
  );
}
