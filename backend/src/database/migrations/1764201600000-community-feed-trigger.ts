import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * ADR 0011: every instance caches the community feed and leaderboard for a few seconds, and must
 * drop that cache the moment what they show changes, whoever changed it (a laugh on another
 * instance, a new public image, an owner hiding an image, an admin hiding or deleting one, a
 * retention job). A row trigger in the database is the one place that sees all of those. It
 * notifies only when a row that is, or was, visible in the feed changes in a column the feed
 * shows; PostgreSQL folds identical notifications of one transaction into one.
 *
 * Laughs are the exception: a transaction that notifies holds a database-wide lock through its
 * commit, so notifying from every laugh would serialise all laugh commits. `laugh_count` has one
 * writer (the community context, D15), which sends the same notification itself, coalesced, just
 * after its laugh commits (ADR 0011).
 */
export class CommunityFeedTrigger1764201600000 implements MigrationInterface {
  name = 'CommunityFeedTrigger1764201600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION "community_feed_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        was_visible boolean := false;
        is_visible boolean := false;
      BEGIN
        IF TG_OP <> 'INSERT' THEN
          was_visible := OLD.status = 'completed' AND OLD.is_public AND NOT OLD.is_hidden_by_admin;
        END IF;
        IF TG_OP <> 'DELETE' THEN
          is_visible := NEW.status = 'completed' AND NEW.is_public AND NOT NEW.is_hidden_by_admin;
        END IF;
        IF NOT (was_visible OR is_visible) THEN
          RETURN NULL;
        END IF;
        IF TG_OP = 'UPDATE' AND was_visible AND is_visible
           AND (NEW.prompt, NEW.style, NEW.timestamp) IS NOT DISTINCT FROM (OLD.prompt, OLD.style, OLD.timestamp) THEN
          RETURN NULL;
        END IF;
        PERFORM pg_notify('community_feed_changed', '');
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER "image_community_feed_changed"
        AFTER INSERT OR UPDATE OR DELETE ON "image"
        FOR EACH ROW EXECUTE FUNCTION "community_feed_changed"()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER IF EXISTS "image_community_feed_changed" ON "image"`);
    await q.query(`DROP FUNCTION IF EXISTS "community_feed_changed"()`);
  }
}
