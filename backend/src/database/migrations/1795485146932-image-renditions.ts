import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 11, D31: small WebP renditions of every completed image, made once.
 * - `image_rendition` holds their bytes (one row per image, file and width; cascades with the image);
 * - `image.renditions` describes them (`{"original":[{"w":320,"h":240,"v":"<16 hex>"}],"generated":[…]}`),
 *   so a feed or My Edits row carries what its cards need without a join; NULL = not made yet
 *   (the backfill job and command look for those).
 * The community trigger now also fires when a visible image gains its renditions, so every
 * instance's cached feed picks up the new addresses (ADR 0011).
 * My Edits lists a user's saved images newest first (D23 purge has `image_expires_at_idx`).
 */
export class ImageRenditions1795485146932 implements MigrationInterface {
  name = 'ImageRenditions1795485146932';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "image" ADD COLUMN "renditions" jsonb`);
    await q.query(`
      CREATE TABLE "image_rendition" (
        "image_id" uuid NOT NULL REFERENCES "image" ("id") ON DELETE CASCADE,
        "file" varchar(10) NOT NULL,
        "width" integer NOT NULL,
        "height" integer NOT NULL,
        "version" char(16) NOT NULL,
        "bytes" bytea NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "image_rendition_pkey" PRIMARY KEY ("image_id", "file", "width"),
        CONSTRAINT "image_rendition_file_check" CHECK ("file" IN ('original', 'generated')),
        CONSTRAINT "image_rendition_size_check" CHECK ("width" > 0 AND "height" > 0)
      )`);
    // WebP is already compressed (see ImageBytesUncompressed1764115200000).
    await q.query(`ALTER TABLE "image_rendition" ALTER COLUMN "bytes" SET STORAGE EXTERNAL`);
    await q.query(`CREATE INDEX "image_missing_renditions_idx" ON "image" ("timestamp") WHERE "status" = 'completed' AND "renditions" IS NULL`);
    // My Edits lists newest first by creation (keyset on timestamp, id); it replaces the index by save date.
    await q.query(`CREATE INDEX "image_my_edits_idx" ON "image" ("user_id", "timestamp" DESC, "id" DESC) WHERE "is_saved"`);
    await q.query(`DROP INDEX "image_saved_idx"`);
    await q.query(feedChangedFunction(['prompt', 'style', 'timestamp', 'renditions']));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(feedChangedFunction(['prompt', 'style', 'timestamp']));
    await q.query(`CREATE INDEX "image_saved_idx" ON "image" ("user_id", "saved_at" DESC) WHERE "is_saved"`);
    await q.query(`DROP INDEX IF EXISTS "image_my_edits_idx"`);
    await q.query(`DROP INDEX IF EXISTS "image_missing_renditions_idx"`);
    await q.query(`DROP TABLE IF EXISTS "image_rendition"`);
    await q.query(`ALTER TABLE "image" DROP COLUMN IF EXISTS "renditions"`);
  }
}

/**
 * The trigger function of CommunityFeedTrigger1764201600000, notifying when a row that is or was
 * visible in the feed changes, or when a visible row changes in one of `shownColumns`.
 */
function feedChangedFunction(shownColumns: readonly string[]): string {
  const shown = (row: string) => shownColumns.map((c) => `${row}.${c}`).join(', ');
  return `
    CREATE OR REPLACE FUNCTION "community_feed_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
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
         AND (${shown('NEW')}) IS NOT DISTINCT FROM (${shown('OLD')}) THEN
        RETURN NULL;
      END IF;
      PERFORM pg_notify('community_feed_changed', '');
      RETURN NULL;
    END $$`;
}
