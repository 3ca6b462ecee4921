import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 28, D43 (ADR 0032): reports and takedown.
 * - `image` gains each file's fingerprint (the images context's): the SHA-256 of its bytes and
 *   a 64-bit perceptual hash of its pixels (`bigint`, two's complement). Written when the file is
 *   stored; null for files stored before (the provenance backfill, or a takedown, fills them in).
 *   They find the site's copies of an image that is taken down.
 * - `image.has_content_credentials` (D42, ADR 0031): the generated file as stored carries a signed
 *   C2PA manifest. Set by a generation; false for files stored before, which the provenance
 *   backfill (`npm run provenance:backfill -w backend`) signs, or marks when they already are.
 * - `image_report` (the reports context's): one visitor's report of one image. `reporter_key` is
 *   who reported, as counted once per image: `user:{id}` when signed in, else `ip:{keyed hash}`
 *   (never the address itself). No foreign key to `image`: the report and its outcome outlive a
 *   takedown (what the reporter is shown, and the audit). `reporter_user_id` is cleared when
 *   that account is deleted (D35).
 * - `image_report_case`: the review of one image: opened by its first open report, deadline 48 h
 *   later, `hid_image` when an urgent report (ncii, minor) hid it, what the admin decided.
 * - `image_block`: what a takedown blocks: exact hashes and perceptual hashes, refused later as
 *   uploads and outputs. No image bytes.
 */
export class ReportsAndTakedown1795996800000 implements MigrationInterface {
  name = 'ReportsAndTakedown1795996800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE "image"
        ADD COLUMN IF NOT EXISTS "original_sha256" char(64),
        ADD COLUMN IF NOT EXISTS "original_phash" bigint,
        ADD COLUMN IF NOT EXISTS "generated_sha256" char(64),
        ADD COLUMN IF NOT EXISTS "generated_phash" bigint,
        ADD COLUMN IF NOT EXISTS "has_content_credentials" boolean NOT NULL DEFAULT false`);
    await q.query(`CREATE INDEX IF NOT EXISTS "image_without_credentials_idx" ON "image" ("id") WHERE "status" = 'completed' AND NOT "has_content_credentials"`);
    await q.query(`CREATE INDEX IF NOT EXISTS "image_original_sha256_idx" ON "image" ("original_sha256") WHERE "original_sha256" IS NOT NULL`);
    await q.query(`CREATE INDEX IF NOT EXISTS "image_generated_sha256_idx" ON "image" ("generated_sha256") WHERE "generated_sha256" IS NOT NULL`);
    await q.query(`
      CREATE TABLE IF NOT EXISTS "image_report_case" (
        "image_id" uuid PRIMARY KEY,
        "owner_user_id" uuid,
        "prompt" text NOT NULL DEFAULT '',
        "status" varchar(20) NOT NULL DEFAULT 'open' CHECK ("status" IN ('open', 'taken_down', 'dismissed')),
        "first_reported_at" timestamptz NOT NULL DEFAULT now(),
        "deadline_at" timestamptz NOT NULL,
        "hid_image" boolean NOT NULL DEFAULT false,
        "fingerprints" jsonb NOT NULL DEFAULT '[]',
        "decided_at" timestamptz,
        "decided_by" uuid,
        "decision_reason" varchar(500),
        "removed_count" integer
      )`);
    await q.query(`CREATE INDEX IF NOT EXISTS "image_report_case_open_idx" ON "image_report_case" ("deadline_at") WHERE "status" = 'open'`);
    await q.query(`CREATE INDEX IF NOT EXISTS "image_report_case_owner_idx" ON "image_report_case" ("owner_user_id") WHERE "owner_user_id" IS NOT NULL`);
    await q.query(`
      CREATE TABLE IF NOT EXISTS "image_report" (
        "id" uuid PRIMARY KEY,
        "image_id" uuid NOT NULL,
        "reporter_key" varchar(80) NOT NULL,
        "reporter_user_id" uuid REFERENCES "user"("id") ON DELETE SET NULL,
        "reason" varchar(20) NOT NULL CHECK ("reason" IN ('ncii', 'minor', 'harassment', 'impersonation', 'copyright', 'other')),
        "details" varchar(1000),
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "outcome" varchar(20) CHECK ("outcome" IN ('taken_down', 'dismissed')),
        "decided_at" timestamptz,
        UNIQUE ("image_id", "reporter_key")
      )`);
    await q.query(`CREATE INDEX IF NOT EXISTS "image_report_reporter_idx" ON "image_report" ("reporter_user_id", "created_at") WHERE "reporter_user_id" IS NOT NULL`);
    await q.query(`CREATE INDEX IF NOT EXISTS "image_report_decided_idx" ON "image_report" ("decided_at") WHERE "decided_at" IS NOT NULL`);
    await q.query(`
      CREATE TABLE IF NOT EXISTS "image_block" (
        "id" uuid PRIMARY KEY,
        "sha256" char(64) NOT NULL,
        "phash" bigint NOT NULL,
        "image_id" uuid NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX IF NOT EXISTS "image_block_sha256_idx" ON "image_block" ("sha256")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS "image_block"`);
    await q.query(`DROP TABLE IF EXISTS "image_report"`);
    await q.query(`DROP TABLE IF EXISTS "image_report_case"`);
    await q.query(`DROP INDEX IF EXISTS "image_without_credentials_idx"`);
    await q.query(`DROP INDEX IF EXISTS "image_generated_sha256_idx"`);
    await q.query(`DROP INDEX IF EXISTS "image_original_sha256_idx"`);
    await q.query(`
      ALTER TABLE "image"
        DROP COLUMN IF EXISTS "has_content_credentials",
        DROP COLUMN IF EXISTS "generated_phash",
        DROP COLUMN IF EXISTS "generated_sha256",
        DROP COLUMN IF EXISTS "original_phash",
        DROP COLUMN IF EXISTS "original_sha256"`);
  }
}
