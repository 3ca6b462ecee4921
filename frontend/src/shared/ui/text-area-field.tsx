import { useId, type ReactNode, type Ref, type TextareaHTMLAttributes } from 'react';
import { cx } from '../lib/cx';
import styles from './text-field.module.css';
import ownStyles from './text-area-field.module.css';

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  /** The visible label (every field has one, DESIGN.md). */
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  optional?: boolean;
  ref?: Ref<HTMLTextAreaElement>;
  className?: string;
}

/** A labelled `<textarea>` styled like TextField, with its error and hint linked. */
export function TextAreaField({ label, error, hint, optional = false, className, ref, rows = 3, ...areaProps }: TextAreaFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;

  return (
    <div className={cx(styles.field, className)}>
      <label htmlFor={id} className={styles.label}>
        {label}
        {optional ? <span className={styles.optional}> (optional)</span> : null}
      </label>
      <textarea
        ref={ref}
        id={id}
        rows={rows}
        className={cx(styles.input, ownStyles.area)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...areaProps}
      />
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
