import { useGetCurrentUserQuery } from '../../../shared/api/current-user.api';
import { MailIcon } from '../../../shared/ui/icons';
import { ResendEmailButton } from './resend-email-button';
import styles from './verification-banner.module.css';

/**
 * 000 §4 "E-mail verification": a signed-in user whose e-mail is not verified sees this banner
 * on every page with the top bar, with a Resend Email button (000 §8 "Resend confirmation").
 */
export function VerificationBanner() {
  const { data: user } = useGetCurrentUserQuery();

  if (!user || user.emailVerified) return null;

  return (
    <aside className={styles.banner} aria-label="Email verification">
      <div className={styles.inner}>
        <span className={styles.icon} aria-hidden="true">
          <MailIcon />
        </span>
        <p className={styles.text}>Verify your email to get 2 free credits</p>
        <ResendEmailButton size="sm" />
      </div>
    </aside>
  );
}
