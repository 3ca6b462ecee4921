import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { ImageRecord } from '../../domain/image';
import { objectScopeOf, type ObjectScope } from '../../domain/object-keys';
import { returnedRows } from '../../../../shared/pg/returned-rows';
import { ImageOrmEntity } from './image.orm-entity';

/** An image's objects and where they belong now (issue 24). */
export interface ImageObjects {
  /** The scope its visibility says (`objectScopeOf`). */
  scope: ObjectScope;
  /** Every object key its rows record: the two files and the renditions. */
  keys: string[];
}

/** A claimed move: `recovering` when an earlier move of the image was claimed and did not finish. */
export interface ClaimedMove {
  id: string;
  recovering: boolean;
}

/** One object's old and new key. */
export interface KeyMove {
  from: string;
  to: string;
}

/** A claimed move (a few copies and deletes) stays with its claimer this long; short, so a move that failed is retried soon. */
const MOVE_CLAIM_MINUTES = 2;

/**
 * The scope an image's objects belong in, in SQL: `objectScopeOf`, and the predicate of
 * `image_objects_misplaced_idx` (migration ImageObjectScopes1795830542117), repeated word for word
 * so that the index serves the queries.
 */
const SCOPE_NOW = `CASE WHEN "status" = 'completed' AND "is_public" AND NOT "is_hidden_by_admin" THEN 'public' ELSE 'private' END`;
const MISPLACED = `"in_object_store" AND ("objects_moving_until" IS NOT NULL
          OR "object_scope" IS DISTINCT FROM (${SCOPE_NOW}))`;

/**
 * Issue 24 (ADR 0023): the moves of an image's objects between the public and the private prefix,
 * on the `image` and `image_rendition` tables. A move is claimed one image at a time (the claim on
 * its row, like the deletion outbox's), and its new keys are recorded in one statement, under the
 * image's row lock, only while the image still belongs where they are.
 */
@Injectable()
export class TypeormImageObjectMovesRepository {
  constructor(@InjectRepository(ImageOrmEntity) private readonly images: Repository<ImageOrmEntity>) {}

  /** Every object key the image's rows record, and the scope they belong in now; null when the image is gone. */
  async objectsOf(imageId: string): Promise<ImageObjects | null> {
    const rows = (await this.images.query(
      `SELECT i."status", i."is_public", i."is_hidden_by_admin", i."original_key", i."generated_key",
              ARRAY(SELECT r."key" FROM "image_rendition" r WHERE r."image_id" = i."id" AND r."key" IS NOT NULL ORDER BY r."key") AS "rendition_keys"
         FROM "image" i WHERE i."id" = $1`,
      [imageId],
    )) as Array<{
      status: ImageRecord['status'];
      is_public: boolean;
      is_hidden_by_admin: boolean;
      original_key: string | null;
      generated_key: string | null;
      rendition_keys: string[];
    }>;
    const row = rows[0];
    if (!row) return null;
    const keys = [row.original_key, row.generated_key, ...row.rendition_keys].filter((k): k is string => k !== null);
    return { scope: objectScopeOf({ status: row.status, isPublic: row.is_public, isHiddenByAdmin: row.is_hidden_by_admin }), keys };
  }

  /**
   * Claims a move of the image's objects for MOVE_CLAIM_MINUTES, when they are not (known to be)
   * where its visibility says and no other move is under way; null otherwise (nothing to do, or
   * another instance is at it: it looks again when it is done).
   */
  async claimMove(imageId: string): Promise<ClaimedMove | null> {
    const rows = returnedRows<{ id: string; recovering: boolean }>(
      await this.images.query(
        `UPDATE "image" i SET "objects_moving_until" = now() + make_interval(mins => $2)
           FROM (SELECT "id" AS "claimed_id", "objects_moving_until" AS "previous" FROM "image" WHERE "id" = $1 FOR UPDATE) p
          WHERE i."id" = p."claimed_id" AND ${MISPLACED}
            AND ("objects_moving_until" IS NULL OR "objects_moving_until" <= now())
          RETURNING i."id", p."previous" IS NOT NULL AS "recovering"`,
        [imageId, MOVE_CLAIM_MINUTES],
      ),
    );
    return rows[0] ?? null;
  }

