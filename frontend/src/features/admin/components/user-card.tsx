import { useId } from 'react';
import { Button } from '../../../shared/ui/button';
import { EmailAddress } from '../../../shared/ui/email-address';
import type { AdminUser } from '../api/admin.api';
import { capitalize, formatDate, isoDate } from '../lib/format';
import { Badge } from './admin-parts';
import parts from './admin-parts.module.css';
import styles from './user-card.module.css';

export interface UserCardProps {
  user: AdminUser;
  /** The signed-in admin's own row: the server refuses self-suspension, so the toggle is off. */
  isSelf: boolean;
  suspending: boolean;
  onView: (user: AdminUser) => void;
  onToggleSuspend: (user: AdminUser) => void;
}

function suspendLabel(isSuspended: boolean, pending: boolean): string {
  if (pending) return isSuspended ? 'Unsuspending...' : 'Suspending...';
  return isSuspended ? 'Unsuspend' : 'Suspend';
}

/**
 * One user of the list (001 §2): e-mail, id, username, joined date, tier badge, Suspended (and
 * Admin, Unverified) badges, View Details and the suspend / unsuspend toggle.
 */
export function UserCard({ user, isSelf, suspending, onView, onToggleSuspend }: UserCardProps) {
  const titleId = useId();
  const selfNoteId = useId();
  return (
    <article className={parts.row} aria-labelledby={titleId}>
      <div className={parts.rowHead}>
        <h3 id={titleId} className={parts.rowTitle}>
          {user.email ? <EmailAddress email={user.email} /> : user.username || user.id}
        </h3>
        <div className={parts.badges}>
          <Badge tone="magic">{capitalize(user.subscriptionTier)}</Badge>
          {user.isSuspended ? <Badge tone="danger">Suspended</Badge> : null}
          {user.isAdmin ? <Badge tone="neutral">Admin</Badge> : null}
          {user.isVerified ? null : <Badge tone="warning">Unverified</Badge>}
        </div>
      </div>
      <dl className={styles.meta}>
        <div>
          <dt>ID</dt>
          <dd className={parts.mono}>{user.id}</dd>
        </div>
        <div>
          <dt>Username</dt>
          <dd>{user.username || 'None'}</dd>
        </div>
        <div>
          <dt>Joined</dt>
          <dd>
            <time dateTime={isoDate(user.createdAt)}>{formatDate(user.createdAt)}</time>
          </dd>
        </div>
      </dl>
      <div className={parts.actions}>
        <Button size="sm" variant="secondary" onClick={() => onView(user)}>
          View Details
        </Button>
        <Button
          size="sm"
          variant={user.isSuspended ? 'secondary' : 'destructive'}
          disabled={isSelf}
          aria-describedby={isSelf ? selfNoteId : undefined}
          aria-disabled={suspending || undefined}
          aria-busy={suspending || undefined}
          onClick={() => {
            if (!suspending) onToggleSuspend(user);
          }}
        >
          {suspendLabel(user.isSuspended, suspending)}
        </Button>
        {isSelf ? (
          <span id={selfNoteId} className={parts.muted}>
            This is your account.
          </span>
        ) : null}
      </div>
    </article>
  );
}
