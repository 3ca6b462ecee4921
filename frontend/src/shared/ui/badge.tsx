import type { ReactNode } from 'react';
import { cx } from '../lib/cx';
import styles from './badge.module.css';

export type BadgeTone = 'success' | 'warning' | 'danger' | 'neutral' | 'magic';

/** A small status pill (a plan's state, an invoice's, a user's tier). Its text says it; the tone repeats it. */
export function Badge({ tone = 'neutral', children }: { tone?: BadgeTone; children: ReactNode }) {
  return <span className={cx(styles.badge, styles[tone])}>{children}</span>;
}
