import type { ReactNode } from 'react';
import { useGetCurrentUserQuery } from '../../../shared/api/current-user.api';
import { ButtonLink } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { LockIcon } from '../../../shared/ui/icons';
import { PageHeading } from '../../../shared/ui/page-heading';
import { Skeleton } from '../../../shared/ui/skeleton';
import { VisuallyHidden } from '../../../shared/ui/visually-hidden';
import { BackToTop } from '../../../shared/ui/back-to-top';
import { HowItWorks } from '../components/how-it-works';
import { MagicEditor } from '../components/magic-editor';
import { useAuthRequiredRedirect } from '../hooks/use-auth-required-redirect';
import styles from './dashboard-page.module.css';

function EditorSkeleton() {
  return (
    <div className={styles.loading} aria-busy="true">
      <VisuallyHidden>Loading the editor...</VisuallyHidden>
      <Skeleton height="6rem" />
      <Skeleton height="24rem" />
    </div>
  );
}

export interface DashboardPageProps {
  /**
   * The Recent Community Edits list. It belongs to the community feature, which this feature
   * may not import (ARCHITECTURE rule 9): app/routes/dashboard.tsx composes it in.
   */
  communityEdits?: ReactNode;
  /** The identity feature's Resend Email button, for the editor's verify offer (issue 24). */
  resendEmailButton?: (onSent: () => void) => ReactNode;
}

/**
 * /dashboard: the Magic Editor (000 §2 "Editor page"), then Recent Community Edits and Back to
 * Top. A signed-out visitor is told to log in and sent to /auth after 1 second (000 §4).
 */
export function DashboardPage({ communityEdits, resendEmailButton }: DashboardPageProps) {
  const { data: user, isLoading } = useGetCurrentUserQuery();
  useAuthRequiredRedirect(isLoading ? null : Boolean(user));

  return (
    <>
      <PageHeading
        title="Magic Editor"
        subtitle="Upload a photo, describe the change, and let the magic happen."
        className={styles.heading}
      />
      {isLoading ? (
        <EditorSkeleton />
      ) : user ? (
        <MagicEditor resendEmailButton={resendEmailButton} />
      ) : (
        <div className={styles.signedOut}>
          <Card as="section" className={styles.notice} aria-labelledby="auth-required-title">
            <span className={styles.noticeIcon} aria-hidden="true">
              <LockIcon width={24} height={24} />
            </span>
            <div className={styles.noticeBody}>
              <h2 id="auth-required-title" className={styles.noticeTitle}>
                Authentication Required
              </h2>
              <p className={styles.muted}>Please log in to access the photo editor.</p>
              <ButtonLink to="/auth" variant="primary">
                Sign In
              </ButtonLink>
            </div>
          </Card>
          <HowItWorks />
        </div>
      )}
      {/* The top bar's "Community Edits" link scrolls here (/dashboard#community). */}
      <section id="community" className={styles.community} aria-labelledby="community-title">
        <h2 id="community-title" className={styles.sectionTitle}>
          Recent Community Edits
        </h2>
        {communityEdits}
      </section>
      <BackToTop />
    </>
  );
}
