/**
 * `npm run provenance:backfill -w backend` (or `node backend/dist/cli/backfill-provenance.js` in a
 * built deployment): gives the generated file of every existing image its content credentials
 * (D42, ADR 0031), signed with C2PA_SIGN_CERT / C2PA_SIGN_KEY (else the development certificate),
 * and its renditions made again from the signed file and signed. Safe to run again and beside the
 * app. Uses DATABASE_URL, else the embedded PostgreSQL the app uses; migrates first like the app.
 */
import { runImageCommand } from './image-command';

runImageCommand('provenance backfill', async (commands, log) => {
  const s = await commands.backfillProvenance(log);
  return `provenance backfill: ${s.signed} images signed, ${s.marked} already signed, ${s.skipped} skipped, ${s.seconds.toFixed(1)} s`;
});
