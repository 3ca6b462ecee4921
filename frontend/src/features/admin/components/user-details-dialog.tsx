import { useId } from 'react';
import { Dialog } from '../../../shared/ui/dialog';
import { EmailAddress } from '../../../shared/ui/email-address';
import { QueryStatus } from '../../../shared/ui/query-status';
import { Skeleton } from '../../../shared/ui/skeleton';
import { useUserStatsQuery, type AdminUser } from '../api/admin.api';
import { capitalize, formatCount, formatDate } from '../lib/format';
import { AdjustCreditsForm } from './adjust-credits-form';
import { Badge, Facts, StatCards } from './admin-parts';
import parts from './admin-parts.module.css';
import { CreditHistory } from './credit-history';
import styles from './user-details-dialog.module.css';

function subscriptionText(user: AdminUser): string {
  const tier = capitalize(user.subscriptionTier);
  return user.isSubscribed ? `${tier} (subscribed)` : tier;
}

function UserStatsSection({ user }: { user: AdminUser }) {
  const stats = useUserStatsQuery(user.id);
  const headingId = useId();
  return (
    <section className={parts.panel} aria-labelledby={headingId}>
      <h3 id={headingId} className={parts.subTitle}>
        Stats
      </h3>
      <QueryStatus
        query={stats}
        loadingText="Loading stats..."
        skeleton={<Skeleton height="6rem" />}
        errorText="Could not load this user's stats."
        emptyText="No stats."
        isEmpty={() => false}
      >
        {(data) => (
          <StatCards
            items={[
              {
                label: 'Current balance',
                value: formatCount(data.balance),
                hint: `${formatCount(data.regular)} regular · ${formatCount(data.watermarked)} watermarked`,
              },
              { label: 'Credits purchased', value: formatCount(data.totalPurchased) },
              { label: 'Credits used', value: formatCount(data.totalUsed) },
              { label: 'Joined', value: formatDate(user.createdAt) },
            ]}
          />
        )}
      </QueryStatus>
    </section>
  );
}

export interface UserDetailsDialogProps {
  user: AdminUser | null;
  onClose: () => void;
}

/**
 * 001 §2 "View Details": User Info, Stats, the Adjust Credits form and the scrollable Credit
 * History of one user.
 */
export function UserDetailsDialog({ user, onClose }: UserDetailsDialogProps) {
  const infoId = useId();
  const adjustId = useId();
  const historyId = useId();
  return (
    <Dialog open={user !== null} onClose={onClose} title="User Details" description={user?.email ? <EmailAddress email={user.email} /> : undefined}>
      {user ? (
        <div className={styles.body}>
          <section className={parts.panel} aria-labelledby={infoId}>
            <h3 id={infoId} className={parts.subTitle}>
              User Info
            </h3>
            <Facts
              items={[
                { label: 'ID', value: <span className={parts.mono}>{user.id}</span> },
                { label: 'Email', value: user.email },
                { label: 'Username', value: user.username || 'None' },
                { label: 'Subscription', value: subscriptionText(user) },
                {
                  label: 'Status',
                  value: user.isSuspended ? <Badge tone="danger">Suspended</Badge> : <Badge tone="success">Active</Badge>,
                },
              ]}
            />
          </section>

          <UserStatsSection user={user} />

          <section className={parts.panel} aria-labelledby={adjustId}>
            <h3 id={adjustId} className={parts.subTitle}>
              Adjust Credits
            </h3>
            <AdjustCreditsForm key={user.id} userId={user.id} email={user.email} />
          </section>

          {/* The history's scrolling box is the region this heading names. */}
          <div className={parts.panel}>
            <h3 id={historyId} className={parts.subTitle}>
              Credit History
            </h3>
            <CreditHistory userId={user.id} labelledBy={historyId} />
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}
