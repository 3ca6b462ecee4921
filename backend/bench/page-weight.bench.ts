import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Browser } from 'playwright-core';
import { withDatabaseServer } from './support/load';
import { launchChromium, measureVisit, type RequestRecord, type VisitFigures, type WeightFigures } from './support/page-weight-browser';
import { holdJobLock, renditionCounts, seedLargeEdits, seedVerifiedUser, signIn } from './support/page-weight-seed';
import { startAppProcess } from './support/servers';

/**
 * Issue 11 (D31): page weight. /dashboard weighed 4.9 MB with five community edits because
 * every list drew full-size images as thumbnails. On the real app (own process, production
 * mode, serving the built frontend) with 20 completed public edits of 12-megapixel JPEGs and no
 * renditions, a real Chromium (desktop 1280x800, DPR 1, fresh context each visit) opens
 * /dashboard signed in and / anonymously; then the renditions backfill runs and both are
 * measured again. Target: /dashboard's initial load under 1.5 MB after renditions.
 *
 * Bytes: the sum of CDP Network.loadingFinished encodedDataLength over the page's requests
 * (headers + body as transferred). 1 MB = 1,000,000 bytes.
 */
const EDITS = 20;
const TARGET_BYTES = 1_500_000;
const BACKEND = path.resolve(__dirname, '..');
const REPO = path.resolve(BACKEND, '..');
const DIST_INDEX = path.join(REPO, 'frontend', 'dist', 'index.html');
const BACKFILL_SCRIPT = 'src/cli/backfill-renditions.ts';
const BACKFILL_TIMEOUT_MS = 15 * 60_000;
/** The app's feed cache (COMMUNITY_CACHE_TTL_MS, 5 s by default) must forget the "before" answers. */
const FEED_CACHE_WAIT_MS = Number(process.env.COMMUNITY_CACHE_TTL_MS ?? 5000) + 1000;
/** The app's own background backfill (src/modules/images/application/make-missing-renditions.job.ts). */
const RENDITIONS_JOB = 'images.make-missing-renditions';
/** PAGE_WEIGHT_VERBOSE=1 lists every request of every visit. */
const VERBOSE = Boolean(process.env.PAGE_WEIGHT_VERBOSE);
/** The list's images (EditPair's alt text), on both pages. */
const READY = 'img[alt^="Original photo"]';

interface PhaseFigures {
  dashboard: VisitFigures;
  landing: VisitFigures;
}

const mb = (bytes: number) => (bytes / 1e6).toFixed(2);
const kb = (bytes: number) => (bytes / 1e3).toFixed(1);

function shortUrl(url: string): string {
  const u = new URL(url);
  return (u.pathname + u.search).replace(/([0-9a-f]{8})-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '$1…');
}

function newestMtime(dir: string): { file: string; mtimeMs: number } {
  let newest = { file: dir, mtimeMs: 0 };
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    // Tests are not in the build.
    if (/\.test\.tsx?$/.test(entry.name) || (entry.isDirectory() && entry.name === 'test')) continue;
    const full = path.join(dir, entry.name);
    const found = entry.isDirectory() ? newestMtime(full) : { file: full, mtimeMs: fs.statSync(full).mtimeMs };
    if (found.mtimeMs > newest.mtimeMs) newest = found;
  }
  return newest;
}

/** The app serves frontend/dist: without a build there is no page to weigh. */
function checkBuild(): void {
  if (!fs.existsSync(DIST_INDEX)) {
    throw new Error(`page-weight needs the built frontend: ${path.relative(REPO, DIST_INDEX)} is missing. Run \`npm run build\` (in ${REPO}) first.`);
  }
  const built = fs.statSync(DIST_INDEX).mtimeMs;
  const newest = newestMtime(path.join(REPO, 'frontend', 'src'));
  if (newest.mtimeMs > built) {
    console.warn(
      `warning: frontend/dist is older than ${path.relative(REPO, newest.file)} (changed ${new Date(newest.mtimeMs).toISOString()}); ` +
        'the pages measured are the last build. Run `npm run build` to measure the current source.',
    );
  }
}

function describe(label: string, f: WeightFigures): string {
  const largest = f.largestImage ? `${kb(f.largestImage.bytes)} KB ${shortUrl(f.largestImage.url)}` : 'none';
  const byType = Object.entries(f.byType)
    .sort((a, b) => b[1] - a[1])
    .map(([type, bytes]) => `${type} ${kb(bytes)} KB`)
    .join(', ');
  return [
    `  ${label}: ${mb(f.totalBytes)} MB in ${f.requests} requests; images ${mb(f.imageBytes)} MB in ${f.imageRequests} requests; largest image ${largest}`,
    `    by type: ${byType}${f.webSocketBytes ? `; WebSocket frames received ${kb(f.webSocketBytes)} KB (not in the total)` : ''}`,
  ].join('\n');
}

