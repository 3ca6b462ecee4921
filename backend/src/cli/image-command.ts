/**
 * What the image commands share (`renditions:backfill`, `images:move-to-s3`): the app's config,
 * its database (DATABASE_URL, else the embedded PostgreSQL; migrated first like the app) and its
 * image store (ADR 0023), closed again whatever happens. Progress goes to stderr, the summary line
 * to stdout, and the exit code says whether it worked.
 */
import { DataSource } from 'typeorm';
import { loadConfig } from '../config/app-config';
import { databaseOptions } from '../database/database-options';
import { prepareDatabase } from '../database/prepare-database';
import { createImageStore, describeImageStore, RENDITION_BACKFILL_ENTITIES } from '../modules/images';

type Work = (dataSource: DataSource, store: ReturnType<typeof createImageStore>, log: (line: string) => void) => Promise<string>;

export function runImageCommand(name: string, work: Work, options: { needsObjectStore?: boolean } = {}): void {
  const log = (line: string) => console.error(line);
  const main = async (): Promise<void> => {
    const config = loadConfig(process.env);
    if (options.needsObjectStore && !config.images.s3) throw new Error('S3_BUCKET is not set: there is no object store to move the images to');
    log(describeImageStore(config.images.s3));
    const database = await prepareDatabase(config, log);
    const dataSource = new DataSource(databaseOptions(database.url, { entities: RENDITION_BACKFILL_ENTITIES }, { ...config.database.pool, size: 2 }));
    const store = createImageStore(config.images.s3);
    try {
      await dataSource.initialize();
      console.log(await work(dataSource, store, log));
    } finally {
      store.onModuleDestroy?.();
      await dataSource.destroy().catch(() => undefined);
      await database.embedded?.stop();
    }
  };
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(`${name} failed: ${(error as Error).message}`);
      process.exit(1);
    },
  );
}
