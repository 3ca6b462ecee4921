import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 12, D32: the administration context's audit trail. One row per admin action (suspend,
 * unsuspend, credit adjustment, fallback override / reset / test, hiding or showing an image,
 * whitelist change): who (admin id and the e-mail it had then), what, on whom, why, when.
 * - `idempotency_key` is unique: a credit adjustment retried with the same key (D5, D32) records
 *   its one row, even when the first attempt adjusted and then failed before writing it.
 * - The row is written *before* the action and finished after it (`outcome` succeeded or failed,
 *   with the error's code): a crash in between leaves `started`, so an action is never missing
 *   from the trail, and the dashboard shows that its outcome is unknown.
 * - No foreign keys: the trail outlives the accounts and images it names.
 * Also indexes for the dashboard's reads of other contexts' tables (through their APIs): the
 * purchase rows of credit_transaction (sales analytics), images an admin hid (moderation list),
 * and completed images by time (generations per day).
 */
export class AdminAuditLog1795491072070 implements MigrationInterface {
  name = 'AdminAuditLog1795491072070';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "admin_audit_log" (
        "id" bigserial PRIMARY KEY,
        "admin_id" uuid NOT NULL,
        "admin_email" varchar(255) NOT NULL,
        "action" varchar(40) NOT NULL,
        "target_type" varchar(20) NOT NULL,
        "target_id" varchar(255),
        "reason" text,
        "details" jsonb NOT NULL DEFAULT '{}'::jsonb,
        "idempotency_key" varchar(255),
        "outcome" varchar(20) NOT NULL DEFAULT 'started',
        "error" text,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "finished_at" timestamptz,
        CONSTRAINT "admin_audit_log_outcome_check" CHECK ("outcome" IN ('started', 'succeeded', 'failed'))
      )`);
    await q.query(`CREATE UNIQUE INDEX "admin_audit_log_idempotency_key" ON "admin_audit_log" ("idempotency_key") WHERE "idempotency_key" IS NOT NULL`);
    await q.query(
      `CREATE INDEX "credit_transaction_purchases_idx" ON "credit_transaction" ("created_at" DESC)
        WHERE "type" IN ('purchase', 'subscription') AND "credits" > 0`,
    );
    await q.query(`CREATE INDEX "image_hidden_by_admin_idx" ON "image" ("timestamp" DESC) WHERE "is_hidden_by_admin"`);
    await q.query(`CREATE INDEX "image_completed_timestamp_idx" ON "image" ("timestamp") WHERE "status" = 'completed'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS "image_completed_timestamp_idx"`);
    await q.query(`DROP INDEX IF EXISTS "image_hidden_by_admin_idx"`);
    await q.query(`DROP INDEX IF EXISTS "credit_transaction_purchases_idx"`);
    await q.query(`DROP TABLE IF EXISTS "admin_audit_log"`);
  }
}
