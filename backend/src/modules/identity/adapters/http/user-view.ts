import type { SessionUser } from '../../application/session-user';

/** The user object of the identity HTTP contract; never a password hash, token or session id. */
export interface UserView {
  id: string;
  email: string;
  username: string;
  firstName: string | null;
  lastName: string | null;
  emailVerified: boolean;
  isSubscribed: boolean;
  subscriptionTier: string;
  isAdmin: boolean;
  createdAt: string;
}

export function toUserView(user: SessionUser): UserView {
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    firstName: user.firstName ?? null,
    lastName: user.lastName ?? null,
    emailVerified: user.emailVerified,
    isSubscribed: user.isSubscribed,
    subscriptionTier: user.subscriptionTier,
    isAdmin: user.isAdmin,
    createdAt: new Date(user.createdAt).toISOString(),
  };
}
