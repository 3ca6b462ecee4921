import type { ReactNode } from 'react';
import { useDocumentTitle } from '../lib/use-document-title';
import { cx } from '../lib/cx';
import styles from './page-heading.module.css';

export interface PageHeadingProps {
  /** The page's h1; also the tab title ("{title} · Magic Editor"). */
  title: string;
  /** The tab title is the title alone, word for word (001: the admin page's). */
  exactDocumentTitle?: boolean;
  eyebrow?: ReactNode;
  subtitle?: ReactNode;
  className?: string;
}

/** The one h1 of a page, with an optional eyebrow and subtitle; sets the document title. */
export function PageHeading({ title, exactDocumentTitle = false, eyebrow, subtitle, className }: PageHeadingProps) {
  useDocumentTitle(title, { exact: exactDocumentTitle });
  return (
    <header className={cx(styles.heading, className)}>
      {eyebrow ? <p className={styles.eyebrow}>{eyebrow}</p> : null}
      <h1 className={styles.title}>{title}</h1>
      {subtitle ? <p className={styles.subtitle}>{subtitle}</p> : null}
    </header>
  );
}
