import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 29, what the growth bench still showed growing with the tables at 1M images / 100k users:
 * - **Account counts** (identity): the platform stats, sales analytics and the admin's user list
 *   counted every `user` row per request (a sequential scan, 16-27 ms at 100k users). `account_counts`
 *   holds the total and the suspended, kept by the `user` table's triggers in the writing transaction
 *   (so exact, and rolled back with it): inserts and deletes once per statement from transition
 *   tables, a suspension change per row. One row: every sign-up and account deletion updates it
 *   (short transactions, a few a second at most; never a laugh-like burst).
 * - **Subscriber count** (billing, which owns `is_subscribed`): the same for the subscribed accounts.
 *   Written only when a statement changes how many there are, so a sign-up does not lock it.
 * - **My Edits' counts**: "All Images (n)" and "Favorites (n)" read every saved row of the owner from
 *   the table on every page (10k heap rows at a 10k-image owner). `image_my_edits_idx` now includes
 *   the columns the filter and the counts read, so the count is an index-only scan of the owner's
 *   own entries, and a page's filter needs no heap row either.
 * - **Foreign keys into `user` without an index**: deleting an account made PostgreSQL look for rows
 *   naming it in `credit_transaction.created_by` (ON DELETE SET NULL) by reading the whole ledger
 *   (346 ms at 2M rows), and likewise in three smaller tables. Partial indexes (the column is mostly
 *   NULL) answer those lookups.
 *
 * TRUNCATE fires no row or statement DELETE trigger; a TRUNCATE trigger zeroes the counts.
 */
export class FlatCounts1796515200000 implements MigrationInterface {
  name = 'FlatCounts1796515200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX IF NOT EXISTS "credit_transaction_created_by_idx" ON "credit_transaction" ("created_by") WHERE "created_by" IS NOT NULL`);
    await q.query(`CREATE INDEX IF NOT EXISTS "admin_whitelist_created_by_idx" ON "admin_whitelist" ("created_by") WHERE "created_by" IS NOT NULL`);
    await q.query(`CREATE INDEX IF NOT EXISTS "video_waitlist_user_id_idx" ON "video_waitlist" ("user_id") WHERE "user_id" IS NOT NULL`);
    await q.query(`CREATE INDEX IF NOT EXISTS "contact_message_user_id_idx" ON "contact_message" ("user_id") WHERE "user_id" IS NOT NULL`);
    // My Edits' index carries what its filter and counts read: the count becomes an index-only scan.
    // (A separate counting index on (user_id, expires_at) was tried: the planner then misjudged the
    // owner's rows and listed a page through it, sorting all 10,000: 4x slower pages.)
    await q.query(`DROP INDEX IF EXISTS "image_my_edits_idx"`);
    await q.query(`
      CREATE INDEX "image_my_edits_idx" ON "image" ("user_id", "timestamp" DESC, "id" DESC)
        INCLUDE ("status", "expires_at", "is_favorite") WHERE "is_saved"`);

    // Identity: every account, and the suspended among them.
    await q.query(`
      CREATE TABLE "account_counts" (
        "id" boolean PRIMARY KEY DEFAULT true CHECK ("id"),
        "total" integer NOT NULL,
        "suspended" integer NOT NULL
      )`);
    await q.query(`
      CREATE FUNCTION "account_counts_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        n integer;
        s integer;
      BEGIN
        IF TG_OP = 'INSERT' THEN
          SELECT count(*), count(*) FILTER (WHERE "is_suspended") INTO n, s FROM new_rows;
        ELSE
          SELECT -count(*), -count(*) FILTER (WHERE "is_suspended") INTO n, s FROM old_rows;
        END IF;
        IF n <> 0 THEN
          UPDATE "account_counts" SET "total" = "total" + n, "suspended" = "suspended" + s;
        END IF;
        RETURN NULL;
      END
      $$`);
    await q.query(`
      CREATE FUNCTION "account_counts_suspension"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE "account_counts" SET "suspended" = "suspended" + CASE WHEN NEW."is_suspended" THEN 1 ELSE -1 END;
        RETURN NULL;
      END
      $$`);
    await q.query(`
      CREATE FUNCTION "account_counts_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE "account_counts" SET "total" = 0, "suspended" = 0;
        RETURN NULL;
      END
      $$`);

