import { Outlet } from 'react-router-dom';
import { useGetCurrentUserQuery } from '../../shared/api/current-user.api';
import { cx } from '../../shared/lib/cx';
import { Footer } from '../shell/footer';
import { VerificationBanner } from '../../features/identity/components/verification-banner';
import { TopBar } from '../shell/top-bar';
import styles from './layouts.module.css';

/**
 * Top bar, the e-mail verification banner (000 §4), the page, and (on public pages) the footer.
 * Until GET /api/user has answered, the page is laid out (its data loads) but not shown: the
 * banner may still appear above it, and a whole page moving down is the largest layout shift
 * there is (issue 24).
 */
export function SiteLayout({ footer }: { footer: boolean }) {
  const { isLoading } = useGetCurrentUserQuery();
  return (
    <div className={styles.page}>
      <TopBar />
      <VerificationBanner />
      <main id="main" tabIndex={-1} className={cx(styles.main, isLoading && styles.awaitingUser)}>
        <Outlet />
      </main>
      {footer ? <Footer /> : null}
    </div>
  );
}
