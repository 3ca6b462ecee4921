import { ComingSoon } from '../../../shared/ui/coming-soon';
import { PageHeading } from '../../../shared/ui/page-heading';
import styles from './dashboard-page.module.css';

/** /dashboard: the editor (000 §2 "Editor page"); the four steps arrive with the editor issue. */
export function DashboardPage() {
  return (
    <>
      <PageHeading title="Magic Editor" subtitle="Upload a photo, describe the change, and let the magic happen." />
      <ComingSoon title="The editor is almost here">
        <p>Photo editing opens very soon.</p>
      </ComingSoon>
      {/* The top bar's "Community Edits" link scrolls here (/dashboard#community). */}
      <section id="community" className={styles.community} aria-labelledby="community-title">
        <h2 id="community-title" className={styles.sectionTitle}>
          Recent Community Edits
        </h2>
        <p className={styles.muted}>The community feed is coming soon.</p>
      </section>
    </>
  );
}
