import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { TypeormAccountRepository, type AccountPage } from '../adapters/typeorm/typeorm-account.repository';
import { TypeormWhitelistRepository } from '../adapters/typeorm/typeorm-whitelist.repository';
import type { Account } from '../domain/account';
import { isAdminAccount, normalizeEmail, normalizeIp } from '../domain/account-rules';
import { UserNotFoundError } from '../domain/identity-errors';
import { pageRequest, type PageRequest } from '../../../shared/pagination';
import type { IdentityApi, IdentityUser, IdentityUserPage, WhitelistCandidates } from '../identity.api';

/** IDENTITY_API (see identity.api.ts): reads of accounts, suspension, the whitelist. */
@Injectable()
export class IdentityApiService implements IdentityApi {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly accounts: TypeormAccountRepository,
    private readonly whitelist: TypeormWhitelistRepository,
  ) {}

  async findById(userId: string): Promise<IdentityUser | null> {
    const [account] = await this.accounts.findManyByIds([userId]);
    return account ? this.view(account) : null;
  }

  async findByIds(userIds: readonly string[]): Promise<IdentityUser[]> {
    return (await this.accounts.findManyByIds(userIds)).map((a) => this.view(a));
  }

  async search(query: string, page: PageRequest = {}): Promise<IdentityUserPage> {
    const text = (query ?? '').trim();
    if (text === '') return this.list(page);
    const { limit, offset } = pageRequest(page);
    return this.page(await this.accounts.searchNewestFirst(text, limit, offset), limit, offset);
  }

  async list(page: PageRequest = {}): Promise<IdentityUserPage> {
    const { limit, offset } = pageRequest(page);
    return this.page(await this.accounts.pageNewestFirst(limit, offset), limit, offset);
  }

  suspend(userId: string): Promise<IdentityUser> {
    return this.setSuspended(userId, true);
  }

  unsuspend(userId: string): Promise<IdentityUser> {
    return this.setSuspended(userId, false);
  }

  isWhitelisted(candidates: WhitelistCandidates): Promise<boolean> {
    return this.whitelist.anyWhitelisted({
      ip: candidates.ip ? normalizeIp(candidates.ip) : null,
      email: candidates.email ? normalizeEmail(candidates.email) : null,
      fingerprint: candidates.deviceFingerprint ? candidates.deviceFingerprint.trim().toLowerCase() : null,
    });
  }

  private async setSuspended(userId: string, suspended: boolean): Promise<IdentityUser> {
    const account = await this.accounts.setSuspended(userId, suspended);
    if (!account) throw new UserNotFoundError();
    return this.view(account);
  }

  private page(result: AccountPage, limit: number, offset: number): IdentityUserPage {
    return { items: result.accounts.map((a) => this.view(a)), total: result.total, limit, offset };
  }

  private view(account: Account): IdentityUser {
    return {
      id: account.id,
      email: account.email,
      username: account.username,
      firstName: account.firstName,
      lastName: account.lastName,
      isVerified: account.emailVerified,
      isAdmin: isAdminAccount(account, this.config.adminEmails),
      isSuspended: account.isSuspended,
      createdAt: account.createdAt,
    };
  }
}
