import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { isImageId, type ImageFile, type ImageRecord } from '../../domain/image';
import { isStoredMimeType, type StoredMimeType } from '../../domain/image-format';
import { scopeOfKey } from '../../domain/object-keys';
import { renditionViews, type StoredRenditions } from '../../domain/rendition';
import type { ShareableImage } from '../../domain/shared-edit';
import { SAVED_IMAGE_RETENTION_DAYS } from '../../domain/saved-image';
import { exactTimestampSql } from '../../../../shared/pagination';
import { returnedRows } from '../../../../shared/pg/returned-rows';
import type { GeneratedImage, HiddenImage, ImageCounts, NewProcessingImage, OwnedImage, ReportableImage, TakenDownImage } from '../../images.api';
import { fromSigned64, toSigned64 } from '../../../../shared/fingerprint/perceptual-hash';
import type { ImageFingerprint } from '../../../../shared/fingerprint/image-fingerprint';
import type { Placement } from '../../application/image-store.port';
import { ImageOrmEntity } from './image.orm-entity';
import { keepOrForgetScope, scopeOfRecordedKeys } from './object-scope.sql';

/** Where one file of an image is (ADR 0023): its bytes in the row, or an object's key. */
export interface StoredFile extends Placement {
  mimeType: StoredMimeType;
}

/** A rendition row to write (D31). */
export interface RenditionRow extends Placement {
  file: ImageFile;
  width: number;
  height: number;
  version: string;
}

/** D42: an image's row as its content credentials describe it. */
export interface ProvenanceRow {
  completed: boolean;
  model: string | null;
  createdAt: Date;
  originalSha256: string | null;
  originalMimeType: StoredMimeType | null;
  generatedMimeType: StoredMimeType | null;
  hasRenditions: boolean;
  hasContentCredentials: boolean;
}

/** What an image's renditions are: the `image.renditions` description and the rows holding the bytes. */
export interface RenditionSet {
  stored: StoredRenditions;
  rows: RenditionRow[];
}

/** D38: an image to chain from, as findChainSource reads it. */
export interface ChainSourceRow {
  id: string;
  status: 'processing' | 'completed' | 'failed';
  rootImageId: string;
  originalFilename: string | null;
  /** The served file's type; null when the image has no complete output. */
  servedMimeType: StoredMimeType | null;
  /** Where the model's input is: the master, or the served file when there is none. */
  input: StoredFile | null;
}

/** D38: one version in a chain's history, without bytes. */
export interface HistoryRow {
  id: string;
  parentImageId: string | null;
  rootImageId: string;
  variantGroupId: string | null;
  prompt: string;
  style: string;
  seed: number | null;
  model: string | null;
  isWatermarked: boolean;
  isPublic: boolean;
  timestamp: Date;
  renditions: unknown;
}

/** The columns that say where one file of an image is. */
const FILE_COLUMNS: Record<ImageFile, { data: string; key: string; mime: string }> = {
  original: { data: 'original_image_data', key: 'original_key', mime: 'original_mime_type' },
  generated: { data: 'generated_image_data', key: 'generated_key', mime: 'generated_mime_type' },
};

/** How many steps up a history walks at most (a chain is made one paid edit at a time). */
const MAX_CHAIN_DEPTH = 200;

const HISTORY_COLUMNS = `i."id", i."parent_image_id" AS "parentImageId", COALESCE(i."root_image_id", i."id") AS "rootImageId",
  i."variant_group_id" AS "variantGroupId", i."prompt", i."style", i."seed", i."model", i."is_watermarked" AS "isWatermarked",
  i."is_public" AS "isPublic", i."timestamp", i."renditions"`;

/** A saved image as My Edits lists it (001 §3), without bytes. */
export interface SavedImageRow {
  id: string;
  prompt: string;
  style: string;
  timestamp: Date;
  savedAt: Date;
  expiresAt: Date;
  isFavorite: boolean;
  laughCount: number;
  isPublic: boolean;
  /** D14: hidden by a moderator, so its share link opens for its owner only (issue 15). */
  isHiddenByAdmin: boolean;
  renditions: unknown;
  /** D38: the versions of its chain from the root down to it (what its history shows); 1 for a single edit. */
  versions: number;
  /** `timestamp` as PostgreSQL holds it, to the microsecond, for the next page's cursor. */
  timestampText: string;
}

/** Where a My Edits page starts: after this (timestamp, to the microsecond, and id), newest first. */
export interface SavedCursor {
  timestamp: string;
  id: string;
}

/** What a purge or a plan's end did: images that left My Edits, and those of them deleted with their bytes. */
export interface Released {
  unsaved: number;
  deleted: number;
}

/**
 * The image store (ARCHITECTURE rule 8: PostgreSQL bytea, renditions in `image_rendition`) with
 * intent-named methods. Every state change is one conditional statement (or one transaction), so a
 * generation finishing late cannot undo the recovery job's `failed`, and an owner check is part of
 * the statement that writes.
 */
@Injectable()
export class TypeormImageRepository {
  constructor(@InjectRepository(ImageOrmEntity) private readonly images: Repository<ImageOrmEntity>) {}