  /**
   * Up to `limit` images whose objects are not (known to be) where their visibility says, or whose
   * move did not finish, claimed as claimMove does (another instance skips them meanwhile).
   */
  async claimDueMoves(limit: number): Promise<ClaimedMove[]> {
    return returnedRows<{ id: string; recovering: boolean }>(
      await this.images.query(
        `UPDATE "image" i SET "objects_moving_until" = now() + make_interval(mins => $2)
           FROM (SELECT "id" AS "claimed_id", "objects_moving_until" AS "previous" FROM "image"
                  WHERE ${MISPLACED}
                    AND ("objects_moving_until" IS NULL OR "objects_moving_until" <= now())
                  LIMIT $1 FOR UPDATE SKIP LOCKED) p
          WHERE i."id" = p."claimed_id"
          RETURNING i."id", p."previous" IS NOT NULL AS "recovering"`,
        [limit, MOVE_CLAIM_MINUTES],
      ),
    );
  }

  /**
   * The objects were copied to their new keys: the rows record them, in one statement, if the image
   * still belongs in `target` ('changed' otherwise, and nothing is recorded; 'gone' when it was
   * deleted). The image is locked first, so a statement recording other keys for it (a completion,
   * the rendition backfill) is wholly before or after this; its scope is then set to `target` if
   * every key it records is there, else forgotten (the next move puts the rest there).
   *
   * The keys and the scope are written by ONE update of the row: a second update of a row this
   * transaction already updated makes PostgreSQL check its foreign keys again (the old row version
   * is then this transaction's own), so it waited for a key-share lock on the parent image of an
   * edit chain (D38), and an account deletion holding that parent while it waited for this row
   * deadlocked with it (seen in the S3 tests: the deletion stopped and was left to the job).
   */
  recordMove(imageId: string, target: ObjectScope, moves: readonly KeyMove[]): Promise<'moved' | 'changed' | 'gone'> {
    return this.images.manager.transaction(async (tx) => {
      const rows = (await tx.query(`SELECT ${SCOPE_NOW} AS "scope" FROM "image" WHERE "id" = $1 FOR UPDATE`, [imageId])) as Array<{ scope: ObjectScope }>;
      if (!rows[0]) return 'gone';
      if (rows[0].scope !== target) return 'changed';
      // The renditions' new keys as the CTE writes them (its writes are not visible to the rest of
      // the statement, so the scope reads each rendition's key through the same map).
      const original = `COALESCE((SELECT m."to" FROM "moved" m WHERE m."from" = "original_key"), "original_key")`;
      const generated = `COALESCE((SELECT m."to" FROM "moved" m WHERE m."from" = "generated_key"), "generated_key")`;
      await tx.query(
        `WITH "moved" AS (SELECT * FROM unnest($2::varchar[], $3::varchar[]) AS m("from", "to")),
              "renditions" AS (
                UPDATE "image_rendition" r SET "key" = m."to" FROM "moved" m WHERE r."image_id" = $1 AND r."key" = m."from")
         UPDATE "image"
            SET "original_key" = ${original},
                "generated_key" = ${generated},
                "object_scope" = CASE WHEN ${original} NOT LIKE $4 OR ${generated} NOT LIKE $4
                                        OR EXISTS (SELECT 1 FROM "image_rendition" r LEFT JOIN "moved" m ON m."from" = r."key"
                                                    WHERE r."image_id" = $1 AND COALESCE(m."to", r."key") NOT LIKE $4)
                                      THEN NULL ELSE $5 END
          WHERE "id" = $1`,
        [imageId, moves.map((m) => m.from), moves.map((m) => m.to), `${target}/%`, target],
      );
      return 'moved';
    });
  }

  /** The move is over: the claim goes. true when the image's objects are again not where its visibility says (it changed meanwhile). */
  async moveDone(imageId: string): Promise<boolean> {
    const rows = returnedRows<{ misplaced: boolean }>(
      await this.images.query(`UPDATE "image" SET "objects_moving_until" = NULL WHERE "id" = $1 RETURNING (${MISPLACED}) AS "misplaced"`, [imageId]),
    );
    return rows[0]?.misplaced ?? false;
  }
}
