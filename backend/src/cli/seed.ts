/**
 * `npm run seed` (or `npm run seed -w backend`): a verified demo user with credits, a verified
 * admin, community edits of the sample photos with laughs, and this machine's addresses
 * whitelisted, so a newcomer sees a living product (issue 15). Safe to run again: what exists is
 * found, not made twice. Uses DATABASE_URL, else the embedded PostgreSQL of `npm start` (started
 * if it is not running; EMBEDDED_PG_PORT, default 54329); migrates first. See runSeed.
 *
 * Environment: SEED_DEMO_PASSWORD and SEED_ADMIN_PASSWORD (default "magic-editor-demo" outside
 * production); NODE_ENV=production is refused unless SEED_FORCE=true (and then both passwords are
 * required).
 */
import { runSeed, type SeedReport } from './seed/run-seed';
import { SeedRefusedError } from './seed/seed-settings';

function summary(report: SeedReport): string {
  const count = (o: string) => report.steps.filter((s) => s.outcome === o).length;
  const { demo, admin } = report;
  const credits = `${demo.balance.balance} credits: ${demo.balance.regular} regular, ${demo.balance.watermarked} watermarked`;
  const passwordNote = (a: SeedReport['admin'], variable: string) =>
    a.passwordWorks
      ? a.defaultPassword
        ? ` (the development default; set ${variable} to choose another)`
        : ` (from ${variable})`
      : `  ← NOT its password: the account existed before with another one`;
  const lines = [
    '',
    `Seeded: ${count('created')} created, ${count('updated')} updated, ${count('found')} already there.`,
    '',
    `Start the app with the seeded admin as admin (D22, D25: ADMIN_EMAILS lists it and it is verified):`,
    '',
    `  ${report.restartCommand}`,
    '',
    report.adminAlreadyListed ? `(ADMIN_EMAILS already lists ${admin.email}.)` : `(Without it, ${admin.email} signs in as a plain user.)`,
    `Then open ${report.appUrl} and sign in:`,
    `  demo user  ${demo.email}  password ${demo.password}${passwordNote(demo, 'SEED_DEMO_PASSWORD')}`,
    `             ${credits}`,
    `  admin      ${admin.email}  password ${admin.password}${passwordNote(admin, 'SEED_ADMIN_PASSWORD')}`,
    `             Admin Dashboard in the avatar menu`,
    `The community feed and the Hall of Fame show ${report.editIds.length} edits with laughs; sign-ups from this machine`,
    `(127.0.0.1 and ::1) are whitelisted, so any number of local accounts can be made.`,
  ];
  return lines.join('\n');
}

async function main(): Promise<void> {
  console.log('npm run seed: a demo user, an admin and community edits with laughs');
  const report = await runSeed(process.env, (line) => console.log(line));
  console.log(summary(report));
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    if (error instanceof SeedRefusedError) {
      console.error(`Not seeding: ${error.message}`);
      process.exit(2);
    }
    console.error(`Seeding failed: ${(error as Error).message}`);
    process.exit(1);
  },
);
