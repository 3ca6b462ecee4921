import type { ImageStore, Placement } from '../../application/image-store.port';

/**
 * The zero-config image store (ARCHITECTURE rule 8): the bytes stay in the image's rows (bytea),
 * written by TypeormImageRepository in the same statement or transaction that records them. It
 * holds no objects: a row that names a key was moved to an object store, and reading it needs
 * S3_BUCKET set again.
 */
export class PostgresImageStore implements ImageStore {
  readonly holdsObjects = false;

  place(_key: string, bytes: Buffer): Promise<Placement> {
    return Promise.resolve({ bytes, key: null });
  }

  get(key: string): Promise<Buffer | null> {
    return Promise.reject(new Error(`Image object ${key} is in an object store, but S3_BUCKET is not set`));
  }

  /** Never called: with bytes in the rows there is nothing to move between prefixes (issue 24). */
  copy(from: string): Promise<boolean> {
    return Promise.reject(new Error(`Image object ${from} is in an object store, but S3_BUCKET is not set`));
  }

  list(): Promise<string[]> {
    return Promise.resolve([]);
  }

  delete(): Promise<void> {
    return Promise.resolve();
  }

  deletePrefix(): Promise<number> {
    return Promise.resolve(0);
  }

  publicUrl(): string | null {
    return null;
  }
}
