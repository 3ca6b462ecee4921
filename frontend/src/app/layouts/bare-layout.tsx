import { Outlet } from 'react-router-dom';
import styles from './layouts.module.css';

/** No top bar and no footer (/auth). */
export function BareLayout() {
  return (
    <div className={styles.page}>
      <main id="main" tabIndex={-1} className={styles.main}>
        <Outlet />
      </main>
    </div>
  );
}
