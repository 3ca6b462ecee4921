/**
 * Who is signed in, as the identity context puts it on `req.user` (passport session). Other
 * contexts read only this shape, never identity's entities (ARCHITECTURE rule 2).
 */
export interface AuthUser {
  id: string;
  email: string;
  username: string;
  emailVerified: boolean;
  /** D22: the e-mail is listed in ADMIN_EMAILS. */
  isAdmin: boolean;
  isSubscribed: boolean;
  /** Billing's SubscriptionTier (ADR 0012), presented as read; ask ENTITLEMENT_API for decisions. */
  subscriptionTier: string;
}
