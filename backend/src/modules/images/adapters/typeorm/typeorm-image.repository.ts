import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { isImageId, type ImageFile, type ImageRecord } from '../../domain/image';
import { isStoredMimeType, type StoredMimeType } from '../../domain/image-format';
import type { GeneratedImage, ImageCounts, ImagesApi, NewProcessingImage } from '../../images.api';
import { ImageOrmEntity } from './image.orm-entity';

export interface StoredBytes {
  bytes: Buffer;
  mimeType: StoredMimeType;
}

/**
 * The image store (ARCHITECTURE rule 8: PostgreSQL bytea) with intent-named methods, and IMAGES_API
 * itself (images.api.ts: the part other contexts may use). Every state change is one conditional
 * UPDATE, so a generation finishing late cannot undo the recovery job's `failed`, and an owner
 * check is part of the statement that writes.
 */
@Injectable()
export class TypeormImageRepository implements ImagesApi {
  constructor(@InjectRepository(ImageOrmEntity) private readonly images: Repository<ImageOrmEntity>) {}

  /** A new row in `processing` holding the checked original (D12). */
  async createProcessing(image: NewProcessingImage): Promise<void> {
    await this.images.insert({
      id: image.id,
      userId: image.userId,
      originalFilename: image.originalFilename,
      originalPath: `/api/images/${image.id}/original`,
      generatedPath: `/api/images/${image.id}`,
      originalImageData: image.originalBytes,
      originalMimeType: image.originalMimeType,
      prompt: image.prompt,
      style: image.style,
      status: 'processing',
      isPublic: image.isPublic,
    });
  }

  /** A generation that never got its credit (402): the row goes, with its bytes. */
  async deleteUnpaid(id: string): Promise<void> {
    await this.images.query(`DELETE FROM "image" WHERE "id" = $1 AND "status" = 'processing'`, [id]);
  }

  /** processing → completed with the output. false when the row is no longer processing (recovered as failed). */
  async completeWith(id: string, output: GeneratedImage): Promise<boolean> {
    const [, affected] = (await this.images.query(
      `UPDATE "image"
          SET "status" = 'completed', "generated_image_data" = $2, "generated_mime_type" = $3,
              "model" = $4, "is_watermarked" = $5
        WHERE "id" = $1 AND "status" = 'processing'`,
      [id, output.bytes, output.mimeType, output.model.slice(0, 100), output.isWatermarked],
    )) as [unknown, number];
    return affected === 1;
  }

  /** → failed, and its bytes are dropped (a failed generation keeps nothing the user sent). */
  async markFailed(id: string): Promise<void> {
    await this.images.query(
      `UPDATE "image"
          SET "status" = 'failed', "original_image_data" = NULL, "generated_image_data" = NULL
        WHERE "id" = $1`,
      [id],
    );
  }

  /**
   * D4 recovery: images left in `processing` by a crash (older than the reservation staleness)
   * become `failed` without bytes. One statement, safe to run on every instance at once.
   */
  failStuckProcessing(olderThanMinutes: number): Promise<string[]> {
    return this.failWhileProcessing(`"timestamp" < now() - make_interval(mins => $1)`, [olderThanMinutes]);
  }

  /**
   * These images, those still in `processing`, become `failed` without bytes; their ids. A completed
   * or already failed one is left as it is, in the same statement (no read-then-write race).
   * Malformed ids are ignored (they never reach the uuid cast); no ids, no query.
   */
  async failProcessing(ids: readonly string[]): Promise<string[]> {
    const valid = ids.filter(isImageId);
    if (valid.length === 0) return [];
    return this.failWhileProcessing(`"id" = ANY($1::uuid[])`, [valid]);
  }

  /** processing → failed, bytes dropped, for the rows `where` (a constant SQL fragment) selects. */
  private async failWhileProcessing(where: string, params: unknown[]): Promise<string[]> {
    const rows = (await this.images.query(
      `UPDATE "image"
          SET "status" = 'failed', "original_image_data" = NULL, "generated_image_data" = NULL
        WHERE "status" = 'processing' AND ${where}
        RETURNING "id"`,
      params,
    )) as [Array<{ id: string }>, number];
    return rows[0].map((r) => r.id);
  }

  /** Everything but the bytes. */
  async findRecord(id: string): Promise<ImageRecord | null> {
    const row = await this.images.findOne({ where: { id } });
    return row ? toRecord(row) : null;
  }

