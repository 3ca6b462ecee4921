import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 26, D38-D39 (ADR 0029): edit chains and variants, columns of `image` (the images
 * context's table).
 * - `parent_image_id`: the image this one was edited from (`sourceImageId`); null for an upload.
 *   An edited image outlives its parent (a purge or a deletion of the parent sets it to null).
 * - `root_image_id`: the first image of the chain (its own id for an upload); null for rows made
 *   before chains, which count as their own root. No foreign key: it groups a chain even after
 *   the root itself is gone.
 * - `variant_group_id`: the images one request made side by side (D39); null for a single result.
 * - `master_*`: the watermark-free output of a step whose credit was watermarked, kept privately
 *   and never served: the next step is made from it, so a watermark is never baked in (D38).
 *   Null when the served file has no watermark (then the served file is the master). Its bytes
 *   are in the row (PostgreSQL store) or under `private/masters/{id}/` (object store), a prefix
 *   the public/private moves of issue 24 never touch.
 */
export class ImageEditChains1795858885896 implements MigrationInterface {
  name = 'ImageEditChains1795858885896';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE "image"
        ADD COLUMN IF NOT EXISTS "parent_image_id" uuid REFERENCES "image"("id") ON DELETE SET NULL,
        ADD COLUMN IF NOT EXISTS "root_image_id" uuid,
        ADD COLUMN IF NOT EXISTS "variant_group_id" uuid,
        ADD COLUMN IF NOT EXISTS "master_image_data" bytea,
        ADD COLUMN IF NOT EXISTS "master_key" varchar(255),
        ADD COLUMN IF NOT EXISTS "master_mime_type" varchar(50)`);
    await q.query(`ALTER TABLE "image" ALTER COLUMN "master_image_data" SET STORAGE EXTERNAL`);
    await q.query(`CREATE INDEX IF NOT EXISTS "image_parent_idx" ON "image" ("parent_image_id") WHERE "parent_image_id" IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS "image_parent_idx"`);
    await q.query(`
      ALTER TABLE "image"
        DROP COLUMN IF EXISTS "master_mime_type",
        DROP COLUMN IF EXISTS "master_key",
        DROP COLUMN IF EXISTS "master_image_data",
        DROP COLUMN IF EXISTS "variant_group_id",
        DROP COLUMN IF EXISTS "root_image_id",
        DROP COLUMN IF EXISTS "parent_image_id"`);
  }
}
