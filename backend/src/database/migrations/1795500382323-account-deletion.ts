import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * D35, ADR 0019: a user may delete their account.
 *
 * - `user.deletion_requested_at`: set by the first step of a deletion (the account stops signing
 *   in and its sessions end); the job that finishes interrupted deletions finds them by it.
 * - The ledger is kept for accounting with the personal link removed: `credit_transaction.user_id`
 *   becomes nullable and is set to NULL when the account row goes (reservations still go with it).
 * - The D19 anti-abuse records outlive the account they were made for, so an account deleted and
 *   made again on the same device or address is still counted: `device_fingerprint.user_id` and
 *   `ip_registration.user_id` become nullable, SET NULL on delete.
 */
export class AccountDeletion1795500382323 implements MigrationInterface {
  name = 'AccountDeletion1795500382323';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "user" ADD COLUMN "deletion_requested_at" timestamptz`);
    await q.query(`CREATE INDEX "user_deletion_requested_idx" ON "user" ("deletion_requested_at") WHERE "deletion_requested_at" IS NOT NULL`);
    for (const table of KEPT_ON_DELETE) {
      await q.query(`ALTER TABLE "${table}" ALTER COLUMN "user_id" DROP NOT NULL`);
      await q.query(`ALTER TABLE "${table}" DROP CONSTRAINT "${table}_user_id_fkey"`);
      await q.query(
        `ALTER TABLE "${table}" ADD CONSTRAINT "${table}_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "user" ("id") ON DELETE SET NULL`,
      );
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of KEPT_ON_DELETE) {
      // Rows of deleted accounts cannot go back to NOT NULL: they go.
      await q.query(`DELETE FROM "${table}" WHERE "user_id" IS NULL`);
      await q.query(`ALTER TABLE "${table}" DROP CONSTRAINT "${table}_user_id_fkey"`);
      await q.query(
        `ALTER TABLE "${table}" ADD CONSTRAINT "${table}_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "user" ("id") ON DELETE CASCADE`,
      );
      await q.query(`ALTER TABLE "${table}" ALTER COLUMN "user_id" SET NOT NULL`);
    }
    await q.query(`DROP INDEX IF EXISTS "user_deletion_requested_idx"`);
    await q.query(`ALTER TABLE "user" DROP COLUMN "deletion_requested_at"`);
  }
}

/** Tables whose rows stay, without their account, when the account is deleted. */
const KEPT_ON_DELETE = ['credit_transaction', 'device_fingerprint', 'ip_registration'] as const;
