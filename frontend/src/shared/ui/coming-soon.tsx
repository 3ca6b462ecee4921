import type { ReactNode } from 'react';
import { Card } from './card';
import { SparklesIcon } from './icons';
import styles from './coming-soon.module.css';

export interface ComingSoonProps {
  title?: string;
  children?: ReactNode;
}

/** An honest note that a page or section is still being built. */
export function ComingSoon({ title = 'Coming soon', children }: ComingSoonProps) {
  return (
    <Card as="section" className={styles.note} aria-label={title}>
      <span className={styles.icon} aria-hidden="true">
        <SparklesIcon width={22} height={22} />
      </span>
      <div>
        <h2 className={styles.title}>{title}</h2>
        <div className={styles.body}>{children ?? <p>We are putting the finishing touches on this page.</p>}</div>
      </div>
    </Card>
  );
}
