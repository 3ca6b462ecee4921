/**
 * `npm run renditions:backfill -w backend` (or `node backend/dist/cli/backfill-renditions.js` in
 * a built deployment): gives every existing image its WebP renditions (D31). Uses DATABASE_URL,
 * else the embedded PostgreSQL the app uses; migrates first like the app. Prints one summary line.
 */
import { DataSource } from 'typeorm';
import { loadConfig } from '../config/app-config';
import { databaseOptions } from '../database/database-options';
import { prepareDatabase } from '../database/prepare-database';
import { createImageStore, RENDITION_BACKFILL_ENTITIES, runRenditionBackfill } from '../modules/images';

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const database = await prepareDatabase(config, (line) => console.error(line));
  const dataSource = new DataSource(databaseOptions(database.url, { entities: RENDITION_BACKFILL_ENTITIES, extra: { max: 2 } }));
  // Renditions go where the app puts them (S3_BUCKET: the object store, ADR 0023).
  const store = createImageStore(config.images.s3);
  try {
    await dataSource.initialize();
    const summary = await runRenditionBackfill(dataSource, (line) => console.error(line), store);
    console.log(`renditions backfill: ${summary.made} images given renditions, ${summary.skipped} skipped, ${summary.seconds.toFixed(1)} s`);
  } finally {
    store.onModuleDestroy?.();
    await dataSource.destroy().catch(() => undefined);
    await database.embedded?.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`renditions backfill failed: ${(error as Error).message}`);
    process.exit(1);
  },
);
