import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 24 (ADR 0023): an image's objects are under `public/images/{id}/` while it is publicly
 * visible and under `private/images/{id}/` otherwise, and move when its visibility changes.
 * - `image.object_scope`: 'public' or 'private' when every object key the image's rows record is
 *   under that prefix; NULL when not known to be (objects stored before issue 24 under
 *   `images/{id}/`, keys of both scopes, an image whose keys are still being recorded).
 * - `image.objects_moving_until`: a move of the image's objects is under way (claimed by one
 *   instance until then); set and past, a move that did not finish (another instance retries it).
 * - `image_objects_misplaced_idx`: the images whose objects are not (known to be) where their
 *   visibility says, or whose move did not finish: what the move job looks for every minute.
 *   Normally (almost) empty. Every image with objects before issue 24 starts in it.
 * The scope rule in the index (completed, public, not hidden → 'public') is the domain's
 * `objectScopeOf`; the job's query repeats the predicate word for word so the index serves it.
 */
export class ImageObjectScopes1795830542117 implements MigrationInterface {
  name = 'ImageObjectScopes1795830542117';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "image" ADD COLUMN IF NOT EXISTS "object_scope" varchar(8), ADD COLUMN IF NOT EXISTS "objects_moving_until" timestamptz`);
    await q.query(`ALTER TABLE "image" ADD CONSTRAINT "image_object_scope_check" CHECK ("object_scope" IN ('public', 'private'))`);
    await q.query(`
      CREATE INDEX "image_objects_misplaced_idx" ON "image" ("id")
       WHERE "in_object_store" AND ("objects_moving_until" IS NOT NULL
          OR "object_scope" IS DISTINCT FROM (CASE WHEN "status" = 'completed' AND "is_public" AND NOT "is_hidden_by_admin" THEN 'public' ELSE 'private' END))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS "image_objects_misplaced_idx"`);
    await q.query(`ALTER TABLE "image" DROP CONSTRAINT IF EXISTS "image_object_scope_check"`);
    await q.query(`ALTER TABLE "image" DROP COLUMN IF EXISTS "objects_moving_until", DROP COLUMN IF EXISTS "object_scope"`);
  }
}
