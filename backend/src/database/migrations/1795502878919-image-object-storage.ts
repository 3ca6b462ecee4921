import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 14 (ADR 0023): image bytes may live in an S3-compatible object store instead of the rows.
 * - `image.original_key`, `image.generated_key`, `image_rendition.key`: the object's key when the
 *   bytes are in the object store; NULL when they are in the row's bytea (today's storage). A
 *   database can hold both while the move command runs.
 * - `image_rendition.bytes` may be NULL (the bytes are then at `key`), never both NULL.
 * - `image.in_object_store`: some bytes of the image were put in the object store.
 * - `image_object_deletion`: the outbox of images whose objects must go. A trigger queues an
 *   image in the same transaction that deletes its row (or fails it, which drops its bytes), so a
 *   crash between the commit and the object store's DELETE loses nothing: the sweep job retries.
 */
export class ImageObjectStorage1795502878919 implements MigrationInterface {
  name = 'ImageObjectStorage1795502878919';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "image" ADD COLUMN "original_key" varchar(255), ADD COLUMN "generated_key" varchar(255),
                   ADD COLUMN "in_object_store" boolean NOT NULL DEFAULT false`);
    await q.query(`ALTER TABLE "image_rendition" ADD COLUMN "key" varchar(255), ALTER COLUMN "bytes" DROP NOT NULL`);
    await q.query(`ALTER TABLE "image_rendition" ADD CONSTRAINT "image_rendition_stored_check" CHECK ("bytes" IS NOT NULL OR "key" IS NOT NULL)`);
    await q.query(`
      CREATE TABLE "image_object_deletion" (
        "image_id" uuid NOT NULL,
        "queued_at" timestamptz NOT NULL DEFAULT now(),
        "attempts" integer NOT NULL DEFAULT 0,
        "next_attempt_at" timestamptz NOT NULL DEFAULT now(),
        "last_error" text,
        CONSTRAINT "image_object_deletion_pkey" PRIMARY KEY ("image_id")
      )`);
    await q.query(`CREATE INDEX "image_object_deletion_due_idx" ON "image_object_deletion" ("next_attempt_at")`);
    await q.query(`
      CREATE OR REPLACE FUNCTION "image_objects_to_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO "image_object_deletion" ("image_id") VALUES (OLD.id)
          ON CONFLICT ("image_id") DO UPDATE SET "next_attempt_at" = now();
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER "image_objects_on_delete" AFTER DELETE ON "image"
        FOR EACH ROW WHEN (OLD.in_object_store) EXECUTE FUNCTION "image_objects_to_delete"()`);
    await q.query(`
      CREATE TRIGGER "image_objects_on_fail" AFTER UPDATE OF "status" ON "image"
        FOR EACH ROW WHEN (OLD.in_object_store AND NEW.status = 'failed' AND OLD.status <> 'failed')
        EXECUTE FUNCTION "image_objects_to_delete"()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER IF EXISTS "image_objects_on_fail" ON "image"`);
    await q.query(`DROP TRIGGER IF EXISTS "image_objects_on_delete" ON "image"`);
    await q.query(`DROP FUNCTION IF EXISTS "image_objects_to_delete"()`);
    await q.query(`DROP TABLE IF EXISTS "image_object_deletion"`);
    await q.query(`DELETE FROM "image_rendition" WHERE "bytes" IS NULL`);
    await q.query(`ALTER TABLE "image_rendition" DROP CONSTRAINT IF EXISTS "image_rendition_stored_check"`);
    await q.query(`ALTER TABLE "image_rendition" DROP COLUMN IF EXISTS "key", ALTER COLUMN "bytes" SET NOT NULL`);
    await q.query(`ALTER TABLE "image" DROP COLUMN IF EXISTS "original_key", DROP COLUMN IF EXISTS "generated_key", DROP COLUMN IF EXISTS "in_object_store"`);
  }
}