function topRequests(records: RequestRecord[], n: number): string {
  return [...records]
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, n)
    .map((r) => `${kb(r.bytes)} KB ${r.type} ${shortUrl(r.url)}`)
    .join(' | ');
}

function printPhase(phase: string, figures: PhaseFigures): void {
  console.log(`\n--- ${phase} ---`);
  for (const [page, visit] of [
    ['/dashboard (signed in)', figures.dashboard],
    ['/ (anonymous)', figures.landing],
  ] as const) {
    console.log(page);
    console.log(describe('initial load', visit.initial));
    console.log(describe('after scrolling to the bottom (cumulative)', visit.scrolled));
    console.log(`    largest requests: ${topRequests(visit.scrolled.records, 3)}`);
    const { drawn } = visit;
    const soft = drawn.upscaled
      .slice(0, 3)
      .map((i) => `${shortUrl(i.src)} ${i.fileWidth} px drawn ${i.drawnWidth} px`)
      .join(' | ');
    console.log(
      `    images drawn: ${drawn.loaded} in boxes ${drawn.boxWidths[0]}-${drawn.boxWidths[1]} px wide; ` +
        `file width / drawn width ${drawn.meanOversize.toFixed(2)} on average (object-fit counted); ` +
        `drawn wider than their file (soft): ${drawn.upscaled.length}${soft ? ` (${soft})` : ''}`,
    );
    if (VERBOSE) {
      const initial = new Set(visit.initial.records.map((r) => r.url));
      for (const r of visit.scrolled.records) {
        console.log(`      ${initial.has(r.url) ? 'initial ' : 'scrolled'} ${r.status} ${r.type.padEnd(10)} ${kb(r.bytes).padStart(8)} KB ${shortUrl(r.url)}`);
      }
    }
    for (const w of visit.warnings) console.warn(`  warning: ${w}`);
  }
}

async function measurePhase(browser: Browser, baseUrl: string, cookie: { name: string; value: string }): Promise<PhaseFigures> {
  const dashboard = await measureVisit(browser, `${baseUrl}/dashboard`, {
    cookie,
    readySelector: READY,
    check: async (page) => {
      const where = new URL(page.url()).pathname;
      if (where !== '/dashboard') throw new Error(`the signed-in user was sent from /dashboard to ${where}`);
      if (await page.getByText('Authentication Required').count()) throw new Error('/dashboard shows "Authentication Required": not signed in');
    },
  });
  const landing = await measureVisit(browser, `${baseUrl}/`, {
    readySelector: READY,
    // The shell asks who is signed in; a visitor is nobody.
    expectedFailure: (r) => r.status === 401 && new URL(r.url).pathname === '/api/user',
  });
  return { dashboard, landing };
}

/** The renditions backfill exactly as documented; resolves with its output, rejects with a clear error. */
function runBackfill(databaseUrl: string): Promise<string> {
  const command = `cd backend && DATABASE_URL=<app database> TS_NODE_TRANSPILE_ONLY=true node -r ts-node/register ${BACKFILL_SCRIPT}`;
  if (!fs.existsSync(path.join(BACKEND, BACKFILL_SCRIPT))) {
    return Promise.reject(new Error(`the backfill command does not exist yet (backend/${BACKFILL_SCRIPT} is missing): ${command}`));
  }
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-r', 'ts-node/register', BACKFILL_SCRIPT], {
      cwd: BACKEND,
      env: { ...process.env, DATABASE_URL: databaseUrl, TS_NODE_TRANSPILE_ONLY: 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout = (stdout + d.toString()).slice(-20_000)));
    child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-20_000)));
    const timer = setTimeout(() => child.kill('SIGKILL'), BACKFILL_TIMEOUT_MS);
    child.once('error', (e) => {
      clearTimeout(timer);
      reject(new Error(`the backfill command could not start (${e.message}): ${command}`));
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(stdout.trim());
      else
        reject(
          new Error(
            `the backfill command failed (${signal ? `killed by ${signal}` : `exit code ${code}`}): ${command}\n` +
              `--- its stdout ---\n${stdout.trim()}\n--- its stderr ---\n${stderr.trim()}`,
          ),
        );
    });
  });
}

