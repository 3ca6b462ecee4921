import type { ReactNode } from 'react';
import { Card } from './card';
import styles from './access-denied-card.module.css';
import { LockIcon } from './icons';

/**
 * The card a page shows instead of itself to someone who may not see it (the profile signed out,
 * the admin dashboard to a non-admin): a lock, then the page's own heading, text and way out.
 */
export function AccessDeniedCard({ children, labelledBy }: { children: ReactNode; labelledBy?: string }) {
  return (
    <Card as="section" className={styles.card} aria-labelledby={labelledBy}>
      <span className={styles.icon} aria-hidden="true">
        <LockIcon width={28} height={28} />
      </span>
      {children}
    </Card>
  );
}
