import type { ReactNode } from 'react';
import { Link, type To } from 'react-router-dom';
import { cx } from '../lib/cx';
import { ArrowLeftIcon } from './icons';
import styles from './back-link.module.css';

export interface BackLinkProps {
  to: To;
  children: ReactNode;
  className?: string;
}

/**
 * A "Back to …" link (001 §2-§5: Back to Home, Back to Pricing, Back to Dashboard). Its arrow
 * lines up with the content edge like the heading above it (issue 15: back links were indented
 * by a button's padding); the hover background reaches into the page's margin instead.
 */
export function BackLink({ to, children, className }: BackLinkProps) {
  return (
    <Link to={to} className={cx(styles.back, className)}>
      <ArrowLeftIcon width={20} height={20} />
      {children}
    </Link>
  );
}
