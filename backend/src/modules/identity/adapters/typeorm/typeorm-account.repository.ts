import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, IsNull, type ObjectLiteral, Repository, type SelectQueryBuilder } from 'typeorm';
import { SessionCache } from '../../../../shared/auth/session-cache';
import { isUuid } from '../../../../shared/ids';
import { containsPattern } from '../../../../shared/pg/contains-pattern';
import { exactTimestampSql, type TimeKey, timeKeyAfterSql } from '../../../../shared/pagination';
import { returnedRows } from '../../../../shared/pg/returned-rows';
import { type Account, type AccountWithSecret, withoutSecret } from '../../domain/account';
import { UserOrmEntity } from './user.orm-entity';

export function toAccountWithSecret(row: UserOrmEntity): AccountWithSecret {
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    firstName: row.firstName,
    lastName: row.lastName,
    emailVerified: row.emailVerified,
    isSubscribed: row.isSubscribed,
    subscriptionTier: row.subscriptionTier,
    isSuspended: row.isSuspended,
    createdAt: row.createdAt,
    passwordHash: row.password,
  };
}

export interface FlaggedDeviceRow {
  fingerprintHash: string;
  /** null when the account was deleted (D35). */
  userId: string | null;
  email: string | null;
  username: string | null;
  createdAt: Date;
}

export interface AccountPage {
  accounts: Account[];
  total: number;
  /** D44: the last account's key when the page is full (the next page starts after it). */
  last?: TimeKey;
}

/** The page's rows with each one's creation time to the microsecond (for the next page's cursor). */
function withTimeKeys<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>): SelectQueryBuilder<T> {
  return qb.addSelect(exactTimestampSql('u.created_at'), 'cursor_time');
}

/** A full page's last row as a key; none for a short page (nothing follows it). */
function lastKey(page: { entities: UserOrmEntity[]; raw: Array<{ cursor_time: string }> }, limit: number): TimeKey | undefined {
  if (page.entities.length !== limit || page.raw.length !== page.entities.length) return undefined;
  return { timestamp: page.raw[page.raw.length - 1].cursor_time, id: page.entities[page.entities.length - 1].id };
}

/** Ends every session of a user (connect-pg-simple keeps passport's user id inside `sess`); $1 is the user id. */
export const END_SESSIONS = `DELETE FROM "session" WHERE ("sess"::jsonb -> 'passport' ->> 'user') = $1`;

export interface PendingVerification {
  account: Account;
  expiresAt: Date | null;
}

/**
 * Accounts in the `user` table, by intent. E-mails and usernames compare case-insensitively.
 * D35: an account whose deletion has begun is found by neither findByEmail nor findById, so it
 * signs in nowhere and its sessions count for nothing, exactly as if it were already gone.
 */
@Injectable()
export class TypeormAccountRepository {
  constructor(
    @InjectRepository(UserOrmEntity) private readonly users: Repository<UserOrmEntity>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly sessions: SessionCache,
  ) {}

  /**
   * ADR 0021: once a change to a user (or their sessions) committed, this instance reads that
   * user's sessions afresh at once; the triggers' NOTIFY tells the other instances.
   */
  private async changingUser<T>(id: string, write: Promise<T>): Promise<T> {
    try {
      return await write;
    } finally {
      this.sessions.dropUser(id);
    }
  }

  async findByEmail(normalizedEmail: string): Promise<AccountWithSecret | null> {
    const row = await this.users
      .createQueryBuilder('u')
      .where('lower(u.email) = :email', { email: normalizedEmail })
      .andWhere('u.deletion_requested_at IS NULL')
      .getOne();
    return row ? toAccountWithSecret(row) : null;
  }

  async findById(id: string): Promise<AccountWithSecret | null> {
    const row = await this.users.findOneBy({ id, deletionRequestedAt: IsNull() });
    return row ? toAccountWithSecret(row) : null;
  }

  /** The accounts among `ids` (malformed ids are left out without a query error). */
  async findManyByIds(ids: readonly string[]): Promise<Account[]> {
    const wanted = [...new Set(ids.filter(isUuid))];
    if (wanted.length === 0) return [];
    const rows = await this.users.createQueryBuilder('u').where('u.id IN (:...ids)', { ids: wanted }).getMany();
    return rows.map(toAccount);
  }

  /**
   * One page of every account, newest first, with the total (from account_counts, not a count of
   * the table); after `after` (D44) when given: the page seeks `user_created_at_idx`.
   */
  async pageNewestFirst(limit: number, offset: number, after?: TimeKey): Promise<AccountPage> {
    const qb = this.users.createQueryBuilder('u').orderBy('u.created_at', 'DESC').addOrderBy('u.id', 'DESC').limit(limit).offset(offset);
    if (after) qb.where(timeKeyAfterSql('u.created_at', 'u.id', ':afterTime', ':afterId'), { afterTime: after.timestamp, afterId: after.id });
    const [page, counts] = await Promise.all([withTimeKeys(qb).getRawAndEntities<{ cursor_time: string }>(), this.counts()]);
    return { accounts: page.entities.map(toAccount), total: counts.total, last: lastKey(page, limit) };
  }

