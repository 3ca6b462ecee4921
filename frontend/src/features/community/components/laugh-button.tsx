import { useState } from 'react';
import { cx } from '../../../shared/lib/cx';
import { laughsLabel } from '../lib/community-entry';
import styles from './laugh-button.module.css';

export interface LaughButtonProps {
  count: number;
  laughed: boolean;
  /** A request is on its way: clicks are ignored (the button keeps its focus). */
  pending?: boolean;
  onToggle: () => void;
  size?: 'md' | 'lg';
}

/**
 * The 😂 control with its count (DESIGN.md "Laughs"): a toggle button (aria-pressed) named
 * "Laugh, 3 laughs", with a small bounce when pressed.
 */
export function LaughButton({ count, laughed, pending = false, onToggle, size = 'md' }: LaughButtonProps) {
  const [bouncing, setBouncing] = useState(false);
  return (
    <button
      type="button"
      className={cx(styles.button, size === 'lg' && styles.lg, bouncing && styles.bounce)}
      aria-pressed={laughed}
      aria-label={`Laugh, ${laughsLabel(count)}`}
      aria-disabled={pending || undefined}
      onClick={() => {
        if (pending) return;
        setBouncing(true);
        onToggle();
      }}
      onAnimationEnd={() => setBouncing(false)}
    >
      <span className={styles.emoji} aria-hidden="true">
        😂
      </span>
      <span className={styles.count} aria-hidden="true">
        {count}
      </span>
    </button>
  );
}
