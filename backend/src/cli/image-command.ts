/**
 * What the image commands share (`renditions:backfill`, `images:move-to-s3`): the app's config,
 * its database (DATABASE_URL, else the embedded PostgreSQL; migrated first like the app) and its
 * image store (ADR 0023), closed again whatever happens. Progress goes to stderr, the summary line
 * to stdout, and the exit code says whether it worked.
 */
import { loadConfig } from '../config/app-config';
import { prepareDatabase } from '../database/prepare-database';
import { describeImageStore, type ImageCommands, openImageCommands } from '../modules/images';

type Work = (commands: ImageCommands, log: (line: string) => void) => Promise<string>;

export function runImageCommand(name: string, work: Work, options: { needsObjectStore?: boolean } = {}): void {
  const log = (line: string) => console.error(line);
  const main = async (): Promise<void> => {
    const config = loadConfig(process.env);
    if (options.needsObjectStore && !config.images.s3) throw new Error('S3_BUCKET is not set: there is no object store to move the images to');
    log(describeImageStore(config.images.s3));
    const database = await prepareDatabase(config, log);
    const commands = openImageCommands(config, database.url);
    try {
      await commands.open();
      console.log(await work(commands, log));
    } finally {
      await commands.close();
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
