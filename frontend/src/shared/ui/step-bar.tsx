import { cx } from '../lib/cx';
import styles from './step-bar.module.css';
import { VisuallyHidden } from './visually-hidden';

function CheckIcon() {
  return (
    <svg viewBox="0 0 24 24" width={16} height={16} fill="none" stroke="currentColor" strokeWidth={3} aria-hidden="true" focusable="false">
      <path d="m5 12 5 5 9-10" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * A numbered row of steps joined by a line: the ones before `current` (1-based) are done and
 * ticked, `current` carries the magic gradient and aria-current. The editor's step bar (000 §2)
 * at full size; `compact` is the small picture of it the landing demo draws.
 */
export function StepBar({
  titles,
  current,
  label,
  compact = false,
}: {
  titles: readonly string[];
  current: number;
  /** The list's accessible name; leave it out where the bar is only a picture. */
  label?: string;
  compact?: boolean;
}) {
  return (
    <ol className={cx(styles.bar, compact && styles.compact)} aria-label={label}>
      {titles.map((title, index) => {
        const item = index + 1;
        const state = item < current ? 'done' : item === current ? 'current' : 'upcoming';
        return (
          <li key={item} className={cx(styles.item, styles[state])} aria-current={state === 'current' ? 'step' : undefined}>
            <span className={styles.marker} aria-hidden="true">
              {state === 'done' ? <CheckIcon /> : item}
            </span>
            <span className={styles.label}>
              <VisuallyHidden>{`Step ${item}: `}</VisuallyHidden>
              {title}
              {state === 'done' ? <VisuallyHidden> (done)</VisuallyHidden> : null}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
