import type { ReactNode } from 'react';
import { AlertCircleIcon } from '../../../shared/ui/icons';
import styles from './checkout-parts.module.css';

/** A summary's label/value rows (order, checkout and its result), label left, value right. */
export function FactList({ children }: { children: ReactNode }) {
  return <dl className={styles.facts}>{children}</dl>;
}

export function Fact({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className={styles.fact}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The note that the local test checkout (D30) is in use and no real payment is taken. */
export function TestModeNote({ children }: { children: ReactNode }) {
  return (
    <p className={styles.testMode} role="note">
      <AlertCircleIcon width={20} height={20} />
      {children}
    </p>
  );
}