  /** A new row in `processing` holding the checked original (D12). */
  async createProcessing(image: NewProcessingImage, original: Placement = { bytes: image.originalBytes, key: null }): Promise<void> {
    await this.images.insert({
      id: image.id,
      userId: image.userId,
      originalFilename: image.originalFilename,
      originalPath: `/api/images/${image.id}/original`,
      generatedPath: `/api/images/${image.id}`,
      originalImageData: original.bytes,
      originalKey: original.key,
      inObjectStore: original.key !== null,
      objectScope: original.key ? scopeOfKey(original.key) : null,
      originalMimeType: image.originalMimeType,
      prompt: image.prompt,
      style: image.style,
      status: 'processing',
      isPublic: image.isPublic,
      seed: image.seed ?? null,
      parentImageId: image.parentImageId ?? null,
      rootImageId: image.rootImageId ?? image.id,
      variantGroupId: image.variantGroupId ?? null,
      originalSha256: image.originalFingerprint?.sha256 ?? null,
      originalPhash: image.originalFingerprint ? toSigned64(image.originalFingerprint.phash).toString() : null,
    });
  }

  /**
   * D38: a new row in `processing` whose original is `sourceId`'s generated file: its bytes copied
   * row to row inside the database, or (`originalKey`) the object the caller copied. false when the
   * source has no such file any more.
   */
  async createProcessingCopying(image: NewProcessingImage, sourceId: string, originalKey: string | null, mimeType: StoredMimeType): Promise<boolean> {
    const inserted = returnedRows<{ id: string }>(await this.images.query(
      `INSERT INTO "image" ("id", "user_id", "original_filename", "original_path", "generated_path", "original_image_data", "original_key",
                            "in_object_store", "object_scope", "original_mime_type", "prompt", "style", "status", "is_public", "seed",
                            "parent_image_id", "root_image_id", "variant_group_id", "original_sha256", "original_phash")
       SELECT $1, $2, $3, $4, $5, CASE WHEN $6::varchar IS NULL THEN s."generated_image_data" END, $6, $6::varchar IS NOT NULL,
              CASE WHEN $6::varchar IS NOT NULL THEN 'private' END, $7, $8, $9, 'processing', $10, $11, $12, $13, $14,
              s."generated_sha256", s."generated_phash"
         FROM "image" s
        WHERE s."id" = $15 AND ($6::varchar IS NOT NULL OR s."generated_image_data" IS NOT NULL)
       RETURNING "id"`,
      [
        image.id,
        image.userId,
        image.originalFilename,
        `/api/images/${image.id}/original`,
        `/api/images/${image.id}`,
        originalKey,
        mimeType,
        image.prompt,
        image.style,
        image.isPublic,
        image.seed ?? null,
        image.parentImageId ?? null,
        image.rootImageId ?? image.id,
        image.variantGroupId ?? null,
        sourceId,
      ],
    ));
    return inserted.length === 1;
  }

  /** Where one file is, without its bytes (D38: to copy it inside the store). */
  async findFilePlace(id: string, file: ImageFile): Promise<{ inRow: boolean; key: string | null; mimeType: StoredMimeType } | null> {
    const { data, key, mime } = FILE_COLUMNS[file];
    const rows = (await this.images.query(`SELECT "${data}" IS NOT NULL AS "inRow", "${key}" AS key, "${mime}" AS mime FROM "image" WHERE "id" = $1`, [id])) as Array<{
      inRow: boolean;
      key: string | null;
      mime: string | null;
    }>;
    const row = rows[0];
    if (!row || (!row.inRow && !row.key) || !isStoredMimeType(row.mime)) return null;
    return { inRow: row.inRow, key: row.key, mimeType: row.mime };
  }

  /** A generation that never got its credit (402): the row goes, with its bytes. */
  async deleteUnpaid(id: string): Promise<void> {
    await this.images.query(`DELETE FROM "image" WHERE "id" = $1 AND "status" = 'processing'`, [id]);
  }

  /**
   * processing → completed with the output and, when they could be made, its renditions (D31), in
   * one transaction. false when the row is no longer processing (recovered as failed).
   */
  completeWith(
    id: string,
    output: GeneratedImage,
    renditions: RenditionSet | null,
    generated: Placement = { bytes: output.bytes, key: null },
    master: Placement | null = output.master ? { bytes: output.master.bytes, key: null } : null,
  ): Promise<boolean> {
    return this.updateWithRenditions(
      `UPDATE "image"
          SET "status" = 'completed', "generated_image_data" = $5, "generated_key" = $6, "generated_mime_type" = $7,
              "model" = $8, "is_watermarked" = $9, "master_image_data" = $10, "master_key" = $11, "master_mime_type" = $12,
              "generated_sha256" = $13, "generated_phash" = $14, "has_content_credentials" = $15, "renditions" = $2, "in_object_store" = "in_object_store" OR $3, ${keepOrForgetScope('$4')}
        WHERE "id" = $1 AND "status" = 'processing'`,
      [
        generated.bytes,
        generated.key,
        output.mimeType,
        output.model.slice(0, 100),
        output.isWatermarked,
        master?.bytes ?? null,
        master?.key ?? null,
        master && output.master ? output.master.mimeType : null,
        output.fingerprint?.sha256 ?? null,
        output.fingerprint ? toSigned64(output.fingerprint.phash).toString() : null,
        output.hasContentCredentials ?? false,
      ],
      id,
      renditions,
      generated,
      master?.key ?? null,
    );
  }

  /**
   * D31 backfill: an image's renditions, once. false when it already has them (another instance
   * or run was first) or is no longer a completed image.
   */
  storeRenditions(id: string, renditions: RenditionSet): Promise<boolean> {
    return this.updateWithRenditions(
      `UPDATE "image" SET "renditions" = $2, "in_object_store" = "in_object_store" OR $3, ${keepOrForgetScope('$4')}
        WHERE "id" = $1 AND "status" = 'completed' AND "renditions" IS NULL`,
      [],
      id,
      renditions,
      null,
    );
  }

