import { cx } from '../../../shared/lib/cx';
import { VisuallyHidden } from '../../../shared/ui/visually-hidden';
import { LAST_STEP, STEP_TITLES, type Step } from '../lib/workflow';
import styles from './step-bar.module.css';

const STEPS: readonly Step[] = [1, 2, 3, 4];

function CheckIcon() {
  return (
    <svg viewBox="0 0 24 24" width={16} height={16} fill="none" stroke="currentColor" strokeWidth={3} aria-hidden="true" focusable="false">
      <path d="m5 12 5 5 9-10" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** The editor's four steps (000 §2); the current one carries the magic gradient and aria-current. */
export function StepBar({ step }: { step: Step }) {
  return (
    <ol className={styles.bar} aria-label={`Editor steps, step ${step} of ${LAST_STEP}`}>
      {STEPS.map((item) => {
        const state = item < step ? 'done' : item === step ? 'current' : 'upcoming';
        return (
          <li key={item} className={cx(styles.item, styles[state])} aria-current={state === 'current' ? 'step' : undefined}>
            <span className={styles.marker} aria-hidden="true">
              {state === 'done' ? <CheckIcon /> : item}
            </span>
            <span className={styles.label}>
              <VisuallyHidden>{`Step ${item}: `}</VisuallyHidden>
              {STEP_TITLES[item]}
              {state === 'done' ? <VisuallyHidden> (done)</VisuallyHidden> : null}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
