import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { SessionCache } from '../../../../shared/auth/session-cache';
import { returnedRows } from '../../../../shared/pg/returned-rows';
import { END_SESSIONS } from './typeorm-account.repository';

/** The account whose password a reset changed. */
export interface ResetAccount {
  id: string;
  email: string;
  username: string;
}

/**
 * D36: password reset tokens (`password_reset_token`), by intent. Only the SHA-256 hex of a token
 * is ever given here. Time is the database's (`now()`), for issuing and judging alike.
 */
@Injectable()
export class TypeormPasswordResetRepository {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly sessions: SessionCache,
  ) {}

  /**
   * Issues a reset token, valid for `ttlMinutes`, to the account with this e-mail when there is
   * one and it is neither suspended (D21) nor being deleted (D35), and answers that account; else null and nothing is written.
   * One statement whichever it is, so the answer takes as long for an address with no account
   * (D36: no account enumeration by timing). The new token takes the place of the account's unused
   * one (there is at most one), so only the newest link works; the account's used tokens, which
   * only ever said "already used", are let go at the same time.
   */
  async issueForEmail(normalizedEmail: string, tokenHash: string, ttlMinutes: number): Promise<ResetAccount | null> {
    const rows: ResetAccount[] = await this.dataSource.query(
      `WITH "account" AS (
         SELECT "id", "email", "username" FROM "user"
          WHERE lower("email") = $1 AND NOT "is_suspended" AND "deletion_requested_at" IS NULL
       ), "issued" AS (
         INSERT INTO "password_reset_token" ("user_id", "token_hash", "expires_at")
         SELECT "id", $2, now() + make_interval(mins => $3::int) FROM "account"
         ON CONFLICT ("user_id") WHERE "used_at" IS NULL DO UPDATE SET
           "token_hash" = EXCLUDED."token_hash", "created_at" = now(), "expires_at" = EXCLUDED."expires_at"
         RETURNING "user_id"
       ), "let_go" AS (
         DELETE FROM "password_reset_token" WHERE "used_at" IS NOT NULL AND "user_id" IN (SELECT "id" FROM "account")
       )
       SELECT a."id", a."email", a."username" FROM "account" a JOIN "issued" i ON i."user_id" = a."id"`,
      [normalizedEmail, tokenHash, ttlMinutes],
    );
    return rows[0] ?? null;
  }

  /** The token is unused, unexpired, and its account exists, is not suspended (D21) nor being deleted (D35). */
  async isUsable(tokenHash: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM "password_reset_token" t JOIN "user" u ON u."id" = t."user_id"
        WHERE t."token_hash" = $1 AND t."used_at" IS NULL AND t."expires_at" > now()
          AND NOT u."is_suspended" AND u."deletion_requested_at" IS NULL`,
      [tokenHash],
    );
    return rows.length > 0;
  }

  /**
   * Spends the token and sets the account's new password hash, ending every session of the
   * account, in one transaction. The token is claimed by one UPDATE … WHERE "used_at" IS NULL, so of
   * any number of concurrent resets with one token exactly one gets here (a concurrent claim waits
   * for this one's row lock, then finds the token used). null when the token is not usable (unknown,
   * expired, used) or its account is suspended or being deleted (the token is spent all the same).
   */
  async resetPasswordWithToken(tokenHash: string, passwordHash: string): Promise<ResetAccount | null> {
    const account = await this.dataSource.transaction(async (em) => {
      const [claimed] = returnedRows<{ user_id: string }>(
        await em.query(
          `UPDATE "password_reset_token" SET "used_at" = now()
            WHERE "token_hash" = $1 AND "used_at" IS NULL AND "expires_at" > now()
            RETURNING "user_id"`,
          [tokenHash],
        ),
      );
      if (!claimed) return null;
      const [account] = returnedRows<ResetAccount>(
        await em.query(
          `UPDATE "user" SET "password" = $2, "updated_at" = now()
            WHERE "id" = $1 AND NOT "is_suspended" AND "deletion_requested_at" IS NULL
            RETURNING "id", "email", "username"`,
          [claimed.user_id, passwordHash],
        ),
      );
      if (!account) return null;
      await em.query(END_SESSIONS, [account.id]);
      return account;
    });
    // ADR 0021: this instance reads the account's sessions afresh at once (the trigger tells the others).
    if (account) this.sessions.dropUser(account.id);
    return account;
  }
}