  /**
   * One transaction: `update` (a constant statement over $1 = id, $2 = the renditions' description,
   * $3 = whether any of the image's bytes were put in the object store (ADR 0023), $4 = the scope
   * of the keys it records (issue 24: keepOrForgetScope), then `params`) and, when it changed the
   * row, the rendition rows. false when it changed nothing.
   */
  private updateWithRenditions(
    update: string,
    params: unknown[],
    id: string,
    renditions: RenditionSet | null,
    file: Placement | null,
    masterKey: string | null = null,
  ): Promise<boolean> {
    const keys = [file?.key ?? null, ...(renditions?.rows.map((r) => r.key) ?? [])];
    // A master's key (D38) is under private/masters/, outside the image's scope (never moved).
    const inObjectStore = masterKey !== null || keys.some((k) => k !== null);
    return this.images.manager.transaction(async (tx) => {
      const [, affected] = (await tx.query(update, [id, renditions ? JSON.stringify(renditions.stored) : null, inObjectStore, scopeOfRecordedKeys(keys), ...params])) as [
        unknown,
        number,
      ];
      if (affected !== 1) return false;
      if (renditions?.rows.length) {
        const p = (i: number, n: number) => `$${6 * i + n}`;
        const values = renditions.rows.map((_, i) => `($1, ${p(i, 2)}, ${p(i, 3)}, ${p(i, 4)}, ${p(i, 5)}, ${p(i, 6)}, ${p(i, 7)})`);
        await tx.query(
          `INSERT INTO "image_rendition" ("image_id", "file", "width", "height", "version", "bytes", "key") VALUES ${values.join(', ')}
           ON CONFLICT DO NOTHING`,
          [id, ...renditions.rows.flatMap((r) => [r.file, r.width, r.height, r.version, r.bytes, r.key])],
        );
      }
      return true;
    });
  }

  /** D38: where an image's renditions of one file are (width ascending); empty when none were made. */
  async renditionRowsOf(id: string, file: ImageFile): Promise<Array<{ width: number; height: number; version: string; bytes: Buffer | null; key: string | null }>> {
    return (await this.images.query(
      `SELECT "width", "height", "version", "bytes", "key" FROM "image_rendition" WHERE "image_id" = $1 AND "file" = $2 ORDER BY "width"`,
      [id, file],
    )) as Array<{ width: number; height: number; version: string; bytes: Buffer | null; key: string | null }>;
  }

  /** Completed images without renditions yet, newest first (those are the ones on screen). */
  async missingRenditions(limit: number): Promise<string[]> {
    const rows = (await this.images.query(
      `SELECT "id" FROM "image" WHERE "status" = 'completed' AND "renditions" IS NULL ORDER BY "timestamp" DESC LIMIT $1`,
      [limit],
    )) as Array<{ id: string }>;
    return rows.map((r) => r.id);
  }

  /** The version of one rendition (no bytes): enough to answer a conditional GET. */
  async renditionVersion(id: string, file: ImageFile, width: number): Promise<string | null> {
    const rows = (await this.images.query(
      `SELECT "version" FROM "image_rendition" WHERE "image_id" = $1 AND "file" = $2 AND "width" = $3`,
      [id, file, width],
    )) as Array<{ version: string }>;
    return rows[0]?.version ?? null;
  }

  /** One rendition's version and where its bytes are (in the row, or at an object key). */
  async renditionBytes(id: string, file: ImageFile, width: number): Promise<{ version: string; bytes: Buffer | null; key: string | null } | null> {
    const rows = (await this.images.query(
      `SELECT "version", "bytes", "key" FROM "image_rendition" WHERE "image_id" = $1 AND "file" = $2 AND "width" = $3`,
      [id, file, width],
    )) as Array<{ version: string; bytes: Buffer | null; key: string | null }>;
    return rows[0] ?? null;
  }

