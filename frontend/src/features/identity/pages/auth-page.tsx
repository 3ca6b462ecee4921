import { ButtonLink } from '../../../shared/ui/button';
import { ComingSoon } from '../../../shared/ui/coming-soon';
import { ArrowLeftIcon } from '../../../shared/ui/icons';
import { PageHeading } from '../../../shared/ui/page-heading';
import styles from './auth-page.module.css';

/** /auth: sign in and sign up (001 §2 "Auth page"); the forms arrive with the identity issue. */
export function AuthPage() {
  return (
    <div className={styles.page}>
      <PageHeading
        title="Welcome"
        subtitle="Upload a photo, write a sentence, and get your edits in 20 seconds."
      />
      <ComingSoon title="Sign in and sign up are coming soon">
        <p>Accounts open very soon. Thanks for your patience!</p>
      </ComingSoon>
      <ButtonLink to="/" variant="ghost" className={styles.back}>
        <ArrowLeftIcon />
        Back to Home
      </ButtonLink>
    </div>
  );
}
