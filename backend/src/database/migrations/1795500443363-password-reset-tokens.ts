import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 13, D36: forgotten passwords. One row per reset link the identity context mailed.
 * - Only the SHA-256 hex of the token is stored (the token itself goes into the mail only), unique.
 * - At most one unused token per account (partial unique index): a new request replaces the
 *   older unused one in one upsert, so only the newest link works.
 * - `used_at` is set by the one statement that claims the token (single use); `expires_at` is set
 *   from the database clock, which also judges it.
 * - Goes with its account (ON DELETE CASCADE).
 */
export class PasswordResetTokens1795500443363 implements MigrationInterface {
  name = 'PasswordResetTokens1795500443363';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "password_reset_token" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL REFERENCES "user" ("id") ON DELETE CASCADE,
        "token_hash" varchar(64) NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "expires_at" timestamptz NOT NULL,
        "used_at" timestamptz,
        CONSTRAINT "password_reset_token_hash_format_check" CHECK ("token_hash" ~ '^[0-9a-f]{64}$'),
        CONSTRAINT "password_reset_token_expiry_check" CHECK ("expires_at" > "created_at")
      )`);
    await q.query(`CREATE UNIQUE INDEX "password_reset_token_hash_key" ON "password_reset_token" ("token_hash")`);
    await q.query(`CREATE UNIQUE INDEX "password_reset_token_unused_key" ON "password_reset_token" ("user_id") WHERE "used_at" IS NULL`);
    // The account's rows (replacing them; the cascade when the account goes).
    await q.query(`CREATE INDEX "password_reset_token_user_idx" ON "password_reset_token" ("user_id")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS "password_reset_token"`);
  }
}
