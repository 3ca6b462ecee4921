import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 29 (ADR 0034): a laugh no longer updates its image's `laugh_count` in its own transaction.
 * Every laugh on a viral image updated that one row: the writers queued on its row lock, and each
 * update left a dead row version and new entries in every index of `image` (317 toggles/s, p99
 * 1.9 s for 200 visitors on one image). Now the laugh's transaction appends its change to
 * `laugh_count_delta` (insert only: nobody waits for anybody), and a fold, one statement under an
 * advisory lock, moves all pending changes into `image.laugh_count` at once. The request waits for
 * the next fold before it answers, so its answer, the feed and the leaderboard are exact as soon as
 * it returns (D15); a fold every second on every instance picks up what a crash left.
 *
 * No foreign key: a change for an image deleted meanwhile folds into nothing and is dropped.
 */
export class LaughCountDeltas1796342400000 implements MigrationInterface {
  name = 'LaughCountDeltas1796342400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE IF NOT EXISTS "laugh_count_delta" (
        "id" bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        "image_id" uuid NOT NULL,
        "delta" integer NOT NULL CHECK ("delta" <> 0)
      )`);
    // A count read between a change and its fold adds the image's pending changes.
    await q.query(`CREATE INDEX IF NOT EXISTS "laugh_count_delta_image_idx" ON "laugh_count_delta" ("image_id")`);
  }

  async down(q: QueryRunner): Promise<void> {
    // What was pending goes into the counts before the table does.
    await q.query(`
      WITH d AS (DELETE FROM "laugh_count_delta" RETURNING "image_id", "delta"),
           s AS (SELECT "image_id", sum("delta")::int AS n FROM d GROUP BY "image_id")
      UPDATE "image" i SET "laugh_count" = GREATEST(i."laugh_count" + s.n, 0) FROM s WHERE i."id" = s."image_id"`);
    await q.query(`DROP TABLE IF EXISTS "laugh_count_delta"`);
  }
}
