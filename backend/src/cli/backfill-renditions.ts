/**
 * `npm run renditions:backfill -w backend` (or `node backend/dist/cli/backfill-renditions.js` in
 * a built deployment): gives every existing image its WebP renditions (D31), stored where the app
 * stores them (S3_BUCKET: the object store, ADR 0023). Uses DATABASE_URL, else the embedded
 * PostgreSQL the app uses; migrates first like the app. Prints one summary line.
 */
import { runImageCommand } from './image-command';

runImageCommand('renditions backfill', async (commands, log) => {
  const summary = await commands.backfillRenditions(log);
  return `renditions backfill: ${summary.made} images given renditions, ${summary.skipped} skipped, ${summary.seconds.toFixed(1)} s`;
});