    // Billing: the subscribed accounts.
    await q.query(`
      CREATE TABLE "subscriber_count" (
        "id" boolean PRIMARY KEY DEFAULT true CHECK ("id"),
        "subscribed" integer NOT NULL
      )`);
    await q.query(`
      CREATE FUNCTION "subscriber_count_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        n integer;
      BEGIN
        IF TG_OP = 'INSERT' THEN
          SELECT count(*) INTO n FROM new_rows WHERE "is_subscribed";
        ELSE
          SELECT -count(*) INTO n FROM old_rows WHERE "is_subscribed";
        END IF;
        IF n <> 0 THEN
          UPDATE "subscriber_count" SET "subscribed" = "subscribed" + n;
        END IF;
        RETURN NULL;
      END
      $$`);
    await q.query(`
      CREATE FUNCTION "subscriber_count_change"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE "subscriber_count" SET "subscribed" = "subscribed" + CASE WHEN NEW."is_subscribed" THEN 1 ELSE -1 END;
        RETURN NULL;
      END
      $$`);
    await q.query(`
      CREATE FUNCTION "subscriber_count_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE "subscriber_count" SET "subscribed" = 0;
        RETURN NULL;
      END
      $$`);

    // The counts made again from the rows (here, and after a bulk load with the triggers off).
    await q.query(`
      CREATE FUNCTION "account_counts_rebuild"() RETURNS void LANGUAGE sql AS $$
        DELETE FROM "account_counts";
        INSERT INTO "account_counts" ("total", "suspended") SELECT count(*), count(*) FILTER (WHERE "is_suspended") FROM "user";
      $$`);
    await q.query(`
      CREATE FUNCTION "subscriber_count_rebuild"() RETURNS void LANGUAGE sql AS $$
        DELETE FROM "subscriber_count";
        INSERT INTO "subscriber_count" ("subscribed") SELECT count(*) FILTER (WHERE "is_subscribed") FROM "user";
      $$`);
    // Counted and triggered under one lock: no write can fall between the count and the triggers.
    await q.query(`LOCK TABLE "user" IN SHARE ROW EXCLUSIVE MODE`);
    await q.query(`SELECT "account_counts_rebuild"(), "subscriber_count_rebuild"()`);
    await q.query(`
      CREATE TRIGGER "account_counts_inserted" AFTER INSERT ON "user"
        REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "account_counts_rows"()`);
    await q.query(`
      CREATE TRIGGER "account_counts_deleted" AFTER DELETE ON "user"
        REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "account_counts_rows"()`);
    await q.query(`
      CREATE TRIGGER "account_counts_suspension" AFTER UPDATE OF "is_suspended" ON "user"
        FOR EACH ROW WHEN (OLD."is_suspended" IS DISTINCT FROM NEW."is_suspended") EXECUTE FUNCTION "account_counts_suspension"()`);
    await q.query(`CREATE TRIGGER "account_counts_truncated" AFTER TRUNCATE ON "user" FOR EACH STATEMENT EXECUTE FUNCTION "account_counts_truncated"()`);
    await q.query(`
      CREATE TRIGGER "subscriber_count_inserted" AFTER INSERT ON "user"
        REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "subscriber_count_rows"()`);
    await q.query(`
      CREATE TRIGGER "subscriber_count_deleted" AFTER DELETE ON "user"
        REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "subscriber_count_rows"()`);
    await q.query(`
      CREATE TRIGGER "subscriber_count_change" AFTER UPDATE OF "is_subscribed" ON "user"
        FOR EACH ROW WHEN (OLD."is_subscribed" IS DISTINCT FROM NEW."is_subscribed") EXECUTE FUNCTION "subscriber_count_change"()`);
    await q.query(`CREATE TRIGGER "subscriber_count_truncated" AFTER TRUNCATE ON "user" FOR EACH STATEMENT EXECUTE FUNCTION "subscriber_count_truncated"()`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const trigger of [
      'subscriber_count_truncated',
      'subscriber_count_change',
      'subscriber_count_deleted',
      'subscriber_count_inserted',
      'account_counts_truncated',
      'account_counts_suspension',
      'account_counts_deleted',
      'account_counts_inserted',
    ]) {
      await q.query(`DROP TRIGGER IF EXISTS "${trigger}" ON "user"`);
    }
    await q.query(`DROP TABLE IF EXISTS "subscriber_count"`);
    await q.query(`DROP TABLE IF EXISTS "account_counts"`);
    for (const fn of ['subscriber_count_rebuild', 'account_counts_rebuild', 'subscriber_count_truncated', 'subscriber_count_change', 'subscriber_count_rows', 'account_counts_truncated', 'account_counts_suspension', 'account_counts_rows']) {
      await q.query(`DROP FUNCTION IF EXISTS "${fn}"()`);
    }
    await q.query(`DROP INDEX IF EXISTS "image_my_edits_idx"`);
    await q.query(`CREATE INDEX "image_my_edits_idx" ON "image" ("user_id", "timestamp" DESC, "id" DESC) WHERE "is_saved"`);
    await q.query(`DROP INDEX IF EXISTS "contact_message_user_id_idx"`);
    await q.query(`DROP INDEX IF EXISTS "video_waitlist_user_id_idx"`);
    await q.query(`DROP INDEX IF EXISTS "admin_whitelist_created_by_idx"`);
    await q.query(`DROP INDEX IF EXISTS "credit_transaction_created_by_idx"`);
  }
}
