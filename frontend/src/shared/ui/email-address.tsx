import { Fragment } from 'react';
import { cx } from '../lib/cx';
import styles from './email-address.module.css';

/**
 * The parts of an address between which a line may break: before the "@" and before each ".",
 * so that "pat.smith@example.com" wraps as "pat" / ".smith" / "@example" / ".com" and never
 * inside a word.
 */
export function emailBreakParts(email: string): string[] {
  return email.split(/(?=[@.])/).filter((part) => part !== '');
}

/**
 * An e-mail address in a narrow box (issue 24): it may break only before "@" or "." (`<wbr>`),
 * and inside a part only if that part alone is wider than the box. `overflow-wrap: anywhere`
 * (a common rule on values in this app) breaks it mid-word even where it would fit on a line of
 * its own; this element sets its own wrapping, whatever its box says.
 */
export function EmailAddress({ email, className }: { email: string; className?: string }) {
  const parts = emailBreakParts(email);
  return (
    <span className={cx(styles.email, className)}>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
