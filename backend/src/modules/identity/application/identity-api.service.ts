import { Inject, Injectable } from '@nestjs/common';
import { isIP } from 'node:net';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { TypeormAccountRepository, type AccountPage } from '../adapters/typeorm/typeorm-account.repository';
import { activeIpEntrySql, TypeormWhitelistRepository } from '../adapters/typeorm/typeorm-whitelist.repository';
import type { Account } from '../domain/account';
import { isAdminAccount, isValidFingerprint, normalizeEmail, normalizeIp } from '../domain/account-rules';
import { UserNotFoundError, WhitelistEntryExistsError, WhitelistEntryNotFoundError } from '../domain/identity-errors';
import { ValidationError } from '../../../shared/errors/domain-error';
import { cursorScope, decodeTimeCursor, encodeTimeCursor, type Page, pageRequest, type PageRequest } from '../../../shared/pagination';
import type { AdminWhitelistOrmEntity } from '../adapters/typeorm/admin-whitelist.orm-entity';
import {
  type AccountCounts,
  type FlaggedDevice,
  type IdentityApi,
  type IdentityUser,
  type IdentityUserPage,
  type NewWhitelistEntry,
  type WhitelistCandidates,
  type WhitelistEntry,
  type WhitelistType,
  WHITELIST_TYPES,
} from '../identity.api';

const WHITELIST_REASON_MAX = 500;

/**
 * D19: an `admin_whitelist` value as the checks compare it (isWhitelisted normalises the same
 * way): an e-mail trimmed and lower-cased, an IP address as registrations store it, a fingerprint
 * as lower-case SHA-256 hex. null when the value cannot be of that type.
 */
function normalisedWhitelistValue(type: WhitelistType, value: string): string | null {
  const trimmed = value.trim();
  if (trimmed === '' || trimmed.length > 255) return null;
  switch (type) {
    case 'email':
      return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(trimmed) ? normalizeEmail(trimmed) : null;
    case 'ip': {
      const ip = normalizeIp(trimmed);
      return isIP(ip) === 0 ? null : ip;
    }
    case 'fingerprint':
      return isValidFingerprint(trimmed.toLowerCase()) ? trimmed.toLowerCase() : null;
  }
}

function toWhitelistEntry(row: AdminWhitelistOrmEntity): WhitelistEntry {
  return {
    id: String(row.id),
    type: row.type,
    value: row.value,
    reason: row.reason,
    isActive: row.isActive,
    createdBy: row.createdBy,
    createdAt: row.createdAt,
  };
}

/** D44: the admin's user list's and user search's cursors (each list accepts only its own). */
const USERS_CURSOR = 'users';
const SEARCH_CURSOR = 'user-search';

