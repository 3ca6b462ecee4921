import { useGetCurrentUserQuery } from '../../../shared/api/current-user.api';
import { BackLink } from '../../../shared/ui/back-link';
import { ButtonLink } from '../../../shared/ui/button';
import { AccessDeniedCard } from '../../../shared/ui/access-denied-card';
import { PageHeading } from '../../../shared/ui/page-heading';
import { Skeleton } from '../../../shared/ui/skeleton';
import { VisuallyHidden } from '../../../shared/ui/visually-hidden';
import { YoutubeArticleTool } from '../components/youtube-article-tool';
import styles from './youtube-to-article-page.module.css';

/**
 * /tools/youtube-to-article (001 §2, D33): for signed-in users (the API answers 401 to anyone
 * else); a visitor is asked to sign in. Back to Dashboard points to /.
 */
export function YoutubeToArticlePage() {
  const { data: user, isLoading } = useGetCurrentUserQuery();

  let content;
  if (isLoading) {
    content = (
      <div className={styles.loading} aria-busy="true">
        <VisuallyHidden>Loading...</VisuallyHidden>
        <Skeleton height="24rem" />
      </div>
    );
  } else if (!user) {
    content = (
      <AccessDeniedCard labelledBy="youtube-article-sign-in-title">
        <h2 id="youtube-article-sign-in-title" className={styles.signInTitle}>
          Sign in to use YouTube to Article
        </h2>
        <p className={styles.signInText}>Turning videos into articles is for signed-in users. Sign in or create a free account.</p>
        <ButtonLink to="/auth" variant="primary">
          Sign In
        </ButtonLink>
      </AccessDeniedCard>
    );
  } else {
    content = <YoutubeArticleTool />;
  }

  return (
    <div className={styles.page}>
      <PageHeading title="YouTube to Article" subtitle="Turn a YouTube video into a ready-to-edit article." />
      {content}
      {/* 001 §2: "A Back to Dashboard link points to /". */}
      <BackLink to="/">Back to Dashboard</BackLink>
    </div>
  );
}
