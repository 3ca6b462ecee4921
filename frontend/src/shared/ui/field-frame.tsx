import { useId, type ReactNode } from 'react';
import { cx } from '../lib/cx';
import styles from './text-field.module.css';

/** The ids a field's control needs to be labelled and described by its hint and error. */
export interface FieldIds {
  id: string;
  /** For `aria-describedby`: the hint's and the error's ids, when shown. */
  describedBy: string | undefined;
}

export function useFieldIds(hint: ReactNode, error: string | undefined): FieldIds & { hintId: string; errorId: string } {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return { id, hintId, errorId, describedBy };
}

export interface FieldFrameProps {
  ids: ReturnType<typeof useFieldIds>;
  label: string;
  optional: boolean;
  hint?: ReactNode;
  error?: string | undefined;
  className?: string;
  /** The control (input, select, textarea), given `ids.id` and `ids.describedBy`. */
  children: ReactNode;
}

/** What every labelled field shares (DESIGN.md): the label, "(optional)", the hint and the error under the control. */
export function FieldFrame({ ids, label, optional, hint, error, className, children }: FieldFrameProps) {
  return (
    <div className={cx(styles.field, className)}>
      <label htmlFor={ids.id} className={styles.label}>
        {label}
        {optional ? <span className={styles.optional}> (optional)</span> : null}
      </label>
      {children}
      {hint ? (
        <p id={ids.hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={ids.errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
