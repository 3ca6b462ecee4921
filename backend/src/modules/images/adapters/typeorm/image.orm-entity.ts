import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * The `image` table (001 §3; ARCHITECTURE rule 8: its bytes live here, in bytea, or in the object
 * store under the recorded keys, ADR 0023). The byte
 * columns are `select: false`, so no list or lookup ever loads them by accident; only
 * TypeormImageRepository.findFile asks for them, one image and one column at a time.
 */
@Entity({ name: 'image' })
export class ImageOrmEntity {
  @PrimaryColumn('uuid')
  id: string;

  @Column('uuid')
  userId: string;

  @Column({ type: 'varchar', length: 255, nullable: true })
  originalFilename: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  originalPath: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  generatedPath: string | null;

  @Column({ type: 'bytea', nullable: true, select: false })
  originalImageData: Buffer | null;

  @Column({ type: 'bytea', nullable: true, select: false })
  generatedImageData: Buffer | null;

  /** The object's key when the bytes are in the object store (ADR 0023); null: in originalImageData. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  originalKey: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  generatedKey: string | null;

  /** Some of its bytes were put in the object store: deleting or failing the row queues their deletion. */
  @Column({ type: 'boolean', default: false })
  inObjectStore: boolean;

  /**
   * Issue 24: every object key the rows record is under `public/` or `private/`; null when not
   * known to be (legacy `images/` keys, both scopes, keys still being recorded).
   */
  @Column({ type: 'varchar', length: 8, nullable: true })
  objectScope: 'public' | 'private' | null;

  /** Issue 24: a move of the image's objects between scopes is claimed until then (null: none under way). */
  @Column({ type: 'timestamptz', nullable: true })
  objectsMovingUntil: Date | null;

  @Column({ type: 'varchar', length: 50, nullable: true })
  originalMimeType: string | null;

  @Column({ type: 'varchar', length: 50, nullable: true })
  generatedMimeType: string | null;

  @Column('text')
  prompt: string;

  @Column({ type: 'varchar', length: 20, default: 'funny' })
  style: string;

  @Column({ type: 'varchar', length: 20, default: 'processing' })
  status: 'processing' | 'completed' | 'failed';

  @Column({ type: 'timestamptz', default: () => 'now()' })
  timestamp: Date;

  @Column({ type: 'boolean', default: true })
  isPublic: boolean;

  @Column({ type: 'boolean', default: false })
  isHiddenByAdmin: boolean;

  @Column({ type: 'boolean', default: false })
  isWatermarked: boolean;

  @Column({ type: 'varchar', length: 100, nullable: true })
  model: string | null;

  /** Issue 15: the seed the generation drew (0..2^31-1); null for rows made before seeds were kept. */
  @Column({ type: 'integer', nullable: true })
  seed: number | null;

  @Column({ type: 'integer', default: 0 })
  laughCount: number;

  @Column({ type: 'boolean', default: false })
  isSaved: boolean;

  @Column({ type: 'boolean', default: false })
  isFavorite: boolean;

  @Column({ type: 'boolean', default: false })
  isLeaderboard: boolean;

  @Column({ type: 'timestamptz', nullable: true })
  expiresAt: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  savedAt: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  favoritedAt: Date | null;

  /** D38: the image this one was edited from; null for an upload (or once the parent is gone). */
  @Column({ type: 'uuid', nullable: true })
  parentImageId: string | null;

  /** D38: the chain's first image (its own id for an upload); null for rows made before chains. */
  @Column({ type: 'uuid', nullable: true })
  rootImageId: string | null;

  /** D39: the images one request made side by side; null for a single result. */
  /** D43: SHA-256 of the original's bytes and its pixels' 64-bit perceptual hash (two's complement); null before issue 28. */
  @Column({ type: 'char', length: 64, nullable: true })
  originalSha256: string | null;

  @Column({ type: 'bigint', nullable: true })
  originalPhash: string | null;

  /** D43: the same for the generated file as served (its credentials and watermark included). */
  @Column({ type: 'char', length: 64, nullable: true })
  generatedSha256: string | null;

  @Column({ type: 'bigint', nullable: true })
  generatedPhash: string | null;

  /** D42: the generated file as stored carries a signed C2PA manifest (false: stored before, or not yet backfilled). */
  @Column({ type: 'boolean', default: false })
  hasContentCredentials: boolean;

  @Column({ type: 'uuid', nullable: true })
  variantGroupId: string | null;

  /** D38: the watermark-free output of a watermarked step, never served; null when the served file is it. */
  @Column({ type: 'bytea', nullable: true, select: false })
  masterImageData: Buffer | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  masterKey: string | null;

  @Column({ type: 'varchar', length: 50, nullable: true })
  masterMimeType: string | null;
}
