import type { ReactNode } from 'react';
import { cx } from '../../../shared/lib/cx';
import { AlertCircleIcon, SparklesIcon } from '../../../shared/ui/icons';
import styles from './feed-message.module.css';

/** The empty or error state of a community list: the spec's text and, if any, what to do. */
export function FeedMessage({ kind, children, action }: { kind: 'empty' | 'error'; children: ReactNode; action?: ReactNode }) {
  const Icon = kind === 'error' ? AlertCircleIcon : SparklesIcon;
  return (
    <div className={cx(styles.message, kind === 'error' && styles.error)}>
      <Icon width={24} height={24} className={styles.icon} />
      <p>{children}</p>
      {action}
    </div>
  );
}
