import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import { cx } from '../../../shared/lib/cx';
import styles from '../pages/landing-page.module.css';

export interface LandingSectionProps {
  id: string;
  /** Id of the section's h2, which names the section (aria-labelledby). */
  titleId: string;
  title: ReactNode;
  lead?: ReactNode;
  /** Full-width tinted band around the centred content. */
  band?: boolean;
  /** Extra class for the centred content (e.g. `styles.narrow`). */
  className?: string;
  /** Extra props for the h2 (e.g. tabIndex -1 and a focus class for scroll-to-section). */
  titleProps?: Omit<ComponentPropsWithoutRef<'h2'>, 'id' | 'children'>;
  children: ReactNode;
}

/** A landing page section: a labelled heading block (title and optional lead), then its content. */
export function LandingSection({ id, titleId, title, lead, band = false, className, titleProps, children }: LandingSectionProps) {
  const content = (
    <>
      <div className={styles.sectionHead}>
        <h2 id={titleId} {...titleProps} className={cx(styles.sectionTitle, titleProps?.className)}>
          {title}
        </h2>
        {lead ? <p className={styles.sectionLead}>{lead}</p> : null}
      </div>
      {children}
    </>
  );
  if (!band) {
    return (
      <section id={id} className={cx(styles.section, className)} aria-labelledby={titleId}>
        {content}
      </section>
    );
  }
  return (
    <section id={id} className={styles.band} aria-labelledby={titleId}>
      <div className={cx(styles.section, className)}>{content}</div>
    </section>
  );
}
