import { Link } from 'react-router-dom';
import styles from './forms.module.css';

/** 001 §2: the terms-and-privacy notice under the sign-up forms. */
export function TermsNotice({ lead = 'By creating an account you agree to our' }: { lead?: string }) {
  return (
    <p className={styles.terms}>
      {lead} <Link to="/terms">Terms of Service</Link> and{' '}
      <Link to="/privacy">Privacy Policy</Link>.
    </p>
  );
}