  /**
   * One page of the accounts whose e-mail or username contains `text` (case-insensitive, LIKE
   * wildcards taken literally) or whose id is `text`, newest first, with the total; after `after`
   * (D44) when given.
   */
  async searchNewestFirst(text: string, limit: number, offset: number, after?: TimeKey): Promise<AccountPage> {
    const pattern = containsPattern(text);
    const qb = this.users
      .createQueryBuilder('u')
      .where(`(lower(u.email) LIKE :pattern OR lower(u.username) LIKE :pattern${isUuid(text) ? ' OR u.id = :id' : ''})`, {
        pattern,
        id: text.toLowerCase(),
      })
      .orderBy('u.created_at', 'DESC')
      .addOrderBy('u.id', 'DESC');
    const count = qb.clone();
    if (after) qb.andWhere(timeKeyAfterSql('u.created_at', 'u.id', ':afterTime', ':afterId'), { afterTime: after.timestamp, afterId: after.id });
    qb.limit(limit).offset(offset);
    if (after) {
      // The total counts every match (the cursor only says where this page starts).
      const [page, total] = await Promise.all([withTimeKeys(qb).getRawAndEntities<{ cursor_time: string }>(), count.getCount()]);
      return { accounts: page.entities.map(toAccount), total, last: lastKey(page, limit) };
    }
    // Issue 29: the total with the page, in one statement: the trigram search is done once, not again for a count.
    const page = await withTimeKeys(qb)
      .addSelect('count(*) OVER ()', 'search_total')
      .getRawAndEntities<{ search_total: string; cursor_time: string }>();
    if (page.raw.length > 0) return { accounts: page.entities.map(toAccount), total: Number(page.raw[0].search_total), last: lastKey(page, limit) };
    // A page past the end: the count alone.
    return { accounts: [], total: offset > 0 ? await count.getCount() : 0 };
  }

  /**
   * Every account, and those suspended (D21): the row the `user` table's triggers keep
   * (migration 1796515200000), not a count of the table.
   */
  async counts(): Promise<{ total: number; suspended: number }> {
    const rows: Array<{ total: number; suspended: number }> = await this.dataSource.query(`SELECT "total", "suspended" FROM "account_counts"`);
    return { total: rows[0].total, suspended: rows[0].suspended };
  }

  /**
   * D19: the devices on which a further account was created (after a captcha), newest first, with
   * the account that owns the fingerprint row.
   */
  async flaggedDevicesNewestFirst(limit: number, offset: number): Promise<{ devices: FlaggedDeviceRow[]; total: number }> {
    // The account is null (LEFT JOIN) once it was deleted; the device stays flagged (D19, D35).
    const [rows, count] = await Promise.all([
      this.dataSource.query(
        `SELECT d.fingerprint_hash, d.user_id, u.email, u.username, d.created_at
           FROM "device_fingerprint" d LEFT JOIN "user" u ON u.id = d.user_id
          WHERE d.is_flagged
          ORDER BY d.created_at DESC, d.id DESC
          LIMIT $1 OFFSET $2`,
        [limit, offset],
      ) as Promise<Array<{ fingerprint_hash: string; user_id: string | null; email: string | null; username: string | null; created_at: Date }>>,
      this.dataSource.query(`SELECT count(*)::int AS n FROM "device_fingerprint" WHERE is_flagged`) as Promise<Array<{ n: number }>>,
    ]);
    return {
      devices: rows.map((r) => ({ fingerprintHash: r.fingerprint_hash, userId: r.user_id, email: r.email, username: r.username, createdAt: r.created_at })),
      total: count[0].n,
    };
  }

  /**
   * D21: suspends (or lets back in) the account; suspending also ends every session of it, in the
   * same transaction. null when there is no such account.
   */
  async setSuspended(id: string, suspended: boolean): Promise<Account | null> {
    if (!isUuid(id)) return null;
    return this.changingUser(id, this.dataSource.transaction(async (em) => {
      const result = await em.update(UserOrmEntity, { id }, { isSuspended: suspended });
      if ((result.affected ?? 0) === 0) return null;
      if (suspended) await em.query(END_SESSIONS, [id]);
      return toAccount(await em.findOneByOrFail(UserOrmEntity, { id }));
    }));
  }

