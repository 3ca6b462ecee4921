import type { AuthUser } from '../../../shared/auth/auth-user';
import type { Account } from '../domain/account';
import { isAdminAccount } from '../domain/account-rules';

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
    // D22, D25: a listed e-mail makes an admin only once it is verified.
    isAdmin: isAdminAccount(account, adminEmails),
    createdAt: account.createdAt,
  };
}
