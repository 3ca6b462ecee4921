import type { ButtonHTMLAttributes } from 'react';
import { Link, type LinkProps } from 'react-router-dom';
import { cx } from '../lib/cx';
import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'destructive';
export type ButtonSize = 'sm' | 'md' | 'lg';

interface ButtonLook {
  variant?: ButtonVariant;
  size?: ButtonSize;
  block?: boolean;
}

/** The class list of a button look, for elements that must look like a button. */
export function buttonClassName({ variant = 'secondary', size = 'md', block = false }: ButtonLook = {}) {
  return cx(styles.button, styles[variant], size !== 'md' && styles[size], block && styles.block);
}

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & ButtonLook;

/** A real `<button>` (type "button" unless told otherwise), at least 44 px tall. */
export function Button({ variant, size, block, className, type = 'button', ...rest }: ButtonProps) {
  return <button type={type} className={cx(buttonClassName({ variant, size, block }), className)} {...rest} />;
}

export type ButtonLinkProps = LinkProps & ButtonLook;

/** A router link that looks like a button (navigation stays a link for assistive technology). */
export function ButtonLink({ variant, size, block, className, ...rest }: ButtonLinkProps) {
  return <Link className={cx(buttonClassName({ variant, size, block }), className)} {...rest} />;
}
