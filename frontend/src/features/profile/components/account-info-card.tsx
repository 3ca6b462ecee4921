import type { CurrentUser } from '../../../shared/api/current-user.api';
import { EmailAddress } from '../../../shared/ui/email-address';
import { UserIcon } from '../../../shared/ui/icons';
import styles from './profile-cards.module.css';
import { ProfileCard } from './profile-card';

/** 001 §2: "{tier} subscriber" for a subscriber, else "Free account". */
export function accountType(user: Pick<CurrentUser, 'isSubscribed' | 'subscriptionTier'>): string {
  return user.isSubscribed ? `${user.subscriptionTier} subscriber` : 'Free account';
}

/** The profile's Account Information card (001 §2): read-only e-mail, username, account type. */
export function AccountInfoCard({ user }: { user: CurrentUser }) {
  return (
    <ProfileCard titleId="account-info-title" icon={<UserIcon />} title="Account Information">
      <dl className={styles.facts}>
        <div className={styles.fact}>
          <dt>Email</dt>
          <dd>
            <EmailAddress email={user.email} />
          </dd>
        </div>
        <div className={styles.fact}>
          <dt>Username</dt>
          <dd>{user.username ?? 'Not set'}</dd>
        </div>
        <div className={styles.fact}>
          <dt>Account type</dt>
          <dd className={styles.accountType}>{accountType(user)}</dd>
        </div>
      </dl>
    </ProfileCard>
  );
}
