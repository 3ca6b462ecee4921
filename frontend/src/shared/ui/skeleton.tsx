import type { CSSProperties } from 'react';
import { cx } from '../lib/cx';
import styles from './skeleton.module.css';

export interface SkeletonProps {
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  circle?: boolean;
  className?: string;
}

/** A placeholder block shown while content loads; hidden from assistive technology. */
export function Skeleton({ width = '100%', height = '1rem', circle = false, className }: SkeletonProps) {
  return (
    <span aria-hidden="true" className={cx(styles.skeleton, circle && styles.circle, className)} style={{ width, height }} />
  );
}