function printComparison(before: PhaseFigures, after: PhaseFigures | null): void {
  const rows = [];
  for (const [page, key] of [
    ['/dashboard', 'dashboard'],
    ['/', 'landing'],
  ] as const) {
    for (const [moment, which] of [
      ['initial load', 'initial'],
      ['scrolled to bottom', 'scrolled'],
    ] as const) {
      const b = before[key][which];
      const a = after?.[key][which];
      rows.push({
        page,
        moment,
        'before MB': mb(b.totalBytes),
        'after MB': a ? mb(a.totalBytes) : '-',
        'after/before': a ? (a.totalBytes / b.totalBytes).toFixed(3) : '-',
        'img MB before': mb(b.imageBytes),
        'img MB after': a ? mb(a.imageBytes) : '-',
        'img req before': b.imageRequests,
        'img req after': a ? a.imageRequests : '-',
        'largest img KB before': b.largestImage ? kb(b.largestImage.bytes) : '-',
        'largest img KB after': a?.largestImage ? kb(a.largestImage.bytes) : '-',
      });
    }
  }
  console.table(rows);
}

export async function run(): Promise<void> {
  checkBuild();
  await withDatabaseServer(async () => {
    // Production mode refuses to start without Stripe unless the local checkout is asked for by name.
    const app = await startAppProcess();
    let browser: Browser | undefined;
    let jobLock: { release(): Promise<void> } | undefined;
    try {
      // The app makes missing renditions itself, 10 a minute (images.make-missing-renditions):
      // while "before" is measured and the backfill command runs, its lock is held here so every tick skips.
      jobLock = await holdJobLock(app.db.url, RENDITIONS_JOB);
      const seeded = await seedLargeEdits(app.db.url, EDITS);
      console.log(
        `${EDITS} public edits seeded in ${seeded.seconds.toFixed(1)} s: 4000x3000 JPEG q90, originals ${mb(seeded.originalBytes)} MB ` +
          `(avg ${kb(seeded.originalBytes / EDITS)} KB), generated ${mb(seeded.generatedBytes)} MB (avg ${kb(seeded.generatedBytes / EDITS)} KB); renditions NULL`,
      );
      const account = await seedVerifiedUser(app.db.url);
      const cookie = await signIn(app.baseUrl, account);
      browser = await launchChromium();
      console.log(`Chromium ${browser.version()}, 1280x800 at DPR 1, a fresh context per visit; bytes = sum of CDP loadingFinished encodedDataLength`);

      const before = await measurePhase(browser, app.baseUrl, cookie);
      printPhase('before: no renditions', before);
      const untouched = await renditionCounts(app.db.url);
      if (untouched.imagesWithRenditions || untouched.renditionRows) {
        console.warn(
          `warning: renditions appeared during "before" (${untouched.imagesWithRenditions ?? 0} images, ${untouched.renditionRows ?? 0} rows): ` +
            `the "before" figures are partly "after" (was ${RENDITIONS_JOB} not held off?)`,
        );
      }

      let summary: string;
      const started = Date.now();
      try {
        summary = await runBackfill(app.db.url);
      } catch (e) {
        console.log('\n--- before only (the backfill failed, nothing to compare) ---');
        printComparison(before, null);
        console.log(`/dashboard initial load: ${mb(before.dashboard.initial.totalBytes)} MB (target < ${mb(TARGET_BYTES)} MB after renditions): not measured`);
        throw new Error(`page-weight: ${(e as Error).message}`);
      }
      // Until here the command alone made the renditions (its summary counts them all).
      await jobLock.release();
      const counts = await renditionCounts(app.db.url);
      console.log(`\nbackfill (${((Date.now() - started) / 1000).toFixed(1)} s): ${summary || '(printed nothing)'}`);
      console.log(
        `after the backfill: images with renditions ${counts.imagesWithRenditions ?? 'n/a (no image.renditions column)'} of ${EDITS}, ` +
          `image_rendition rows ${counts.renditionRows ?? 'n/a (no table)'}` +
          (counts.renditionBytes !== null ? ` holding ${mb(counts.renditionBytes)} MB` : ''),
      );
      await new Promise((r) => setTimeout(r, FEED_CACHE_WAIT_MS));

      const after = await measurePhase(browser, app.baseUrl, cookie);
      printPhase('after: renditions backfilled', after);

      console.log('\n--- before / after (MB = 1,000,000 bytes transferred) ---');
      printComparison(before, after);
      const result = after.dashboard.initial.totalBytes;
      console.log(
        `/dashboard initial load after renditions: ${mb(result)} MB (${result} B), target < ${mb(TARGET_BYTES)} MB: ${result < TARGET_BYTES ? 'PASS' : 'MISS'}`,
      );
    } finally {
      await jobLock?.release().catch(() => undefined);
      await browser?.close().catch(() => undefined);
      await app.stop();
    }
  });
}
