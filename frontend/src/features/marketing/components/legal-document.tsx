import type { ReactNode } from 'react';
import { PageHeading } from '../../../shared/ui/page-heading';
import styles from './legal-document.module.css';

export interface LegalSection {
  /** The section's anchor (`/privacy#retention`). */
  id: string;
  title: string;
  body: ReactNode;
}

export interface LegalDocumentProps {
  title: string;
  /** When the text last changed, e.g. `{ iso: '2026-11-24', label: 'November 24, 2026' }`. */
  updated: { iso: string; label: string };
  intro: ReactNode;
  sections: readonly LegalSection[];
}

/** Wraps a table so that it scrolls sideways on a phone instead of widening the page. */
export function LegalTable({ children }: { children: ReactNode }) {
  return <div className={styles.tableWrap}>{children}</div>;
}

/**
 * A policy page (001 §2 "static pages"): the title, the "Last updated" date, a short
 * introduction, a list of contents, and one h2 section each, at a readable line length.
 */
export function LegalDocument({ title, updated, intro, sections }: LegalDocumentProps) {
  return (
    <article className={styles.document}>
      <PageHeading title={title} className={styles.heading} />
      <p className={styles.updated}>
        Last updated: <time dateTime={updated.iso}>{updated.label}</time>
      </p>
      <div className={styles.intro}>{intro}</div>
      <nav className={styles.contents} aria-labelledby="legal-contents-title">
        <h2 id="legal-contents-title" className={styles.contentsTitle}>
          Contents
        </h2>
        <ol className={styles.contentsList}>
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((section, index) => (
        <section key={section.id} id={section.id} className={styles.section} aria-labelledby={`${section.id}-title`}>
          <h2 id={`${section.id}-title`} className={styles.sectionTitle}>
            {index + 1}. {section.title}
          </h2>
          <div className={styles.body}>{section.body}</div>
        </section>
      ))}
    </article>
  );
}