  /** → failed, and its bytes are dropped (a failed generation keeps nothing the user sent). */
  async markFailed(id: string): Promise<void> {
    await this.images.query(
      `UPDATE "image"
          SET "status" = 'failed', ${NO_BYTES}
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
          SET "status" = 'failed', ${NO_BYTES}
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

  /** Issue 15: what an edit's share page shows (no bytes); null for an unknown id. */
  async findShareable(id: string): Promise<ShareableImage | null> {
    const rows = (await this.images.query(
      `SELECT "id", "user_id", "status", "is_public", "is_hidden_by_admin", "prompt", "style", "timestamp", "laugh_count",
              "generated_mime_type", "renditions", "model"
         FROM "image" WHERE "id" = $1`,
      [id],
    )) as Array<{
      id: string;
      user_id: string;
      status: ShareableImage['status'];
      is_public: boolean;
      is_hidden_by_admin: boolean;
      prompt: string;
      style: string;
      timestamp: Date;
      laugh_count: number;
      generated_mime_type: string | null;
      renditions: unknown;
      model: string | null;
    }>;
    const row = rows[0];
    if (!row) return null;
    return {
      id: row.id,
      userId: row.user_id,
      status: row.status,
      isPublic: row.is_public,
      isHiddenByAdmin: row.is_hidden_by_admin,
      prompt: row.prompt,
      style: row.style,
      timestamp: row.timestamp,
      laughCount: row.laugh_count,
      generatedMimeType: isStoredMimeType(row.generated_mime_type) ? row.generated_mime_type : null,
      renditions: renditionViews(row.id, row.renditions),
      model: row.model,
    };
  }

  /**
   * D38: the owner's image to chain from: the type of its served file and where the model's input
   * is, its master or (without one) the served file, whose bytes only are read; null when it is
   * not theirs or unknown.
   */
  async findChainSource(id: string, ownerId: string): Promise<ChainSourceRow | null> {
    const rows = (await this.images.query(
      `SELECT "id", "status", COALESCE("root_image_id", "id") AS "root_image_id", "original_filename", "generated_mime_type",
              ("generated_image_data" IS NOT NULL OR "generated_key" IS NOT NULL) AS "has_served",
              ("master_image_data" IS NOT NULL OR "master_key" IS NOT NULL) AS "has_master",
              CASE WHEN "master_image_data" IS NOT NULL OR "master_key" IS NOT NULL THEN "master_image_data" ELSE "generated_image_data" END AS "input_bytes",
              CASE WHEN "master_image_data" IS NOT NULL OR "master_key" IS NOT NULL THEN "master_key" ELSE "generated_key" END AS "input_key",
              CASE WHEN "master_image_data" IS NOT NULL OR "master_key" IS NOT NULL THEN "master_mime_type" ELSE "generated_mime_type" END AS "input_mime"
         FROM "image" WHERE "id" = $1 AND "user_id" = $2`,
      [id, ownerId],
    )) as Array<{
      id: string;
      status: ChainSourceRow['status'];
      root_image_id: string;
      original_filename: string | null;
      generated_mime_type: string | null;
      has_served: boolean;
      input_bytes: Buffer | null;
      input_key: string | null;
      input_mime: string | null;
    }>;
    const row = rows[0];
    if (!row) return null;
    const complete = row.has_served && isStoredMimeType(row.generated_mime_type) && isStoredMimeType(row.input_mime) && (row.input_bytes || row.input_key);
    return {
      id: row.id,
      status: row.status,
      rootImageId: row.root_image_id,
      originalFilename: row.original_filename,
      servedMimeType: complete ? (row.generated_mime_type as StoredMimeType) : null,
      input: complete ? { bytes: row.input_bytes, key: row.input_key, mimeType: row.input_mime as StoredMimeType } : null,
    };
  }

  /**
   * D38: the owner's image, the chain from its root down to it (parent links, the root first) and
   * its direct children, completed images only; null when it is not theirs, unknown, or not
   * completed.
   */
  async findHistory(id: string, ownerId: string): Promise<{ chain: HistoryRow[]; children: HistoryRow[] } | null> {
    const chain = (await this.images.query(
      `WITH RECURSIVE "up" AS (
         SELECT ${HISTORY_COLUMNS}, 0 AS "depth" FROM "image" i WHERE i."id" = $1 AND i."user_id" = $2 AND i."status" = 'completed'
         UNION ALL
         SELECT ${HISTORY_COLUMNS}, u."depth" + 1 FROM "image" i JOIN "up" u ON i."id" = u."parentImageId"
          WHERE i."user_id" = $2 AND i."status" = 'completed' AND u."depth" < ${MAX_CHAIN_DEPTH}
       )
       SELECT * FROM "up" ORDER BY "depth" DESC`,
      [id, ownerId],
    )) as Array<HistoryRow & { depth: number }>;
    if (chain.length === 0) return null;
    const children = (await this.images.query(
      `SELECT ${HISTORY_COLUMNS} FROM "image" i
        WHERE i."parent_image_id" = $1 AND i."user_id" = $2 AND i."status" = 'completed'
        ORDER BY i."timestamp", i."id" LIMIT ${MAX_CHAIN_DEPTH}`,
      [id, ownerId],
    )) as HistoryRow[];
    return { chain: chain.map(({ depth: _depth, ...row }) => row), children };
  }

  /** Where one file is: its bytes when they are in the row, else its object key (the only query that reads a bytea column). */
  findFile(id: string, file: ImageFile): Promise<StoredFile | null> {
    return this.findFileWhere(id, file, null);
  }

  /** One file of the owner's image; null when it is not theirs or not stored (D35: the data export). */
  findOwnedFile(id: string, ownerId: string, file: ImageFile): Promise<StoredFile | null> {
    return this.findFileWhere(id, file, ownerId);
  }

  private async findFileWhere(id: string, file: ImageFile, ownerId: string | null): Promise<StoredFile | null> {
    const { data, key, mime } = FILE_COLUMNS[file];
    const rows = (await this.images.query(
      `SELECT "${data}" AS bytes, "${key}" AS key, "${mime}" AS mime FROM "image" WHERE "id" = $1 AND ($2::uuid IS NULL OR "user_id" = $2::uuid)`,
      [id, ownerId],
    )) as Array<{ bytes: Buffer | null; key: string | null; mime: string | null }>;
    const row = rows[0];
    if (!row || (!row.bytes && !row.key) || !isStoredMimeType(row.mime)) return null;
    return { bytes: row.bytes, key: row.key, mimeType: row.mime };
  }

  /** The owner's images (every status, no bytes), in id order after `afterId` (D35: the data export). */
  async ownedAfter(ownerId: string, afterId: string | null, limit: number): Promise<OwnedImage[]> {
    const rows = (await this.images.query(
      `SELECT "id", "timestamp", "prompt", "style", "status", "is_public", "is_hidden_by_admin", "is_watermarked", "is_saved", "saved_at",
              "is_favorite", "favorited_at", "expires_at", "laugh_count", "original_filename", "generated_mime_type", "original_mime_type"
         FROM "image"
        WHERE "user_id" = $1 AND ($2::uuid IS NULL OR "id" > $2::uuid)
        ORDER BY "id" LIMIT $3`,
      [ownerId, afterId, limit],
    )) as OwnedRow[];
    return rows.map((r) => ({
      id: r.id,
      createdAt: r.timestamp,
      prompt: r.prompt,
      style: r.style,
      status: r.status,
      isPublic: r.is_public,
      isHiddenByAdmin: r.is_hidden_by_admin,
      isWatermarked: r.is_watermarked,
      isSaved: r.is_saved,
      savedAt: r.saved_at,
      isFavorite: r.is_favorite,
      favoritedAt: r.favorited_at,
      expiresAt: r.expires_at,
      laughCount: Number(r.laugh_count),
      originalFilename: r.original_filename,
      generatedMimeType: isStoredMimeType(r.generated_mime_type) ? r.generated_mime_type : null,
      originalMimeType: isStoredMimeType(r.original_mime_type) ? r.original_mime_type : null,
    }));
  }

  /**
   * D35: up to `limit` of the owner's images go, with their bytes (renditions and laughs by the
   * database's cascade), in one statement; rows another transaction holds are left to it. Their ids.
   */
  async deleteBatchOf(ownerId: string, limit: number): Promise<string[]> {
    return returnedRows<{ id: string }>(
      await this.images.query(
        `DELETE FROM "image" WHERE "id" IN (
           SELECT "id" FROM "image" WHERE "user_id" = $1 LIMIT $2 FOR UPDATE SKIP LOCKED)
         AND "user_id" = $1
         RETURNING "id"`,
        [ownerId, limit],
      ),
    ).map((r) => r.id);
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
      `UPDATE "image" SET ${OUT_OF_MY_EDITS}
        WHERE "id" = $1 AND "user_id" = $2`,
      [id, ownerId],
    )) as [unknown, number];
    return affected === 1;
  }

  /** D23: the owner's saved, unexpired images, newest first, from `after` on. */
  async listSaved(
    ownerId: string,
    options: { now: Date; limit: number; after: SavedCursor | null; favoritesOnly: boolean },
  ): Promise<SavedImageRow[]> {
    return (await this.images.query(
      `SELECT "id", "prompt", "style", "timestamp", "saved_at" AS "savedAt", "expires_at" AS "expiresAt",
              "is_favorite" AS "isFavorite", "laugh_count" AS "laughCount", "is_public" AS "isPublic",
              "is_hidden_by_admin" AS "isHiddenByAdmin", "renditions", COALESCE(v."versions", 1) AS "versions",
              ${exactTimestampSql('"timestamp"')} AS "timestampText"
         FROM "image" i
         LEFT JOIN LATERAL (
           WITH RECURSIVE "up" ("parent", "n") AS (
             SELECT i."parent_image_id", 1
             UNION ALL
             SELECT p."parent_image_id", u."n" + 1 FROM "image" p JOIN "up" u ON p."id" = u."parent" WHERE u."n" < ${MAX_CHAIN_DEPTH}
           )
           SELECT max("n")::int AS "versions" FROM "up"
         ) v ON i."parent_image_id" IS NOT NULL
        WHERE "user_id" = $1 AND "is_saved" AND "status" = 'completed'
          -- The expiry as an expression, not a bare column: compared bare, the planner (estimating
          -- one saved row for an owner with 10,000) listed the page through image_expires_at_idx
          -- and sorted every saved row (35 ms a page at 1M images); this way it seeks
          -- image_my_edits_idx in order and checks the expiry on the index entry (issue 29).
          AND ("expires_at" + interval '0 seconds') > $2
          AND (NOT $3::boolean OR "is_favorite")
          ${options.after ? `AND ("timestamp", "id") < ($5::timestamptz, $6::uuid)` : ''}
        ORDER BY "timestamp" DESC, "id" DESC
        LIMIT $4`,
      // Issue 29: the cursor's condition is in the statement only when there is a cursor, so the
      // planner seeks image_my_edits_idx to it (an "$n IS NULL OR …" kept it from seeking: a walk
      // through 100 pages read the user's whole list 100 times).
      [ownerId, options.now, options.favoritesOnly, options.limit, ...(options.after ? [options.after.timestamp, options.after.id] : [])],
    )) as SavedImageRow[];
  }

  /** The filter's counts (001 §2): saved and unexpired, and favourites among them. */
  async savedCounts(ownerId: string, now: Date): Promise<{ total: number; favorites: number }> {
    const rows = (await this.images.query(
      `SELECT count(*)::int AS total, count(*) FILTER (WHERE "is_favorite")::int AS favorites
         FROM "image"
        WHERE "user_id" = $1 AND "is_saved" AND "status" = 'completed' AND "expires_at" > $2`,
      [ownerId, now],
    )) as Array<{ total: number; favorites: number }>;
    return rows[0];
  }

  /**
   * D23: sets (or, with `isFavorite` null, toggles) the favourite flag of the owner's saved,
   * unexpired image in one statement. A favourite expires `favoriteExpiresAt`; setting it again
   * keeps its first date. Unfavouriting puts the expiry back on 60 days from saving. null when it
   * is not the owner's saved image.
   */
  async setFavorite(
    id: string,
    ownerId: string,
    isFavorite: boolean | null,
    now: Date,
    favoriteExpiresAt: Date,
  ): Promise<{ isFavorite: boolean; expiresAt: Date } | null> {
    // Every SET expression reads the row as it was; $3 null toggles.
    const rows = (await this.images.query(
      `UPDATE "image"
          SET "is_favorite" = COALESCE($3::boolean, NOT "is_favorite"),
              "favorited_at" = CASE WHEN NOT COALESCE($3::boolean, NOT "is_favorite") THEN NULL
                                    WHEN "is_favorite" THEN "favorited_at" ELSE $4 END,
              "expires_at" = CASE WHEN NOT COALESCE($3::boolean, NOT "is_favorite") THEN "saved_at" + make_interval(days => $6)
                                  WHEN "is_favorite" THEN "expires_at" ELSE $5 END
        WHERE "id" = $1 AND "user_id" = $2 AND "is_saved" AND "expires_at" > $4
        RETURNING "is_favorite", "expires_at"`,
      [id, ownerId, isFavorite, now, favoriteExpiresAt, SAVED_IMAGE_RETENTION_DAYS],
    )) as unknown;
    const row = returnedRows<{ is_favorite: boolean; expires_at: Date }>(rows)[0];
    return row ? { isFavorite: row.is_favorite, expiresAt: row.expires_at } : null;
  }

  /**
   * D23 purge: saved images whose date has passed leave My Edits. A private one is then
   * referred to by nothing (not the feed, not My Edits) and is deleted with its bytes (renditions
   * and laughs go with it); a public one stays in the community feed. Each statement re-checks its
   * rows under their locks, so two instances purging at once remove each image once.
   */
  purgeExpired(now: Date): Promise<Released> {
    return this.release(`"is_saved" AND "expires_at" <= $1`, [now]);
  }

  /** D9: a paid plan ended: every saved image of the user leaves My Edits, and private ones are deleted. */
  emptyMyEditsOf(ownerId: string): Promise<Released> {
    return this.release(`"is_saved" AND "user_id" = $1`, [ownerId]);
  }

  /** Owners who still have saved images, in id order after `afterUserId` (the purge's D9 safety net). */
  async ownersWithSavedImages(afterUserId: string | null, limit: number): Promise<string[]> {
    const rows = (await this.images.query(
      `SELECT DISTINCT "user_id" FROM "image"
        WHERE "is_saved" AND ($1::uuid IS NULL OR "user_id" > $1::uuid)
        ORDER BY "user_id" LIMIT $2`,
      [afterUserId, limit],
    )) as Array<{ user_id: string }>;
    return rows.map((r) => r.user_id);
  }

  /**
   * The saved images matching `where` (a constant fragment over `params`) leave My Edits and the
   * private ones are deleted, RELEASE_BATCH at a time, each batch its own short transaction.
   */
  private async release(where: string, params: unknown[]): Promise<Released> {
    const total: Released = { unsaved: 0, deleted: 0 };
    for (;;) {
      const batch = await this.releaseBatch(where, params);
      total.unsaved += batch.unsaved;
      total.deleted += batch.deleted;
      if (batch.unsaved < RELEASE_BATCH && batch.deleted < RELEASE_BATCH) return total;
    }
  }

  private releaseBatch(where: string, params: unknown[]): Promise<Released> {
    const limit = `$${params.length + 1}`;
    const batch = RELEASE_BATCH;
    return this.images.manager.transaction(async (tx) => {
      const deleted = (await tx.query(
        `DELETE FROM "image" WHERE "id" IN (
           SELECT "id" FROM "image" WHERE ${where} AND NOT "is_public" LIMIT ${limit} FOR UPDATE SKIP LOCKED)
         AND ${where} AND NOT "is_public"`,
        [...params, batch],
      )) as [unknown, number];
      const unsaved = (await tx.query(
        `UPDATE "image" SET ${OUT_OF_MY_EDITS} WHERE "id" IN (
           SELECT "id" FROM "image" WHERE ${where} LIMIT ${limit} FOR UPDATE SKIP LOCKED)
         AND ${where}`,
        [...params, batch],
      )) as [unknown, number];
      return { unsaved: unsaved[1], deleted: deleted[1] };
    });
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


  /** Completed images per UTC day, the oldest first, today last; 0 on days without any. */
  async completedPerDay(days: number): Promise<Array<{ date: string; count: number }>> {
    // Issue 29: from the summary the image trigger keeps (image_daily_stats), one row per day.
    const rows = (await this.images.query(
      `SELECT to_char(d.day, 'YYYY-MM-DD') AS day, COALESCE(s."completed", 0)::int AS n
         FROM generate_series((now() AT TIME ZONE 'UTC')::date - ($1::int - 1), (now() AT TIME ZONE 'UTC')::date, interval '1 day') AS d(day)
         LEFT JOIN "image_daily_stats" s ON s."day" = d.day::date
        ORDER BY d.day`,
      [days],
    )) as Array<{ day: string; n: number }>;
    return rows.map((r) => ({ date: r.day, count: r.n }));
  }

  /** Issue 29: completed images in all and today (UTC), from the summary (one row per day). */
  async counts(): Promise<ImageCounts> {
    const [row] = (await this.images.query(
      `SELECT COALESCE(sum("completed"), 0)::int AS completed,
              COALESCE(sum("completed") FILTER (WHERE "day" = (now() AT TIME ZONE 'UTC')::date), 0)::int AS completed_today
         FROM "image_daily_stats"`,
    )) as Array<{ completed: number; completed_today: number }>;
    return { completed: row.completed, completedToday: row.completed_today };
  }


  /** Images an admin hid, newest first, with the total. */
  /** D42: what an image's content credentials say about it, from its row; null when there is no such image. */
  async findProvenance(id: string): Promise<ProvenanceRow | null> {
    if (!isImageId(id)) return null;
    const rows = (await this.images.query(
      `SELECT "status", "model", "timestamp", "original_sha256", "original_mime_type", "generated_mime_type",
              "renditions" IS NOT NULL AS has_renditions, "has_content_credentials"
         FROM "image" WHERE "id" = $1`,
      [id],
    )) as Array<{
      status: string;
      model: string | null;
      timestamp: Date;
      original_sha256: string | null;
      original_mime_type: string | null;
      generated_mime_type: string | null;
      has_renditions: boolean;
      has_content_credentials: boolean;
    }>;
    const row = rows[0];
    if (!row) return null;
    return {
      completed: row.status === 'completed',
      model: row.model,
      createdAt: new Date(row.timestamp),
      originalSha256: row.original_sha256,
      originalMimeType: isStoredMimeType(row.original_mime_type) ? row.original_mime_type : null,
      generatedMimeType: isStoredMimeType(row.generated_mime_type) ? row.generated_mime_type : null,
      hasRenditions: row.has_renditions,
      hasContentCredentials: row.has_content_credentials,
    };
  }

  /** D42 backfill: completed images whose generated file is not known to carry credentials, in id order after `afterId`. */
  async withoutContentCredentials(afterId: string | null, limit: number): Promise<string[]> {
    const rows = (await this.images.query(
      `SELECT "id" FROM "image"
        WHERE "status" = 'completed' AND NOT "has_content_credentials" AND ($1::uuid IS NULL OR "id" > $1::uuid)
        ORDER BY "id" LIMIT $2`,
      [afterId, limit],
    )) as Array<{ id: string }>;
    return rows.map((r) => r.id);
  }

  /** D42 backfill: the generated file already carries credentials (signed before this column existed). */
  async markContentCredentials(id: string, fingerprint: ImageFingerprint): Promise<boolean> {
    const [, affected] = (await this.images.query(
      `UPDATE "image" SET "has_content_credentials" = true, "generated_sha256" = $2, "generated_phash" = $3
        WHERE "id" = $1 AND "status" = 'completed' AND NOT "has_content_credentials"`,
      [id, fingerprint.sha256, toSigned64(fingerprint.phash).toString()],
    )) as [unknown, number];
    return affected === 1;
  }

  /**
   * D42 backfill: the signed generated file (in the row, or its object rewritten under the same
   * key) and, when given, its signed renditions in place of the old ones, in one transaction, only
   * while the row still has no credentials. The old renditions' keys come back for deletion.
   */
  replaceSignedGenerated(
    id: string,
    generated: Placement,
    renditions: { stored: StoredRenditions['generated']; rows: RenditionRow[] } | null,
    fingerprint: ImageFingerprint,
  ): Promise<{ updated: boolean; oldKeys: string[] }> {
    return this.images.manager.transaction(async (tx) => {
      const [, affected] = (await tx.query(
        `UPDATE "image"
            SET "generated_image_data" = CASE WHEN "generated_key" IS NULL THEN $2::bytea ELSE "generated_image_data" END,
                "has_content_credentials" = true, "generated_sha256" = $3, "generated_phash" = $4,
                "renditions" = CASE WHEN $5::jsonb IS NULL OR "renditions" IS NULL THEN "renditions" ELSE jsonb_set("renditions", '{generated}', $5::jsonb) END,
                "in_object_store" = "in_object_store" OR $6
          WHERE "id" = $1 AND "status" = 'completed' AND NOT "has_content_credentials"`,
        [
          id,
          generated.key ? null : generated.bytes,
          fingerprint.sha256,
          toSigned64(fingerprint.phash).toString(),
          renditions ? JSON.stringify(renditions.stored) : null,
          renditions?.rows.some((r) => r.key !== null) ?? false,
        ],
      )) as [unknown, number];
      if (affected !== 1) return { updated: false, oldKeys: [] };
      if (!renditions) return { updated: true, oldKeys: [] };
      const old = returnedRows<{ key: string | null }>(
        await tx.query(`DELETE FROM "image_rendition" WHERE "image_id" = $1 AND "file" = 'generated' RETURNING "key"`, [id]),
      );
      for (const r of renditions.rows) {
        await tx.query(
          `INSERT INTO "image_rendition" ("image_id", "file", "width", "height", "version", "bytes", "key") VALUES ($1, 'generated', $2, $3, $4, $5, $6)
           ON CONFLICT DO NOTHING`,
          [id, r.width, r.height, r.version, r.bytes, r.key],
        );
      }
      return { updated: true, oldKeys: old.flatMap((r) => (r.key ? [r.key] : [])) };
    });
  }

  /** D43: completed, public and not hidden (what a share page shows), else null. */
  async findReportable(id: string): Promise<ReportableImage | null> {
    if (!isImageId(id)) return null;
    const rows = (await this.images.query(
      `SELECT "id", "user_id", "prompt" FROM "image"
        WHERE "id" = $1 AND "status" = 'completed' AND "is_public" AND NOT "is_hidden_by_admin"`,
      [id],
    )) as Array<{ id: string; user_id: string; prompt: string }>;
    return rows[0] ? { id: rows[0].id, ownerId: rows[0].user_id, prompt: rows[0].prompt } : null;
  }

  /** D43: the recorded fingerprint of each stored file of the image; null when there is no such image. */
  async findFingerprints(id: string): Promise<Array<{ file: ImageFile; stored: boolean; fingerprint: ImageFingerprint | null }> | null> {
    if (!isImageId(id)) return null;
    const rows = (await this.images.query(
      `SELECT "original_sha256", "original_phash", "generated_sha256", "generated_phash",
              ("original_image_data" IS NOT NULL OR "original_key" IS NOT NULL) AS has_original,
              ("generated_image_data" IS NOT NULL OR "generated_key" IS NOT NULL) AS has_generated
         FROM "image" WHERE "id" = $1`,
      [id],
    )) as Array<{
      original_sha256: string | null;
      original_phash: string | null;
      generated_sha256: string | null;
      generated_phash: string | null;
      has_original: boolean;
      has_generated: boolean;
    }>;
    const row = rows[0];
    if (!row) return null;
    const of = (sha: string | null, phash: string | null) => (sha && phash !== null ? { sha256: sha, phash: fromSigned64(phash) } : null);
    return [
      { file: 'original' as const, stored: row.has_original, fingerprint: of(row.original_sha256, row.original_phash) },
      { file: 'generated' as const, stored: row.has_generated, fingerprint: of(row.generated_sha256, row.generated_phash) },
    ];
  }

  /** D43: records a file's fingerprint (the backfill, or a takedown of a file stored before issue 28). */
  async storeFingerprint(id: string, file: ImageFile, fingerprint: ImageFingerprint): Promise<void> {
    const [sha, phash] = file === 'original' ? ['original_sha256', 'original_phash'] : ['generated_sha256', 'generated_phash'];
    await this.images.query(`UPDATE "image" SET "${sha}" = $2, "${phash}" = $3 WHERE "id" = $1`, [id, fingerprint.sha256, toSigned64(fingerprint.phash).toString()]);
  }

  /**
   * D43: deletes every image whose original or generated file has one of these SHA-256 hashes or
   * a perceptual hash within `maxDistance` bits of one of these (bit_count of the XOR), in one
   * statement; renditions and laughs go by the cascade, object-store files by the deletion queue's
   * trigger. Takedowns are rare: the perceptual comparison reads every row with a hash.
   */
  async deleteMatching(fingerprints: readonly ImageFingerprint[], maxDistance: number): Promise<TakenDownImage[]> {
    if (fingerprints.length === 0) return [];
    const rows = returnedRows<{ id: string; user_id: string; prompt: string }>(
      await this.images.query(
        `DELETE FROM "image" WHERE "id" IN (
           SELECT i."id" FROM "image" i
            WHERE i."original_sha256" = ANY($1::char(64)[]) OR i."generated_sha256" = ANY($1::char(64)[])
               OR EXISTS (SELECT 1 FROM unnest($2::bigint[]) AS b(h)
                           WHERE bit_count(int8send(i."original_phash" # b.h)) <= $3
                              OR bit_count(int8send(i."generated_phash" # b.h)) <= $3))
         RETURNING "id", "user_id", "prompt"`,
        [fingerprints.map((f) => f.sha256), fingerprints.map((f) => toSigned64(f.phash).toString()), maxDistance],
      ),
    );
    return rows.map((r) => ({ id: r.id, userId: r.user_id, prompt: r.prompt }));
  }

  async hiddenByAdminNewestFirst(limit: number, offset: number): Promise<{ items: HiddenImage[]; total: number }> {
    const [rows, count] = await Promise.all([
      this.images.query(
        `SELECT "id", "user_id", "prompt", "timestamp" FROM "image" WHERE "is_hidden_by_admin"
          ORDER BY "timestamp" DESC, "id" DESC LIMIT $1 OFFSET $2`,
        [limit, offset],
      ) as Promise<Array<{ id: string; user_id: string; prompt: string; timestamp: Date }>>,
      this.images.query(`SELECT count(*)::int AS n FROM "image" WHERE "is_hidden_by_admin"`) as Promise<Array<{ n: number }>>,
    ]);
    return { items: rows.map((r) => ({ id: r.id, userId: r.user_id, prompt: r.prompt, createdAt: r.timestamp })), total: count[0].n };
  }
}

const RELEASE_BATCH = 500;

interface OwnedRow {
  id: string;
  timestamp: Date;
  prompt: string;
  style: string;
  status: OwnedImage['status'];
  is_public: boolean;
  is_hidden_by_admin: boolean;
  is_watermarked: boolean;
  is_saved: boolean;
  saved_at: Date | null;
  is_favorite: boolean;
  favorited_at: Date | null;
  expires_at: Date | null;
  laugh_count: number;
  original_filename: string | null;
  generated_mime_type: string | null;
  original_mime_type: string | null;
}

/** A failed image keeps no bytes: neither in the row nor (queued by the trigger, ADR 0023) in the object store. */
const NO_BYTES = `"original_image_data" = NULL, "generated_image_data" = NULL, "original_key" = NULL, "generated_key" = NULL`;

/** The columns of an image that is not (or no longer) in My Edits. */
const OUT_OF_MY_EDITS = `"is_saved" = false, "is_favorite" = false, "saved_at" = NULL, "expires_at" = NULL, "favorited_at" = NULL`;

function toRecord(row: ImageOrmEntity): ImageRecord {
  return {
    id: row.id,
    userId: row.userId,
    status: row.status,
    isPublic: row.isPublic,
    isHiddenByAdmin: row.isHiddenByAdmin,
    generatedMimeType: isStoredMimeType(row.generatedMimeType) ? row.generatedMimeType : null,
    originalMimeType: isStoredMimeType(row.originalMimeType) ? row.originalMimeType : null,
    originalKey: row.originalKey,
    generatedKey: row.generatedKey,
    isSaved: row.isSaved,
    savedAt: row.savedAt,
    expiresAt: row.expiresAt,
  };
}
