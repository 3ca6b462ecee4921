import { Outlet } from 'react-router-dom';
import { Footer } from '../shell/footer';
import { LandingHeader } from '../shell/landing-header';
import styles from './layouts.module.css';

/** The landing page (/ and /sales): its own header instead of the top bar, and the footer. */
export function LandingLayout() {
  return (
    <div className={styles.page}>
      <LandingHeader />
      <main id="main" tabIndex={-1} className={styles.fullBleed}>
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
