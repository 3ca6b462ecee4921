/**
 * `npm run images:move-to-s3 -w backend` (or `node backend/dist/cli/move-images-to-s3.js` in a
 * built deployment): moves image bytes (files and renditions) from PostgreSQL rows to the
 * S3-compatible object store named by S3_BUCKET, S3_ENDPOINT, S3_REGION and the credentials
 * (ADR 0023). Idempotent and resumable; safe while the app runs (give the app the same S3_*
 * settings first). Uses DATABASE_URL, else the embedded PostgreSQL; migrates first like the app.
 * Prints progress per batch and one summary line.
 */
import { runImageCommand } from './image-command';

runImageCommand(
  'images:move-to-s3',
  async (commands, log) => {
    const summary = await commands.moveToObjectStore(log);
    return (
      `images:move-to-s3: ${summary.images} images, ${summary.files} files and ${summary.renditions} renditions moved, ` +
      `${summary.skipped} skipped, ${summary.seconds.toFixed(1)} s`
    );
  },
  { needsObjectStore: true },
);
