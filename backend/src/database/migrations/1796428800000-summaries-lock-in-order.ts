import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 29 (ADR 0033): the summaries' triggers take their rows' locks in one order.
 *
 * A row trigger changed the summary rows in the order the statement met its rows: two statements
 * that each deleted images (or ledger rows) of several days, in different orders, could each hold
 * one day's summary row and wait for the other's (a deadlock; PostgreSQL aborts one of them). This
 * showed as a rare failure of the summaries' concurrent-writers test. Now:
 * - inserts and deletes are counted once per statement (transition tables), per day (and pack),
 *   in ascending order: every such statement locks the summary rows it changes in the same order;
 * - an image's status or day change (one row at a time, a row trigger as before) changes its two
 *   days in ascending order too.
 */
export class SummariesLockInOrder1796428800000 implements MigrationInterface {
  name = 'SummariesLockInOrder1796428800000';

  async up(q: QueryRunner): Promise<void> {
    // image_daily_stats
    await q.query(`
      CREATE OR REPLACE FUNCTION "image_daily_stats_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO "image_daily_stats" AS t ("day", "completed")
            SELECT ("timestamp" AT TIME ZONE 'UTC')::date, count(*)::int FROM new_rows WHERE "status" = 'completed' GROUP BY 1 ORDER BY 1
            ON CONFLICT ("day") DO UPDATE SET "completed" = t."completed" + EXCLUDED."completed";
        ELSE
          INSERT INTO "image_daily_stats" AS t ("day", "completed")
            SELECT ("timestamp" AT TIME ZONE 'UTC')::date, -count(*)::int FROM old_rows WHERE "status" = 'completed' GROUP BY 1 ORDER BY 1
            ON CONFLICT ("day") DO UPDATE SET "completed" = t."completed" + EXCLUDED."completed";
        END IF;
        RETURN NULL;
      END
      $$`);
    await q.query(`
      CREATE OR REPLACE FUNCTION "image_daily_stats_count"() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        old_day date := CASE WHEN OLD."status" = 'completed' THEN (OLD."timestamp" AT TIME ZONE 'UTC')::date END;
        new_day date := CASE WHEN NEW."status" = 'completed' THEN (NEW."timestamp" AT TIME ZONE 'UTC')::date END;
      BEGIN
        IF old_day IS NOT DISTINCT FROM new_day THEN RETURN NULL; END IF;
        INSERT INTO "image_daily_stats" AS t ("day", "completed")
          SELECT d, n FROM (VALUES (old_day, -1), (new_day, 1)) v(d, n) WHERE d IS NOT NULL ORDER BY d
          ON CONFLICT ("day") DO UPDATE SET "completed" = t."completed" + EXCLUDED."completed";
        RETURN NULL;
      END
      $$`);
    await q.query(`LOCK TABLE "image" IN SHARE ROW EXCLUSIVE MODE`);
    await q.query(`DROP TRIGGER IF EXISTS "image_daily_stats_count" ON "image"`);
    await q.query(`
      CREATE TRIGGER "image_daily_stats_count" AFTER UPDATE OF "status", "timestamp" ON "image"
        FOR EACH ROW EXECUTE FUNCTION "image_daily_stats_count"()`);
    await q.query(`
      CREATE TRIGGER "image_daily_stats_inserted" AFTER INSERT ON "image"
        REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "image_daily_stats_rows"()`);
    await q.query(`
      CREATE TRIGGER "image_daily_stats_deleted" AFTER DELETE ON "image"
        REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "image_daily_stats_rows"()`);

    // ledger_daily_stats
    await q.query(`
      CREATE OR REPLACE FUNCTION "ledger_daily_stats_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        s integer := CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END;
      BEGIN
        INSERT INTO "ledger_daily_stats" AS t
          ("day", "pack_type", "revenue_cents", "credits_sold", "purchases", "credits_used", "uses", "pack_sales", "pack_credits", "pack_revenue_cents")
        SELECT ("created_at" AT TIME ZONE 'UTC')::date, COALESCE("pack_type", ''),
               s * COALESCE(SUM("purchase_amount") FILTER (WHERE p), 0), s * COALESCE(SUM("credits") FILTER (WHERE p), 0), s * count(*) FILTER (WHERE p),
               s * COALESCE(-SUM("credits") FILTER (WHERE "type" = 'use'), 0), s * count(*) FILTER (WHERE "type" = 'use'),
               s * count(*) FILTER (WHERE k), s * COALESCE(SUM("credits") FILTER (WHERE k), 0), s * COALESCE(SUM("purchase_amount") FILTER (WHERE k), 0)
          FROM (SELECT r.*, (r."type" IN ('purchase', 'subscription') AND r."credits" > 0) AS p,
                          (r."type" = 'purchase' AND r."credits" > 0 AND r."pack_type" IS NOT NULL) AS k
                  FROM changed_rows r) l
         WHERE p OR "type" = 'use'
         GROUP BY 1, 2
         ORDER BY 1, 2
        ON CONFLICT ("day", "pack_type") DO UPDATE SET
          "revenue_cents" = t."revenue_cents" + EXCLUDED."revenue_cents",
          "credits_sold" = t."credits_sold" + EXCLUDED."credits_sold",
          "purchases" = t."purchases" + EXCLUDED."purchases",
          "credits_used" = t."credits_used" + EXCLUDED."credits_used",
          "uses" = t."uses" + EXCLUDED."uses",
          "pack_sales" = t."pack_sales" + EXCLUDED."pack_sales",
          "pack_credits" = t."pack_credits" + EXCLUDED."pack_credits",
          "pack_revenue_cents" = t."pack_revenue_cents" + EXCLUDED."pack_revenue_cents";
        RETURN NULL;
      END
      $$`);
    await q.query(`LOCK TABLE "credit_transaction" IN SHARE ROW EXCLUSIVE MODE`);
    await q.query(`DROP TRIGGER IF EXISTS "ledger_daily_stats_count" ON "credit_transaction"`);
    await q.query(`
      CREATE TRIGGER "ledger_daily_stats_inserted" AFTER INSERT ON "credit_transaction"
        REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "ledger_daily_stats_rows"()`);
    await q.query(`
      CREATE TRIGGER "ledger_daily_stats_deleted" AFTER DELETE ON "credit_transaction"
        REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "ledger_daily_stats_rows"()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER IF EXISTS "ledger_daily_stats_inserted" ON "credit_transaction"`);
    await q.query(`DROP TRIGGER IF EXISTS "ledger_daily_stats_deleted" ON "credit_transaction"`);
    await q.query(`DROP FUNCTION IF EXISTS "ledger_daily_stats_rows"()`);
    await q.query(`
      CREATE TRIGGER "ledger_daily_stats_count" AFTER INSERT OR DELETE ON "credit_transaction"
        FOR EACH ROW EXECUTE FUNCTION "ledger_daily_stats_count"()`);
    await q.query(`DROP TRIGGER IF EXISTS "image_daily_stats_inserted" ON "image"`);
    await q.query(`DROP TRIGGER IF EXISTS "image_daily_stats_deleted" ON "image"`);
    await q.query(`DROP FUNCTION IF EXISTS "image_daily_stats_rows"()`);
    // The row triggers of 1796169600000 and 1796256000000 again.
    await q.query(`
      CREATE OR REPLACE FUNCTION "image_daily_stats_count"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."status" = 'completed' THEN
          UPDATE "image_daily_stats" SET "completed" = "completed" - 1 WHERE "day" = (OLD."timestamp" AT TIME ZONE 'UTC')::date;
        END IF;
        IF TG_OP IN ('UPDATE', 'INSERT') AND NEW."status" = 'completed' THEN
          INSERT INTO "image_daily_stats" ("day", "completed") VALUES ((NEW."timestamp" AT TIME ZONE 'UTC')::date, 1)
            ON CONFLICT ("day") DO UPDATE SET "completed" = "image_daily_stats"."completed" + 1;
        END IF;
        RETURN NULL;
      END
      $$`);
    await q.query(`DROP TRIGGER IF EXISTS "image_daily_stats_count" ON "image"`);
    await q.query(`
      CREATE TRIGGER "image_daily_stats_count" AFTER INSERT OR DELETE OR UPDATE OF "status", "timestamp" ON "image"
        FOR EACH ROW EXECUTE FUNCTION "image_daily_stats_count"()`);
    await q.query(`SELECT "ledger_daily_stats_rebuild"()`);
    await q.query(`SELECT "image_daily_stats_rebuild"()`);
  }
}
