import { useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { FieldFrame, useFieldIds } from './field-frame';
import { cx } from '../lib/cx';
import { EyeIcon, EyeOffIcon } from './icons';
import styles from './text-field.module.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  /** The visible label (every field has one, DESIGN.md). */
  label: string;
  /** The validation message; marks the field invalid and is read with it (aria-describedby). */
  error?: string | undefined;
  /** A help line under the field, also read with it. */
  hint?: ReactNode;
  /** Adds "(optional)" to the label. */
  optional?: boolean;
  /** A password field with a show/hide toggle. */
  revealable?: boolean;
  ref?: Ref<HTMLInputElement>;
  className?: string;
}

/**
 * A labelled input with its error and hint linked for assistive technology. Spreads the rest of
 * its props onto the `<input>`, so react-hook-form's `register()` result can be passed as is.
 */
export function TextField({
  label,
  error,
  hint,
  optional = false,
  revealable = false,
  type = 'text',
  className,
  ref,
  ...inputProps
}: TextFieldProps) {
  const ids = useFieldIds(hint, error);
  const [revealed, setRevealed] = useState(false);

  return (
    <FieldFrame ids={ids} label={label} optional={optional} hint={hint} error={error} className={className}>
      <div className={styles.control}>
        <input
          ref={ref}
          id={ids.id}
          type={revealable && revealed ? 'text' : type}
          className={cx(styles.input, revealable && styles.withToggle)}
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
          {...inputProps}
        />
        {revealable ? (
          <button
            type="button"
            className={styles.toggle}
            aria-label={`${revealed ? 'Hide' : 'Show'} ${label.toLowerCase()}`}
            aria-pressed={revealed}
            onClick={() => setRevealed((value) => !value)}
          >
            {revealed ? <EyeOffIcon /> : <EyeIcon />}
          </button>
        ) : null}
      </div>
    </FieldFrame>
  );
}
