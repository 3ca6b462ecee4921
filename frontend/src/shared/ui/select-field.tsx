import type { ReactNode, Ref, SelectHTMLAttributes } from 'react';
import { FieldFrame, useFieldIds } from './field-frame';
import { cx } from '../lib/cx';
import styles from './text-field.module.css';
import ownStyles from './select-field.module.css';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'children'> {
  /** The visible label (every field has one, DESIGN.md). */
  label: string;
  options: readonly SelectOption[];
  /** A first option with an empty value ("Select a reason"), for a choice that must be made. */
  placeholder?: string;
  error?: string | undefined;
  hint?: ReactNode;
  optional?: boolean;
  ref?: Ref<HTMLSelectElement>;
  className?: string;
}

/**
 * A labelled native `<select>` with its error and hint linked for assistive technology, styled
 * like TextField. Spreads the rest of its props onto the `<select>` (react-hook-form's
 * `register()` result can be passed as is).
 */
export function SelectField({ label, options, placeholder, error, hint, optional = false, className, ref, ...selectProps }: SelectFieldProps) {
  const ids = useFieldIds(hint, error);
  return (
    <FieldFrame ids={ids} label={label} optional={optional} hint={hint} error={error} className={className}>
      <select
        ref={ref}
        id={ids.id}
        className={cx(styles.input, ownStyles.select)}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        {...selectProps}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
