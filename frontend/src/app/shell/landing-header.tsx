import { Link } from 'react-router-dom';
import { useGetCurrentUserQuery } from '../../shared/api/current-user.api';
import { buttonClassName } from '../../shared/ui/button';
import { Brand } from './brand';
import styles from './landing-header.module.css';

/**
 * The landing page's own header (000 §2): Pricing; Members Area (/dashboard) when signed in,
 * Member Login (/auth) when signed out, and a loading state while that is being found out.
 */
export function LandingHeader() {
  const { data: user, isLoading } = useGetCurrentUserQuery();
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Brand compact />
        <nav aria-label="Site" className={styles.nav} aria-busy={isLoading}>
          <Link to="/pricing" className={styles.link}>
            Pricing
          </Link>
          {isLoading ? (
            <span className={styles.loading}>Loading...</span>
          ) : user ? (
            <Link to="/dashboard" className={buttonClassName({ variant: 'secondary', size: 'sm' })}>
              Members Area
            </Link>
          ) : (
            <Link to="/auth" className={buttonClassName({ variant: 'secondary', size: 'sm' })}>
              Member Login
            </Link>
          )}
        </nav>
      </div>
    </header>
  );
}