  /**
   * D35 first step (ADR 0019): the account is marked as being deleted (the first call's time is
   * kept) and every session of it ends, in one transaction. false when there is no such account.
   */
  async beginDeletion(id: string): Promise<boolean> {
    if (!isUuid(id)) return false;
    return this.changingUser(id, this.dataSource.transaction(async (em) => {
      const marked = returnedRows<{ id: string }>(
        await em.query(
          `UPDATE "user" SET "deletion_requested_at" = COALESCE("deletion_requested_at", now()), "updated_at" = now()
            WHERE "id" = $1 RETURNING "id"`,
          [id],
        ),
      );
      if (marked.length === 0) return false;
      await em.query(END_SESSIONS, [id]);
      return true;
    }));
  }

  /**
   * D35 last step: the account row goes, with its sessions and its video waitlist entry; the
   * database takes what hangs on it (ADR 0019: the ledger, device and registration rows stay
   * without it). Only an account whose deletion has begun; false when there is none (already gone).
   * beginDeletion ended the sessions already; ending them again removes one that a sign-in racing
   * it wrote (signed out by findById, but its row names the account and no foreign key takes it).
   */
  async deleteAccount(id: string): Promise<boolean> {
    if (!isUuid(id)) return false;
    return this.changingUser(id, this.dataSource.transaction(async (em) => {
      const rows: Array<{ email: string }> = await em.query(
        `SELECT "email" FROM "user" WHERE "id" = $1 AND "deletion_requested_at" IS NOT NULL FOR UPDATE`,
        [id],
      );
      if (rows.length === 0) return false;
      await em.query(END_SESSIONS, [id]);
      await em.query(`DELETE FROM "video_waitlist" WHERE "user_id" = $1 OR lower("email") = lower($2)`, [id, rows[0].email]);
      await em.query(`DELETE FROM "user" WHERE "id" = $1`, [id]);
      return true;
    }));
  }

  /** Sign-up addresses of deleted accounts (user_id NULL) older than D19's 24-hour window. */
  async forgetDeletedAccountsAddresses(): Promise<number> {
    const rows = returnedRows(
      await this.dataSource.query(
        `DELETE FROM "ip_registration" WHERE "user_id" IS NULL AND "created_at" < now() - interval '24 hours' RETURNING 1`,
      ),
    );
    return rows.length;
  }

  /** Accounts whose deletion began before `before`, the oldest first. */
  async deletionsBegunBefore(before: Date, limit: number): Promise<string[]> {
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT "id" FROM "user" WHERE "deletion_requested_at" < $1 ORDER BY "deletion_requested_at", "id" LIMIT $2`,
      [before, limit],
    );
    return rows.map((r) => r.id);
  }

  async emailTaken(normalizedEmail: string): Promise<boolean> {
    return this.users.createQueryBuilder('u').where('lower(u.email) = :email', { email: normalizedEmail }).getExists();
  }

  async usernameTaken(username: string): Promise<boolean> {
    return this.users.createQueryBuilder('u').where('lower(u.username) = lower(:username)', { username }).getExists();
  }

  async findByVerificationTokenHash(hash: string): Promise<PendingVerification | null> {
    const row = await this.users.findOneBy({ emailVerificationToken: hash, deletionRequestedAt: IsNull() });
    if (!row) return null;
    const { passwordHash: _secret, ...account } = toAccountWithSecret(row);
    void _secret;
    return { account, expiresAt: row.emailVerificationExpiresAt };
  }

  /**
   * Marks the address verified. The token hash stays, so a second visit of the link can say
   * "already verified" instead of "invalid". true only for the call that made the change.
   */
  async markEmailVerified(id: string): Promise<boolean> {
    const result = await this.changingUser(
      id,
      this.users.createQueryBuilder().update().set({ emailVerified: true }).where('id = :id AND NOT email_verified', { id }).execute(),
    );
    return (result.affected ?? 0) > 0;
  }

  /** A new link replaces the old one (the old token stops working). */
  async replaceVerificationToken(id: string, hash: string, expiresAt: Date): Promise<void> {
    await this.users.update({ id }, { emailVerificationToken: hash, emailVerificationExpiresAt: expiresAt });
  }

  /**
   * The new password hash and the end of every other session of the user, together: once the
   * password has changed no other session may outlive it.
   */
  async changePasswordEndingOtherSessions(id: string, passwordHash: string, keepSessionId: string | undefined): Promise<number> {
    return this.changingUser(id, this.dataSource.transaction(async (em) => {
      await em.update(UserOrmEntity, { id }, { password: passwordHash });
      const ended: unknown = await em.query(
        `${END_SESSIONS} AND "sid" <> $2`,
        [id, keepSessionId ?? ''],
      );
      return deletedCount(ended);
    }));
  }
}

function toAccount(row: UserOrmEntity): Account {
  return withoutSecret(toAccountWithSecret(row));
}

/** TypeORM's postgres driver answers a DELETE via query() with [rows, count]. */
function deletedCount(result: unknown): number {
  return Array.isArray(result) && typeof result[1] === 'number' ? result[1] : 0;
}
