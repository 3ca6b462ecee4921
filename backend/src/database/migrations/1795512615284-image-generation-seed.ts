import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 15: each generation draws a seed on the server (the local engine's random elements and
 * Replicate's `seed` input follow it), and the image keeps it, so the picture can be made again
 * and Regenerate (a new generation, a new row) is known to use another one. 0..2^31-1; null for
 * the rows made before seeds were kept. A column of `image` (the images context's table, ADR
 * 0012), written once by generation through IMAGES_API when the row is created.
 */
export class ImageGenerationSeed1795512615284 implements MigrationInterface {
  name = 'ImageGenerationSeed1795512615284';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "image" ADD COLUMN IF NOT EXISTS "seed" integer`);
    await q.query(`ALTER TABLE "image" ADD CONSTRAINT "image_seed_range_check" CHECK ("seed" IS NULL OR "seed" >= 0)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "image" DROP CONSTRAINT IF EXISTS "image_seed_range_check"`);
    await q.query(`ALTER TABLE "image" DROP COLUMN IF EXISTS "seed"`);
  }
}
