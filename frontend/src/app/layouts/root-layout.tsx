import { Outlet, ScrollRestoration, useNavigation } from 'react-router-dom';
import { Spinner } from '../../shared/ui/spinner';
import { SignUpDialogHost } from '../shell/sign-up-dialog-host';
import styles from './layouts.module.css';

/**
 * Wraps every route: a skip link, a progress bar while the next page loads, scroll restoration
 * (which also scrolls to the element a URL hash names, e.g. /dashboard#community), and the
 * sign-up dialog that any page can open (useSignUpDialog).
 */
export function RootLayout() {
  const navigation = useNavigation();
  return (
    <SignUpDialogHost>
      <a href="#main" className={styles.skipLink}>
        Skip to content
      </a>
      {navigation.state === 'loading' ? <div className={styles.progress} role="progressbar" aria-label="Loading page" /> : null}
      <ScrollRestoration />
      <Outlet />
    </SignUpDialogHost>
  );
}

/** Shown while the first page's code loads. */
export function AppLoadingFallback() {
  return (
    <div className={styles.fallback}>
      <Spinner size="lg" label="Loading Magic Editor..." />
    </div>
  );
}
