import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import type { Account, AccountWithSecret, SubscriptionTier } from '../../domain/account';
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
    subscriptionTier: row.subscriptionTier as SubscriptionTier,
    isSuspended: row.isSuspended,
    createdAt: row.createdAt,
    passwordHash: row.password,
  };
}

export interface PendingVerification {
  account: Account;
  expiresAt: Date | null;
}

/** Accounts in the `user` table, by intent. E-mails and usernames compare case-insensitively. */
@Injectable()
export class TypeormAccountRepository {
  constructor(
    @InjectRepository(UserOrmEntity) private readonly users: Repository<UserOrmEntity>,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  async findByEmail(normalizedEmail: string): Promise<AccountWithSecret | null> {
    const row = await this.users.createQueryBuilder('u').where('lower(u.email) = :email', { email: normalizedEmail }).getOne();
    return row ? toAccountWithSecret(row) : null;
  }

  async findById(id: string): Promise<AccountWithSecret | null> {
    const row = await this.users.findOneBy({ id });
    return row ? toAccountWithSecret(row) : null;
  }

  async emailTaken(normalizedEmail: string): Promise<boolean> {
    return this.users.createQueryBuilder('u').where('lower(u.email) = :email', { email: normalizedEmail }).getExists();
  }

  async usernameTaken(username: string): Promise<boolean> {
    return this.users.createQueryBuilder('u').where('lower(u.username) = lower(:username)', { username }).getExists();
  }

  async findByVerificationTokenHash(hash: string): Promise<PendingVerification | null> {
    const row = await this.users.findOneBy({ emailVerificationToken: hash });
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
    const result = await this.users
      .createQueryBuilder()
      .update()
      .set({ emailVerified: true })
      .where('id = :id AND NOT email_verified', { id })
      .execute();
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
    return this.dataSource.transaction(async (em) => {
      await em.update(UserOrmEntity, { id }, { password: passwordHash });
      const ended: unknown = await em.query(
        `DELETE FROM "session" WHERE ("sess"::jsonb -> 'passport' ->> 'user') = $1 AND "sid" <> $2`,
        [id, keepSessionId ?? ''],
      );
      return deletedCount(ended);
    });
  }
}

/** TypeORM's postgres driver answers a DELETE via query() with [rows, count]. */
function deletedCount(result: unknown): number {
  return Array.isArray(result) && typeof result[1] === 'number' ? result[1] : 0;
}
