import type { ImageStore } from '../application/image-store.port';
import type { S3Settings } from '../images.config';
import { PostgresImageStore } from './postgres/postgres-image-store.adapter';

/** ARCHITECTURE rule 8: the S3-compatible store when S3_BUCKET is set, else PostgreSQL (the zero-config default). */
export function createImageStore(s3: S3Settings | null): ImageStore {
  if (!s3) return new PostgresImageStore();
  // Loaded only when configured: the AWS SDK costs ~20 MB of memory and ~80 ms at start (issue 14).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { S3ImageStore } = require('./s3/s3-image-store.adapter') as typeof import('./s3/s3-image-store.adapter');
  return new S3ImageStore(s3);
}
