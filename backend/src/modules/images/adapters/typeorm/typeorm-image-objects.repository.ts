import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { ImageFile, ImageRecord } from '../../domain/image';
import type { ObjectScope } from '../../domain/object-keys';
import { returnedRows } from '../../../../shared/pg/returned-rows';
import { ImageOrmEntity } from './image.orm-entity';
import { keepOrForgetScope } from './object-scope.sql';

/** A rendition whose bytes are still in its row. */
export interface RenditionInRow {
  file: ImageFile;
  width: number;
  version: string;
  bytes: Buffer;
}

/** A claimed deletion stays with its claimer this long before another instance may retry it. */
const CLAIM_MINUTES = 5;
/**
 * The object-store side of the `image` and `image_rendition` tables (ADR 0023): the deletion
 * outbox (`image_object_deletion`, filled by the database's trigger in the transaction that deletes
 * or fails an image) and the move of bytes from rows to object keys (each one conditional statement,
 * so the move command can run beside the app, twice, or again after a crash). The moves between the
 * public and the private prefix (issue 24) are TypeormImageObjectMovesRepository's.
 */
@Injectable()
export class TypeormImageObjectsRepository {
  constructor(@InjectRepository(ImageOrmEntity) private readonly images: Repository<ImageOrmEntity>) {}

  /**
   * Up to `limit` images whose objects are due for deletion, claimed for CLAIM_MINUTES (another
   * instance skips them meanwhile; if this one dies, they come back).
   */
  async claimDueDeletions(limit: number): Promise<string[]> {
    return returnedRows<{ image_id: string }>(
      await this.images.query(
        `UPDATE "image_object_deletion"
            SET "attempts" = "attempts" + 1, "next_attempt_at" = now() + make_interval(mins => $2)
          WHERE "image_id" IN (
            SELECT "image_id" FROM "image_object_deletion" WHERE "next_attempt_at" <= now()
             ORDER BY "next_attempt_at" LIMIT $1 FOR UPDATE SKIP LOCKED)
          RETURNING "image_id"`,
        [limit, CLAIM_MINUTES],
      ),
    ).map((r) => r.image_id);
  }

  /** The image's objects are gone. */
  async deletionDone(imageId: string): Promise<void> {
    await this.images.query(`DELETE FROM "image_object_deletion" WHERE "image_id" = $1`, [imageId]);
  }

  /** The object store refused: try again later, a little later each time (at most an hour). */
  async deletionFailed(imageId: string, error: string): Promise<void> {
    await this.images.query(
      `UPDATE "image_object_deletion"
          SET "last_error" = $2, "next_attempt_at" = now() + make_interval(mins => LEAST(60, "attempts" * "attempts"))
        WHERE "image_id" = $1`,
      [imageId, error.slice(0, 1000)],
    );
  }

  /** Images that still hold bytes in their rows (files or renditions), in id order after `afterId`. */
  async withBytesInRows(afterId: string | null, limit: number): Promise<string[]> {
    const rows = (await this.images.query(
      `SELECT i."id" FROM "image" i
        WHERE ($1::uuid IS NULL OR i."id" > $1::uuid)
          AND (i."original_image_data" IS NOT NULL OR i."generated_image_data" IS NOT NULL
               OR EXISTS (SELECT 1 FROM "image_rendition" r WHERE r."image_id" = i."id" AND r."bytes" IS NOT NULL))
        ORDER BY i."id" LIMIT $2`,
      [afterId, limit],
    )) as Array<{ id: string }>;
    return rows.map((r) => r.id);
  }

  /** How many images still hold bytes in their rows. */
  async countWithBytesInRows(): Promise<number> {
    const rows = (await this.images.query(
      `SELECT count(*)::int AS n FROM "image" i
        WHERE i."original_image_data" IS NOT NULL OR i."generated_image_data" IS NOT NULL
           OR EXISTS (SELECT 1 FROM "image_rendition" r WHERE r."image_id" = i."id" AND r."bytes" IS NOT NULL)`,
    )) as Array<{ n: number }>;
    return rows[0].n;
  }

