import { ButtonLink } from '../../../shared/ui/button';
import { ComingSoon } from '../../../shared/ui/coming-soon';
import { PageHeading } from '../../../shared/ui/page-heading';
import styles from './leaderboard-page.module.css';

/** /leaderboard: the Hall of Fame (000 §2); the ranking arrives with the community issue. */
export function LeaderboardPage() {
  return (
    <div className={styles.page}>
      <PageHeading title="Hall of Fame" subtitle="The community's most laughed-at edits." />
      <ComingSoon>
        <p>The leaderboard opens soon.</p>
      </ComingSoon>
      <ButtonLink to="/dashboard" variant="primary" className={styles.cta}>
        Create Your Own Viral Edit
      </ButtonLink>
    </div>
  );
}
