import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 29: indexes for what grew with the tables rather than with the answer.
 * - `image (user_id, id)`: the data export and the account deletion walk one user's images in id
 *   order (they used the primary key and filtered every other user's rows away).
 * - `laugh (user_identifier)`: an account deletion removes the laughs the account gave (a scan of
 *   every laugh before).
 * - `credit_transaction (image_id)` and `credit_reservation (image_id)`: their foreign keys to
 *   `image` are ON DELETE SET NULL, so deleting an image looked for its ledger rows and holds; without
 *   an index every deleted image read the whole ledger (a 10,000-image account took 53 s to delete
 *   at 40,000 ledger rows, and grew with the ledger).
 * - `credit_transaction (source_type, created_at DESC)`: the admin's transaction filter and the
 *   platform stats' counts by source.
 * - trigram indexes (pg_trgm) on the lower-cased e-mail and username: the admin's user search is
 *   "contains", which a b-tree cannot answer. pg_trgm is a trusted extension (PostgreSQL 13+); where
 *   it cannot be created the search keeps working, by a scan, and the migration says so.
 */
export class GrowthIndexes1796083200000 implements MigrationInterface {
  name = 'GrowthIndexes1796083200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX IF NOT EXISTS "image_user_id_idx" ON "image" ("user_id", "id")`);
    await q.query(`CREATE INDEX IF NOT EXISTS "laugh_user_identifier_idx" ON "laugh" ("user_identifier")`);
    await q.query(`CREATE INDEX IF NOT EXISTS "credit_transaction_source_created_idx" ON "credit_transaction" ("source_type", "created_at" DESC)`);
    await q.query(`CREATE INDEX IF NOT EXISTS "credit_transaction_image_idx" ON "credit_transaction" ("image_id") WHERE "image_id" IS NOT NULL`);
    await q.query(`CREATE INDEX IF NOT EXISTS "credit_reservation_image_idx" ON "credit_reservation" ("image_id") WHERE "image_id" IS NOT NULL`);
    await q.query(`
      DO $$
      BEGIN
        CREATE EXTENSION IF NOT EXISTS pg_trgm;
        CREATE INDEX IF NOT EXISTS "user_email_trgm_idx" ON "user" USING gin (lower("email") gin_trgm_ops);
        CREATE INDEX IF NOT EXISTS "user_username_trgm_idx" ON "user" USING gin (lower("username") gin_trgm_ops);
      EXCEPTION WHEN OTHERS THEN
        RAISE NOTICE 'pg_trgm unavailable (%): the admin user search scans', SQLERRM;
      END
      $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS "user_username_trgm_idx"`);
    await q.query(`DROP INDEX IF EXISTS "user_email_trgm_idx"`);
    await q.query(`DROP INDEX IF EXISTS "credit_reservation_image_idx"`);
    await q.query(`DROP INDEX IF EXISTS "credit_transaction_image_idx"`);
    await q.query(`DROP INDEX IF EXISTS "credit_transaction_source_created_idx"`);
    await q.query(`DROP INDEX IF EXISTS "laugh_user_identifier_idx"`);
    await q.query(`DROP INDEX IF EXISTS "image_user_id_idx"`);
  }
}