  /**
   * The image is about to have objects put for it: deleting or failing its row from now on queues
   * their deletion (the trigger), even if the move is interrupted before recording a key.
   */
  async markInObjectStore(imageId: string): Promise<void> {
    await this.images.query(`UPDATE "image" SET "in_object_store" = true WHERE "id" = $1 AND NOT "in_object_store"`, [imageId]);
  }

  /**
   * The file's bytes now live at `key`: the row forgets them, in one conditional statement. false
   * when they were no longer in the row (moved by another run, the image failed or is gone).
   */
  async fileMoved(imageId: string, file: ImageFile, key: string, scope: ObjectScope): Promise<boolean> {
    const data = file === 'original' ? 'original_image_data' : 'generated_image_data';
    const keyColumn = file === 'original' ? 'original_key' : 'generated_key';
    const [, affected] = (await this.images.query(
      `UPDATE "image" SET "${keyColumn}" = $2, "${data}" = NULL, ${keepOrForgetScope('$3')} WHERE "id" = $1 AND "${data}" IS NOT NULL`,
      [imageId, key, scope],
    )) as [unknown, number];
    return affected === 1;
  }

  /** Whether a row of the image records this object key (a file or a rendition). */
  async keyRecorded(imageId: string, key: string): Promise<boolean> {
    const rows = (await this.images.query(
      `SELECT 1 FROM "image" WHERE "id" = $1 AND ("original_key" = $2 OR "generated_key" = $2)
       UNION ALL
       SELECT 1 FROM "image_rendition" WHERE "image_id" = $1 AND "key" = $2`,
      [imageId, key],
    )) as unknown[];
    return rows.length > 0;
  }

  /** The image's renditions whose bytes are still in their rows. */
  async renditionsInRows(imageId: string): Promise<RenditionInRow[]> {
    return (await this.images.query(
      `SELECT "file", "width", "version", "bytes" FROM "image_rendition" WHERE "image_id" = $1 AND "bytes" IS NOT NULL ORDER BY "file", "width"`,
      [imageId],
    )) as RenditionInRow[];
  }

  /**
   * As fileMoved, for one rendition. The image's row is locked and its scope kept or forgotten
   * first, as every statement that records a key does (issue 24).
   */
  async renditionMoved(imageId: string, rendition: Pick<RenditionInRow, 'file' | 'width' | 'version'>, key: string, scope: ObjectScope): Promise<boolean> {
    const rows = (await this.images.query(
      `WITH "scoped" AS (UPDATE "image" SET ${keepOrForgetScope('$6')} WHERE "id" = $1 RETURNING "id")
       UPDATE "image_rendition" SET "key" = $5, "bytes" = NULL
        WHERE "image_id" IN (SELECT "id" FROM "scoped") AND "file" = $2 AND "width" = $3 AND "version" = $4 AND "bytes" IS NOT NULL
        RETURNING 1`,
      [imageId, rendition.file, rendition.width, rendition.version, key, scope],
    )) as unknown;
    return returnedRows(rows).length === 1;
  }

  /** The owner's D14 choice, an admin's hiding and the status: what decides where new objects go. */
  async visibilityOf(imageId: string): Promise<Pick<ImageRecord, 'status' | 'isPublic' | 'isHiddenByAdmin'> | null> {
    const rows = (await this.images.query(`SELECT "status", "is_public", "is_hidden_by_admin" FROM "image" WHERE "id" = $1`, [imageId])) as Array<{
      status: ImageRecord['status'];
      is_public: boolean;
      is_hidden_by_admin: boolean;
    }>;
    const row = rows[0];
    return row ? { status: row.status, isPublic: row.is_public, isHiddenByAdmin: row.is_hidden_by_admin } : null;
  }
}
