/**
 * IDENTITY_API: the identity context's synchronous surface for other contexts (ARCHITECTURE
 * rule 2): accounts by id, the admin user list and search (D32: paged, 50 a page, newest first),
 * suspension (D21) and the anti-abuse whitelist (D19). Inject it with `@Inject(IDENTITY_API)`
 * after importing IdentityModule.
 */

import type { Page, PageRequest } from '../../shared/pagination';

/** An account as other contexts see it: never a password hash, token or session. */
export interface IdentityUser {
  id: string;
  /** Trimmed and lower-cased. */
  email: string;
  username: string;
  firstName: string | null;
  lastName: string | null;
  /** The e-mail address was verified (D1). */
  isVerified: boolean;
  /** D22, D25: the e-mail is listed in ADMIN_EMAILS and verified. */
  isAdmin: boolean;
  /** D21 */
  isSuspended: boolean;
  createdAt: Date;
}

/** Newest account first (shared/pagination: 50 a page, at most 200; out of range is a 400). */
export type IdentityUserPage = Page<IdentityUser>;

/** The values an `admin_whitelist` entry may lift the limits for (D19). */
export interface WhitelistCandidates {
  ip?: string | null;
  email?: string | null;
  /** The SHA-256 hex the client sends. */
  deviceFingerprint?: string | null;
}

export const WHITELIST_TYPES = ['ip', 'email', 'fingerprint'] as const;
export type WhitelistType = (typeof WHITELIST_TYPES)[number];

/** An `admin_whitelist` entry (D19). */
export interface WhitelistEntry {
  id: string;
  type: WhitelistType;
  /** As stored: an e-mail lower-cased, an IP normalised, a fingerprint as lower-case hex. */
  value: string;
  reason: string | null;
  isActive: boolean;
  createdBy: string | null;
  createdAt: Date;
}

export interface NewWhitelistEntry {
  type: WhitelistType;
  value: string;
  reason?: string | null;
  /** The admin who added it. */
  createdBy: string;
}

/** D19: a device on which a further account was created (after a captcha), and its first account. */
export interface FlaggedDevice {
  fingerprintHash: string;
  /** null once that account was deleted (D35: the device stays known and flagged). */
  userId: string | null;
  email: string | null;
  username: string | null;
  createdAt: Date;
}

export interface AccountCounts {
  total: number;
  suspended: number;
}

export interface IdentityApi {
  /** null when no account has this id (a malformed id included). */
  findById(userId: string): Promise<IdentityUser | null>;
  /** The accounts among these ids, in no particular order; unknown or malformed ids are left out. */
  findByIds(userIds: readonly string[]): Promise<IdentityUser[]>;
  /**
   * Accounts whose e-mail or username contains `query` (case-insensitive), or whose id is `query`;
   * newest first. An empty query lists every account.
   */
  search(query: string, page?: PageRequest): Promise<IdentityUserPage>;
  /** Every account, newest first, one page at a time. */
  list(page?: PageRequest): Promise<IdentityUserPage>;
  /**
   * D21: the account can no longer sign in, and every open session of it ends at once.
   * Idempotent. Throws UserNotFoundError (404 `IDENTITY.USER_NOT_FOUND`).
   */
  suspend(userId: string): Promise<IdentityUser>;
  /** Lifts a suspension (sessions ended by it stay ended). Idempotent. Throws UserNotFoundError. */
  unsuspend(userId: string): Promise<IdentityUser>;
  /** true when any given value has an active `admin_whitelist` entry of its type (e-mail in any case). */
  isWhitelisted(candidates: WhitelistCandidates): Promise<boolean>;
  /**
   * isWhitelisted's rule for one address as an SQL predicate over the parameter reference `ipRef`
   * (e.g. `'$4'`, bound to a normalised address), for a statement that counts, checks and writes in
   * one round trip (a batch of laughs, ADR 0037). Parameterised: the address is never spliced into the text.
   */
  ipWhitelistedSql(ipRef: string): string;
  /** Every account and the suspended ones (the admin's platform stats). */
  counts(): Promise<AccountCounts>;
  /** The whitelist, newest entry first. */
  whitelist(page?: PageRequest): Promise<Page<WhitelistEntry>>;
  /**
   * The value as an entry of this type stores it (an e-mail lower-cased, an IP normalised, a
   * fingerprint as lower-case hex), so callers can refuse bad input before acting. Throws
   * ValidationError (400) on a bad type or value.
   */
  whitelistValue(type: WhitelistType, value: string): string;
  /**
   * Adds an active entry. Throws ValidationError (400) on a bad type or value, and
   * WhitelistEntryExistsError (409) when the value already has an entry of its type.
   */
  addToWhitelist(entry: NewWhitelistEntry): Promise<WhitelistEntry>;
  /** Turns an entry on or off. Throws WhitelistEntryNotFoundError (404). */
  setWhitelistEntryActive(id: string, isActive: boolean): Promise<WhitelistEntry>;
  /** D19: flagged devices, newest first. */
  flaggedDevices(page?: PageRequest): Promise<Page<FlaggedDevice>>;
  /**
   * D35 first step (ADR 0019): the account is marked as being deleted and every session of it ends,
   * in one transaction. From then on it signs in nowhere and its sessions are signed out, exactly
   * as for an unknown account. Idempotent (the first call's time is kept); false when there is no
   * such account. findById still answers it until deleteAccount.
   */
  beginDeletion(userId: string): Promise<boolean>;
  /**
   * D35 last step: deletes the account row and its sessions (what hangs on the row goes with it,
   * except the ledger, device and registration rows, which stay without it). Only after
   * beginDeletion; false when there is no such account (already deleted), so it is safe to repeat.
   * The e-mail and username are free again afterwards.
   */
  deleteAccount(userId: string): Promise<boolean>;
  /** Accounts whose deletion began before `before`, the oldest first (to finish interrupted deletions). */
  deletionsBegunBefore(before: Date, limit: number): Promise<string[]>;
  /**
   * D19 needs a sign-up's IP address for 24 hours only: the addresses of deleted accounts' sign-ups
   * (kept without the account, so the limit still counts them) are forgotten once older than that.
   * Answers how many went.
   */
  forgetDeletedAccountsAddresses(): Promise<number>;
}

export const IDENTITY_API = Symbol('IDENTITY_API');
