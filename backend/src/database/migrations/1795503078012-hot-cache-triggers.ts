import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * ADR 0021: every instance caches signed-in sessions (sid → user) and balances (user → balance),
 * and must drop an entry the moment what it holds changes, whoever changed it (sign-out, a
 * password change or reset, suspension, deletion, verification, an admin or billing change, a
 * grant, a reservation, the expiry prune, a retention job). Row triggers are the one place that
 * sees all of those; they notify `hot_cache_changed` with `<kind>:<key>` (shared/http/cache-invalidation.ts):
 *   s:<sid>      a session row was deleted, or its content (`sess`) changed (a touch of `expire` alone does not notify);
 *   u:<user id>  a user row changed or went;
 *   c:<user id>  a ledger row or reservation of that user was written.
 * Inserting a session notifies nothing (nobody can have cached a session that did not exist).
 * PostgreSQL folds identical notifications of one transaction into one.
 */
export class HotCacheTriggers1795503078012 implements MigrationInterface {
  name = 'HotCacheTriggers1795503078012';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION "hot_cache_session_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'UPDATE' AND OLD."sid" = NEW."sid" AND OLD."sess"::text = NEW."sess"::text THEN
          RETURN NULL;
        END IF;
        PERFORM pg_notify('hot_cache_changed', 's:' || OLD."sid");
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER "session_hot_cache_changed"
        AFTER UPDATE OR DELETE ON "session"
        FOR EACH ROW EXECUTE FUNCTION "hot_cache_session_changed"()`);

    await q.query(`
      CREATE FUNCTION "hot_cache_user_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'UPDATE' AND OLD::text = NEW::text THEN
          RETURN NULL;
        END IF;
        PERFORM pg_notify('hot_cache_changed', 'u:' || OLD."id"::text);
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER "user_hot_cache_changed"
        AFTER UPDATE OR DELETE ON "user"
        FOR EACH ROW EXECUTE FUNCTION "hot_cache_user_changed"()`);

    await q.query(`
      CREATE FUNCTION "hot_cache_credits_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP <> 'INSERT' AND OLD."user_id" IS NOT NULL THEN
          PERFORM pg_notify('hot_cache_changed', 'c:' || OLD."user_id"::text);
        END IF;
        IF TG_OP <> 'DELETE' AND NEW."user_id" IS NOT NULL THEN
          PERFORM pg_notify('hot_cache_changed', 'c:' || NEW."user_id"::text);
        END IF;
        RETURN NULL;
      END $$`);
    for (const table of ['credit_transaction', 'credit_reservation']) {
      await q.query(`
        CREATE TRIGGER "${table}_hot_cache_changed"
          AFTER INSERT OR UPDATE OR DELETE ON "${table}"
          FOR EACH ROW EXECUTE FUNCTION "hot_cache_credits_changed"()`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['credit_transaction', 'credit_reservation']) {
      await q.query(`DROP TRIGGER IF EXISTS "${table}_hot_cache_changed" ON "${table}"`);
    }
    await q.query(`DROP FUNCTION IF EXISTS "hot_cache_credits_changed"()`);
    await q.query(`DROP TRIGGER IF EXISTS "user_hot_cache_changed" ON "user"`);
    await q.query(`DROP FUNCTION IF EXISTS "hot_cache_user_changed"()`);
    await q.query(`DROP TRIGGER IF EXISTS "session_hot_cache_changed" ON "session"`);
    await q.query(`DROP FUNCTION IF EXISTS "hot_cache_session_changed"()`);
  }
}
