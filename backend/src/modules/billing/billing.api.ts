import type { Entitlement } from './domain/entitlement';

/**
 * ENTITLEMENT_API: billing's synchronous surface for other contexts (ARCHITECTURE rule 2, ADR
 * 0012). Billing owns tier, isSubscribed and the paid-plan rule; ask here instead of reading the
 * user row's columns.
 */
export interface EntitlementApi {
  /** The user's tier and subscription; an unknown user is free. */
  entitlementOf(userId: string): Promise<Entitlement>;
  /** D7: may save to My Edits. */
  hasPaidPlan(userId: string): Promise<boolean>;
  /** D7 for many users in one read: those of `userIds` without a paid plan (unknown ids included). */
  withoutPaidPlan(userIds: readonly string[]): Promise<string[]>;
  /** Each of these users' entitlement in one read (an unknown id is free). */
  entitlementsOf(userIds: readonly string[]): Promise<Map<string, Entitlement>>;
  /** How many accounts are subscribed now (isSubscribed). */
  subscribedCount(): Promise<number>;
}

export const ENTITLEMENT_API = Symbol('ENTITLEMENT_API');
