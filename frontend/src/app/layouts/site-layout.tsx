import { Outlet } from 'react-router-dom';
import { Footer } from '../shell/footer';
import { VerificationBanner } from '../../features/identity/components/verification-banner';
import { TopBar } from '../shell/top-bar';
import styles from './layouts.module.css';

/** Top bar, the e-mail verification banner (000 §4), the page, and (on public pages) the footer. */
export function SiteLayout({ footer }: { footer: boolean }) {
  return (
    <div className={styles.page}>
      <TopBar />
      <VerificationBanner />
      <main id="main" tabIndex={-1} className={styles.main}>
        <Outlet />
      </main>
      {footer ? <Footer /> : null}
    </div>
  );
}
