import { useId, type ReactNode, type Ref } from 'react';
import { cx } from '../../../shared/lib/cx';
import styles from './step-panel.module.css';

export interface StepPanelProps {
  /** e.g. "Step 1 of 4"; omitted on the progress screen. */
  eyebrow?: string;
  title: string;
  description?: ReactNode;
  /** The heading gets focus when the step changes, so keyboard and screen-reader users follow. */
  headingRef?: Ref<HTMLHeadingElement>;
  /** Centres the heading (the progress screen). */
  centered?: boolean;
  children: ReactNode;
}

/** One screen of the editor workflow: a labelled region with its heading. */
export function StepPanel({ eyebrow, title, description, headingRef, centered = false, children }: StepPanelProps) {
  const headingId = useId();
  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <header className={cx(styles.header, centered && styles.centered)}>
        {eyebrow ? <p className={styles.eyebrow}>{eyebrow}</p> : null}
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className={styles.title}>
          {title}
        </h2>
        {description ? <p className={styles.description}>{description}</p> : null}
      </header>
      {children}
    </section>
  );
}
