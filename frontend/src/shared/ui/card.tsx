import type { HTMLAttributes } from 'react';
import { cx } from '../lib/cx';
import styles from './card.module.css';

type CardElement = 'div' | 'section' | 'article' | 'aside' | 'li';

export interface CardProps extends HTMLAttributes<HTMLElement> {
  as?: CardElement;
}

/** A rounded surface with a soft shadow. */
export function Card({ as: Element = 'div', className, ...rest }: CardProps) {
  return <Element className={cx(styles.card, className)} {...rest} />;
}
