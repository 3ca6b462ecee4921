import type { ReactNode } from 'react';
import { useGetCurrentUserQuery } from '../../../shared/api/current-user.api';
import { ButtonLink } from '../../../shared/ui/button';
import { AccessDeniedCard } from '../../../shared/ui/access-denied-card';
import { PageHeading } from '../../../shared/ui/page-heading';
import { Skeleton } from '../../../shared/ui/skeleton';
import { VisuallyHidden } from '../../../shared/ui/visually-hidden';
import { AccountInfoCard } from '../components/account-info-card';
import { ChangePasswordCard } from '../components/change-password-card';
import { YourDataCard } from '../components/your-data-card';
import { YourReportsCard } from '../components/your-reports-card';
import styles from './profile-page.module.css';

export interface ProfilePageProps {
  /**
   * The billing feature's Billing & Subscription card, shown between Account Information and
   * Change Password (001 §2). Features never import each other (ARCHITECTURE rule 9), so the
   * route (app/routes/profile.tsx) passes it in; the card decides itself whether it shows.
   */
  billingCard?: ReactNode;
}

/**
 * /profile (001 §2): Access Denied when signed out; otherwise My Profile with the Account
 * Information, Billing & Subscription (when given) and Change Password cards, "Your reports" (D43:
 * the images the user reported and what was decided), then "Your data" (D35: download my data,
 * delete my account).
 */
export function ProfilePage({ billingCard }: ProfilePageProps = {}) {
  const { data: user, isLoading } = useGetCurrentUserQuery();

  if (isLoading) {
    return (
      <div className={styles.page} aria-busy="true">
        <VisuallyHidden>Loading your profile...</VisuallyHidden>
        <Skeleton width="12rem" height="2.5rem" />
        <Skeleton height="14rem" />
        <Skeleton height="20rem" />
      </div>
    );
  }

  if (!user) {
    return (
      <AccessDeniedCard>
        <PageHeading title="Access Denied" subtitle="Please log in to view your profile." className={styles.deniedHeading} />
        <ButtonLink to="/auth" variant="primary">
          Sign In
        </ButtonLink>
      </AccessDeniedCard>
    );
  }

  return (
    <div className={styles.page}>
      <PageHeading title="My Profile" subtitle="Your account details, password and data." className={styles.heading} />
      <AccountInfoCard user={user} />
      {billingCard}
      <ChangePasswordCard />
      <YourReportsCard />
      <YourDataCard user={user} />
    </div>
  );
}
