import type { ReactNode, Ref, TextareaHTMLAttributes } from 'react';
import { FieldFrame, useFieldIds } from './field-frame';
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
  const ids = useFieldIds(hint, error);
  return (
    <FieldFrame ids={ids} label={label} optional={optional} hint={hint} error={error} className={className}>
      <textarea
        ref={ref}
        id={ids.id}
        rows={rows}
        className={cx(styles.input, ownStyles.area)}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        {...areaProps}
      />
    </FieldFrame>
  );
}
