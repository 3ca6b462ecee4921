/**
 * `npm run images:move-to-s3 -w backend` (or `node backend/dist/cli/move-images-to-s3.js` in a
 * built deployment): moves image bytes (files and renditions) from PostgreSQL rows to the
 * S3-compatible object store named by S3_BUCKET, S3_ENDPOINT, S3_REGION and the credentials
 * (ADR 0023). Idempotent and resumable; safe while the app runs (give the app the same S3_*
 * settings first). Uses DATABASE_URL, else the embedded PostgreSQL; migrates first like the app.
 * Prints progress per batch and one summary line.
 */
import { DataSource } from 'typeorm';
import { loadConfig } from '../config/app-config';
import { databaseOptions } from '../database/database-options';
import { prepareDatabase } from '../database/prepare-database';
import { createImageStore, describeImageStore, RENDITION_BACKFILL_ENTITIES, runMoveToObjectStore } from '../modules/images';

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  if (!config.images.s3) throw new Error('S3_BUCKET is not set: there is no object store to move the images to');
  console.error(describeImageStore(config.images.s3));
  const database = await prepareDatabase(config, (line) => console.error(line));
  const dataSource = new DataSource(databaseOptions(database.url, { entities: RENDITION_BACKFILL_ENTITIES, extra: { max: 2 } }));
  const store = createImageStore(config.images.s3);
  try {
    await dataSource.initialize();
    const summary = await runMoveToObjectStore(dataSource, store, (line) => console.error(line));
    console.log(
      `images:move-to-s3: ${summary.images} images, ${summary.files} files and ${summary.renditions} renditions moved, ` +
        `${summary.skipped} skipped, ${summary.seconds.toFixed(1)} s`,
    );
  } finally {
    store.onModuleDestroy?.();
    await dataSource.destroy().catch(() => undefined);
    await database.embedded?.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`images:move-to-s3 failed: ${(error as Error).message}`);
    process.exit(1);
  },
);
