/**
 * Where image bytes are kept (ARCHITECTURE rule 8, ADR 0023). Two adapters:
 * - PostgreSQL (zero-config default): the bytes stay in the image's own rows (bytea), written in
 *   the same statement that records them, as before issue 14;
 * - S3-compatible object store (AWS S3, MinIO, R2): the bytes are put under a key, and the row
 *   records the key.
 * A row says where its bytes are (a key, or bytes in the row), so one database can hold both while
 * the move command (`npm run images:move-to-s3 -w backend`) runs.
 */
export interface Placement {
  /** The bytes, when the row keeps them (PostgreSQL store); else null. */
  bytes: Buffer | null;
  /** The object's key, when the store holds them (S3 store); else null. */
  key: string | null;
}

export interface ImageStore {
  /** True when this store holds objects by key (the S3 adapter). */
  readonly holdsObjects: boolean;
  /** Stores one file's bytes and answers what the row must record. */
  place(key: string, bytes: Buffer, contentType: string): Promise<Placement>;
  /** An object's bytes; null when there is no such object. */
  get(key: string): Promise<Buffer | null>;
  /**
   * Copies an object to another key in the same store (its type kept), replacing what is there;
   * false when there is no object at `from`. Issue 24: how an image's objects move between the
   * public and the private prefix.
   */
  copy(from: string, to: string): Promise<boolean>;
  /** Every key under the prefix. */
  list(prefix: string): Promise<string[]>;
  /** Deletes these objects; missing ones are fine. */
  delete(keys: readonly string[]): Promise<void>;
  /** Deletes every object under the prefix; how many there were. Missing ones are fine. */
  deletePrefix(prefix: string): Promise<number>;
  /** Where a browser may fetch the object directly (a CDN in front of the bucket); null when not configured. */
  publicUrl(key: string): string | null;
  /** Releases its connections (Nest calls it at shutdown; the commands when they are done). */
  onModuleDestroy?(): void;
}

export const IMAGE_STORE = Symbol('IMAGE_STORE');
