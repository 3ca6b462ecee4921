import { cx } from '../lib/cx';
import styles from './spinner.module.css';
import { VisuallyHidden } from './visually-hidden';

export interface SpinnerProps {
  /** Read by screen readers; shown beside the ring when `showLabel` is set. */
  label?: string;
  showLabel?: boolean;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

export function Spinner({ label = 'Loading...', showLabel = false, size = 'md', className }: SpinnerProps) {
  return (
    <span role="status" className={cx(styles.wrapper, className)}>
      <span aria-hidden="true" className={cx(styles.spinner, styles[size])} />
      {showLabel ? <span>{label}</span> : <VisuallyHidden>{label}</VisuallyHidden>}
    </span>
  );
}
