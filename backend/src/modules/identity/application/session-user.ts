import type { AuthUser } from '../../../shared/auth/auth-user';
import type { Account } from '../domain/account';
import { isAdminEmail } from '../domain/account-rules';

/**
 * What the session puts on `req.user`: the shared AuthUser shape other contexts read, plus the
 * profile fields GET /api/user answers with, so that call needs no second query.
 */
export interface SessionUser extends AuthUser {
  firstName: string | null;
  lastName: string | null;
  createdAt: Date;
}

export function toSessionUser(account: Account, adminEmails: readonly string[]): SessionUser {
  return {
    id: account.id,
    email: account.email,
    username: account.username,
    firstName: account.firstName,
    lastName: account.lastName,
    emailVerified: account.emailVerified,
    isSubscribed: account.isSubscribed,
    subscriptionTier: account.subscriptionTier,
    // D22
    isAdmin: isAdminEmail(account.email, adminEmails),
    createdAt: account.createdAt,
  };
}
