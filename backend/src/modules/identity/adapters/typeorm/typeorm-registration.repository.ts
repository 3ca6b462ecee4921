import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, QueryFailedError } from 'typeorm';
import { KeyedQueue } from '../../../../shared/concurrency/keyed-queue';
import type { Account } from '../../domain/account';
import { EmailTakenError, UsernameTakenError } from '../../domain/identity-errors';
import { DeviceFingerprintOrmEntity } from './device-fingerprint.orm-entity';
import { IpRegistrationOrmEntity } from './ip-registration.orm-entity';
import { toAccountWithSecret } from './typeorm-account.repository';
import { UserOrmEntity } from './user.orm-entity';
import { VideoWaitlistOrmEntity } from './video-waitlist.orm-entity';

export interface NewAccount {
  email: string;
  username: string;
  passwordHash: string;
  firstName: string | null;
  lastName: string | null;
  verificationTokenHash: string;
  verificationExpiresAt: Date;
  ip: string;
  /** An admin_whitelist entry lifted the limits. */
  whitelisted: boolean;
  device: null | {
    fingerprintHash: string;
    /**
     * first: a new device, its row must not exist yet (a race loser learns it does);
     * flagged: a known device passed the captcha, the device row is flagged;
     * whitelisted: no rule applies, the row is added if missing.
     */
    mode: 'first' | 'flagged' | 'whitelisted';
  };
  joinVideoWaitlist: boolean;
}

export type CreateAccountResult =
  | { kind: 'created'; account: Account }
  /** D19: the address has reached its accounts for the day (checked under a lock). */
  | { kind: 'ip-limit' }
  /** D19: another registration took this device first. */
  | { kind: 'fingerprint-known' };

const PG_UNIQUE_VIOLATION = '23505';
/** Issue 24: sign-ups of one address, queued in this process (see createAccount). */
const registrationsByIp = new KeyedQueue();

/** Any constant: namespaces the per-address advisory locks of registrations. */
const REGISTRATION_LOCK_NAMESPACE = 1_902_114;

@Injectable()
export class TypeormRegistrationRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** D19: accounts created from this address in the last `hours`, whitelisted ones not counted. */
  async countRecentFromIp(ip: string, hours: number, em: EntityManager = this.dataSource.manager): Promise<number> {
    return em
      .createQueryBuilder(IpRegistrationOrmEntity, 'r')
      .where('r.ip_address = :ip', { ip })
      .andWhere('NOT r.is_whitelisted')
      .andWhere(`r.created_at > now() - make_interval(hours => :hours)`, { hours })
      .getCount();
  }

  async fingerprintKnown(fingerprintHash: string): Promise<boolean> {
    return this.dataSource.manager.existsBy(DeviceFingerprintOrmEntity, { fingerprintHash });
  }

  /**
   * The account, its registration row, its device row and its waitlist entry in one transaction.
   * With `maxAccountsPerIpPerDay`, registrations from one address are serialised by an advisory
   * lock and counted again inside, so concurrent sign-ups cannot pass the limit together.
   * A duplicate e-mail or username (also under a race) throws the 409 errors.
   */
  async createAccount(input: NewAccount, limits: { maxAccountsPerIpPerDay: number | null }): Promise<CreateAccountResult> {
    // Issue 24: one address's sign-ups queue in this process before they take a connection, so a
    // burst from one address waits in memory, not on the advisory lock with a pooled connection.
    return limits.maxAccountsPerIpPerDay === null ? this.createAccountNow(input, limits) : registrationsByIp.run(input.ip, () => this.createAccountNow(input, limits));
  }

  private async createAccountNow(input: NewAccount, limits: { maxAccountsPerIpPerDay: number | null }): Promise<CreateAccountResult> {
    try {
      return await this.dataSource.transaction(async (em) => {
        if (limits.maxAccountsPerIpPerDay !== null) {
          await em.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [REGISTRATION_LOCK_NAMESPACE, input.ip]);
          const recent = await this.countRecentFromIp(input.ip, 24, em);
          if (recent >= limits.maxAccountsPerIpPerDay) return { kind: 'ip-limit' as const };
        }

        // ON CONFLICT instead of a unique violation: a failed INSERT would be logged by TypeORM
        // with its parameters, and those include the password hash and the token hash.
        const inserted: Array<{ id: string }> = await em.query(
          `INSERT INTO "user" ("email", "username", "password", "first_name", "last_name",
                               "email_verification_token", "email_verification_expires_at")
           VALUES ($1, $2, $3, $4, $5, $6, $7)
           ON CONFLICT DO NOTHING
           RETURNING "id"`,
          [
            input.email,
            input.username,
            input.passwordHash,
            input.firstName,
            input.lastName,
            input.verificationTokenHash,
            input.verificationExpiresAt,
          ],
        );
        if (inserted.length === 0) {
          // Taken since the caller looked (a race): say which, as the caller would have.
          const emailTaken = await em
            .createQueryBuilder(UserOrmEntity, 'u')
            .where('lower(u.email) = :email', { email: input.email })
            .getExists();
          throw emailTaken ? new EmailTakenError() : new UsernameTakenError();
        }
        const userId = inserted[0].id;

        const device = input.device;
        if (device) {
          // first: a new device; if another sign-up took it since the caller looked, undo
          // everything and let the caller decide (captcha). flagged: D19, the device row records
          // that it now has more than one account. whitelisted: the row is added if missing.
          const claimed: Array<{ user_id: string }> = await em.query(
            `INSERT INTO "device_fingerprint" ("fingerprint_hash", "user_id", "is_flagged") VALUES ($1, $2, $3)
             ON CONFLICT ("fingerprint_hash") DO UPDATE SET "is_flagged" = "device_fingerprint"."is_flagged" OR $3
             RETURNING "user_id"`,
            [device.fingerprintHash, userId, device.mode === 'flagged'],
          );
          if (device.mode === 'first' && claimed[0]?.user_id !== userId) throw new DeviceTakenMeanwhile();
        }

        await em.insert(IpRegistrationOrmEntity, {
          ipAddress: input.ip,
          userId,
          isWhitelisted: input.whitelisted,
          fingerprintHash: device?.fingerprintHash ?? null,
          isFlagged: device?.mode === 'flagged',
        });

        if (input.joinVideoWaitlist) {
          await em
            .createQueryBuilder()
            .insert()
            .into(VideoWaitlistOrmEntity)
            .values({ email: input.email, username: input.username, firstName: input.firstName, lastName: input.lastName, userId })
            .orIgnore()
            .execute();
        }

        const row = await em.findOneByOrFail(UserOrmEntity, { id: userId });
        const { passwordHash: _secret, ...account } = toAccountWithSecret(row);
        void _secret;
        return { kind: 'created' as const, account };
      });
    } catch (error) {
      if (error instanceof DeviceTakenMeanwhile) return { kind: 'fingerprint-known' };
      // Not expected (ON CONFLICT above), but a unique violation is still a clear 409.
      const constraint = uniqueViolation(error);
      if (constraint === 'user_email_key') throw new EmailTakenError();
      if (constraint === 'user_username_key') throw new UsernameTakenError();
      throw error;
    }
  }
}

/** Rolls the transaction back when the device was claimed by a concurrent sign-up. */
class DeviceTakenMeanwhile extends Error {}

function uniqueViolation(error: unknown): string | undefined {
  if (!(error instanceof QueryFailedError)) return undefined;
  const driverError = error.driverError as { code?: string; constraint?: string } | undefined;
  return driverError?.code === PG_UNIQUE_VIOLATION ? driverError.constraint : undefined;
}
