import { Inject, Injectable } from '@nestjs/common';
import { ENTITLEMENT_API, type EntitlementApi, type SubscriptionTier } from '../../billing';
import { CREDITS_API, type CreditsApi, type CreditTransaction, type TransactionQuery, type UserCreditStats } from '../../credits';
import { IDENTITY_API, type IdentityApi, type IdentityUser, type IdentityUserPage } from '../../identity';
import type { Page, PageRequest } from '../../../shared/pagination';
import { AdminUserNotFoundError } from '../domain/admin-errors';

/** 001 §3 "User (admin view)", plus whether the address is verified and the account is an admin. */
export interface AdminUserView {
  id: string;
  email: string;
  username: string;
  createdAt: Date;
  isSubscribed: boolean;
  subscriptionTier: SubscriptionTier;
  isSuspended: boolean;
  isVerified: boolean;
  isAdmin: boolean;
}

/**
 * The admin's reads of accounts and their credits (001 §2 User Management, Credit Transactions):
 * identity's accounts with billing's entitlement (one read per page), the ledger's rows and stats.
 */
@Injectable()
export class UserDirectoryService {
  constructor(
    @Inject(IDENTITY_API) private readonly identity: IdentityApi,
    @Inject(CREDITS_API) private readonly credits: CreditsApi,
    @Inject(ENTITLEMENT_API) private readonly entitlements: EntitlementApi,
  ) {}

  async list(page: PageRequest): Promise<Page<AdminUserView>> {
    return this.pageOfViews(await this.identity.list(page));
  }

  /** 001 §5: the client searches only with a non-empty trimmed query; an empty one lists everyone. */
  async search(query: string, page: PageRequest): Promise<Page<AdminUserView>> {
    return this.pageOfViews(await this.identity.search(query, page));
  }

  async view(user: IdentityUser): Promise<AdminUserView> {
    const [viewed] = await this.views([user]);
    return viewed;
  }

  async stats(userId: string): Promise<UserCreditStats> {
    await this.existing(userId);
    return this.credits.userStats(userId);
  }

  async creditHistory(userId: string, page: PageRequest): Promise<Page<CreditTransaction>> {
    await this.existing(userId);
    return this.credits.transactions({ ...page, userId });
  }

  transactions(query: TransactionQuery): Promise<Page<CreditTransaction>> {
    return this.credits.transactions(query);
  }

  /** The account, or AdminUserNotFoundError (404; a malformed id included). */
  async existing(userId: string): Promise<IdentityUser> {
    const user = await this.identity.findById(userId);
    if (!user) throw new AdminUserNotFoundError();
    return user;
  }

  private async pageOfViews(page: IdentityUserPage): Promise<Page<AdminUserView>> {
    return { ...page, items: await this.views(page.items) };
  }

  /** The accounts with billing's entitlement of each, asked in one read. */
  private async views(users: readonly IdentityUser[]): Promise<AdminUserView[]> {
    const entitlements = await this.entitlements.entitlementsOf(users.map((u) => u.id));
    return users.map((u) => {
      const entitlement = entitlements.get(u.id);
      return {
        id: u.id,
        email: u.email,
        username: u.username,
        createdAt: u.createdAt,
        isSubscribed: entitlement?.isSubscribed ?? false,
        subscriptionTier: entitlement?.tier ?? 'free',
        isSuspended: u.isSuspended,
        isVerified: u.isVerified,
        isAdmin: u.isAdmin,
      };
    });
  }
}