  /** One file's bytes (the only query that reads a bytea column). */
  async findBytes(id: string, file: ImageFile): Promise<StoredBytes | null> {
    const data = file === 'original' ? 'original_image_data' : 'generated_image_data';
    const mime = file === 'original' ? 'original_mime_type' : 'generated_mime_type';
    const rows = (await this.images.query(`SELECT "${data}" AS bytes, "${mime}" AS mime FROM "image" WHERE "id" = $1`, [id])) as Array<{
      bytes: Buffer | null;
      mime: string | null;
    }>;
    const row = rows[0];
    if (!row?.bytes || !isStoredMimeType(row.mime)) return null;
    return { bytes: row.bytes, mimeType: row.mime };
  }

  /** D7/D23: into My Edits. Saving again keeps the first save's dates. null unless the owner's completed image. */
  async markSaved(id: string, ownerId: string, savedAt: Date, expiresAt: Date): Promise<{ savedAt: Date; expiresAt: Date } | null> {
    const rows = (await this.images.query(
      `UPDATE "image"
          SET "is_saved" = true,
              "saved_at" = CASE WHEN "is_saved" AND "saved_at" IS NOT NULL THEN "saved_at" ELSE $3 END,
              "expires_at" = CASE WHEN "is_saved" AND "saved_at" IS NOT NULL THEN "expires_at" ELSE $4 END
        WHERE "id" = $1 AND "user_id" = $2 AND "status" = 'completed'
        RETURNING "saved_at", "expires_at"`,
      [id, ownerId, savedAt, expiresAt],
    )) as [Array<{ saved_at: Date; expires_at: Date }>, number];
    const row = rows[0][0];
    return row ? { savedAt: row.saved_at, expiresAt: row.expires_at } : null;
  }

  /** Out of My Edits. false unless the owner's image. */
  async markUnsaved(id: string, ownerId: string): Promise<boolean> {
    const [, affected] = (await this.images.query(
      `UPDATE "image" SET "is_saved" = false, "saved_at" = NULL, "expires_at" = NULL
        WHERE "id" = $1 AND "user_id" = $2`,
      [id, ownerId],
    )) as [unknown, number];
    return affected === 1;
  }

  /**
   * D9: a paid plan ended: every image of the user leaves My Edits at once (public ones stay in
   * the feed). Answers how many left; a second call finds none.
   */
  async unsaveAllOf(ownerId: string): Promise<number> {
    const [, affected] = (await this.images.query(
      `UPDATE "image" SET "is_saved" = false, "is_favorite" = false, "saved_at" = NULL, "expires_at" = NULL
        WHERE "user_id" = $1 AND "is_saved"`,
      [ownerId],
    )) as [unknown, number];
    return affected;
  }

  /** D14: the owner shows or hides the image in the community feed. false unless the owner's image. */
  async setPublic(id: string, ownerId: string, isPublic: boolean): Promise<boolean> {
    const [, affected] = (await this.images.query(`UPDATE "image" SET "is_public" = $3 WHERE "id" = $1 AND "user_id" = $2`, [
      id,
      ownerId,
      isPublic,
    ])) as [unknown, number];
    return affected === 1;
  }

  /**
   * An admin hides or shows an image (the owner's is_public is left as it is). false when no such
   * row; a malformed id is answered like an unknown one (and never reaches a uuid cast in SQL).
   */
  async setHiddenByAdmin(id: string, hidden: boolean): Promise<boolean> {
    if (!isImageId(id)) return false;
    const [, affected] = (await this.images.query(`UPDATE "image" SET "is_hidden_by_admin" = $2 WHERE "id" = $1`, [id, hidden])) as [
      unknown,
      number,
    ];
    return affected === 1;
  }

  /** One scan, every count by its own column. */
  async counts(): Promise<ImageCounts> {
    const rows = (await this.images.query(
      `SELECT count(*)::int AS total,
              count(*) FILTER (WHERE "status" = 'completed')::int AS completed,
              count(*) FILTER (WHERE "is_public")::int AS public_count,
              count(*) FILTER (WHERE "is_hidden_by_admin")::int AS hidden_by_admin
         FROM "image"`,
    )) as Array<{ total: number; completed: number; public_count: number; hidden_by_admin: number }>;
    const row = rows[0];
    return { total: row.total, completed: row.completed, public: row.public_count, hiddenByAdmin: row.hidden_by_admin };
  }
}

function toRecord(row: ImageOrmEntity): ImageRecord {
  return {
    id: row.id,
    userId: row.userId,
    status: row.status,
    isPublic: row.isPublic,
    isHiddenByAdmin: row.isHiddenByAdmin,
    generatedMimeType: isStoredMimeType(row.generatedMimeType) ? row.generatedMimeType : null,
    originalMimeType: isStoredMimeType(row.originalMimeType) ? row.originalMimeType : null,
    isSaved: row.isSaved,
    savedAt: row.savedAt,
    expiresAt: row.expiresAt,
  };
}