/** IDENTITY_API (see identity.api.ts): reads of accounts, suspension, the whitelist. */
@Injectable()
export class IdentityApiService implements IdentityApi {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly accounts: TypeormAccountRepository,
    private readonly whitelistEntries: TypeormWhitelistRepository,
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
    const { limit, offset, cursor } = pageRequest(page);
    // D44: a search's cursor is its own (a cursor of the whole list would start it elsewhere).
    const scope = cursorScope(text);
    const after = cursor === undefined ? undefined : decodeTimeCursor(SEARCH_CURSOR, cursor, scope);
    return this.page(await this.accounts.searchNewestFirst(text, limit, offset, after), limit, offset, SEARCH_CURSOR, scope);
  }

  async list(page: PageRequest = {}): Promise<IdentityUserPage> {
    const { limit, offset, cursor } = pageRequest(page);
    const scope = cursorScope();
    const after = cursor === undefined ? undefined : decodeTimeCursor(USERS_CURSOR, cursor, scope);
    return this.page(await this.accounts.pageNewestFirst(limit, offset, after), limit, offset, USERS_CURSOR, scope);
  }

  suspend(userId: string): Promise<IdentityUser> {
    return this.setSuspended(userId, true);
  }

  unsuspend(userId: string): Promise<IdentityUser> {
    return this.setSuspended(userId, false);
  }

  isWhitelisted(candidates: WhitelistCandidates): Promise<boolean> {
    return this.whitelistEntries.anyWhitelisted({
      ip: candidates.ip ? normalizeIp(candidates.ip) : null,
      email: candidates.email ? normalizeEmail(candidates.email) : null,
      fingerprint: candidates.deviceFingerprint ? candidates.deviceFingerprint.trim().toLowerCase() : null,
    });
  }

  ipWhitelistedSql(ipRef: string): string {
    return activeIpEntrySql(ipRef);
  }

  counts(): Promise<AccountCounts> {
    return this.accounts.counts();
  }

  async whitelist(page: PageRequest = {}): Promise<Page<WhitelistEntry>> {
    const { limit, offset } = pageRequest(page);
    const { entries, total } = await this.whitelistEntries.pageNewestFirst(limit, offset);
    return { items: entries.map(toWhitelistEntry), total, limit, offset };
  }

  whitelistValue(type: WhitelistType, value: string): string {
    if (!(WHITELIST_TYPES as readonly string[]).includes(type)) throw new ValidationError(`type must be one of ${WHITELIST_TYPES.join(', ')}`);
    const normalised = typeof value === 'string' ? normalisedWhitelistValue(type, value) : null;
    if (normalised === null) {
      throw new ValidationError(`That is not a valid ${type === 'ip' ? 'IP address' : type === 'email' ? 'e-mail address' : 'device fingerprint (64 hex characters)'}`);
    }
    return normalised;
  }

  async addToWhitelist(entry: NewWhitelistEntry): Promise<WhitelistEntry> {
    const value = this.whitelistValue(entry.type, entry.value);
    const reason = entry.reason?.trim() || null;
    if (reason !== null && reason.length > WHITELIST_REASON_MAX) throw new ValidationError(`reason must be at most ${WHITELIST_REASON_MAX} characters`);
    const added = await this.whitelistEntries.add({ type: entry.type, value, reason, createdBy: entry.createdBy });
    if (!added) throw new WhitelistEntryExistsError();
    return toWhitelistEntry(added);
  }

  async setWhitelistEntryActive(id: string, isActive: boolean): Promise<WhitelistEntry> {
    const row = await this.whitelistEntries.setActive(id, isActive);
    if (!row) throw new WhitelistEntryNotFoundError();
    return toWhitelistEntry(row);
  }

  async flaggedDevices(page: PageRequest = {}): Promise<Page<FlaggedDevice>> {
    const { limit, offset } = pageRequest(page);
    const { devices, total } = await this.accounts.flaggedDevicesNewestFirst(limit, offset);
    return { items: devices, total, limit, offset };
  }

  beginDeletion(userId: string): Promise<boolean> {
    return this.accounts.beginDeletion(userId);
  }

  deleteAccount(userId: string): Promise<boolean> {
    return this.accounts.deleteAccount(userId);
  }

  deletionsBegunBefore(before: Date, limit: number): Promise<string[]> {
    return this.accounts.deletionsBegunBefore(before, limit);
  }

  forgetDeletedAccountsAddresses(): Promise<number> {
    return this.accounts.forgetDeletedAccountsAddresses();
  }

  private async setSuspended(userId: string, suspended: boolean): Promise<IdentityUser> {
    const account = await this.accounts.setSuspended(userId, suspended);
    if (!account) throw new UserNotFoundError();
    return this.view(account);
  }

  private page(result: AccountPage, limit: number, offset: number, list: string, scope: string): IdentityUserPage {
    const next = result.last ? { nextCursor: encodeTimeCursor(list, result.last, scope) } : {};
    return { items: result.accounts.map((a) => this.view(a)), total: result.total, limit, offset, ...next };
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
