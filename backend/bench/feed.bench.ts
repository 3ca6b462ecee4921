import { seedCommunity } from './support/community-seed';
import { BENCH_CONNECTIONS, BENCH_SECONDS, load, printTable, withDatabaseServer, type LoadFigures } from './support/load';
import { startAppProcess, startBareServer } from './support/servers';

const IMAGES = 1000;
const TARGET_RATIO = 0.5;
const TARGET_P99_MS = 50;

/**
 * Issue 5: the community read path. GET /api/community/recent?limit=20 and GET /api/leaderboard
 * on the real app (own process, production mode) with 1,000 images in the database, each against
 * a bare node:http server answering the same bytes, in the same run. Targets: at least 0.5 of
 * the bare server's requests per second, p99 at most 50 ms.
 */
export async function run(): Promise<void> {
  await withDatabaseServer(async () => {
    const app = await startAppProcess();
    try {
      await seedCommunity(app.db.url, IMAGES);
      console.log(`${IMAGES} images seeded; autocannon: ${BENCH_CONNECTIONS} connections, ${BENCH_SECONDS} s per target, 2 cores shared`);
      const verdicts: string[] = [];
      const rows: LoadFigures[] = [];
      for (const path of ['/api/community/recent?limit=20', '/api/leaderboard']) {
        const res = await fetch(`${app.baseUrl}${path}`, { headers: { 'accept-encoding': 'identity' } });
        const body = await res.text();
        const entries = (JSON.parse(body) as unknown[]).length;
        const bare = await startBareServer(body);
        try {
          const a = await load(`app GET ${path} (${entries} entries, ${body.length} B)`, `${app.baseUrl}${path}`);
          const b = await load('bare node:http, same bytes', `${bare.baseUrl}/`);
          rows.push(a, b);
          if (a.failures) throw new Error(`${a.failures} failed requests against the app`);
          const ratio = a.requestsPerSecond / b.requestsPerSecond;
          const ok = ratio >= TARGET_RATIO && a.p99Ms <= TARGET_P99_MS;
          verdicts.push(
            `${path}: ratio ${ratio.toFixed(2)} (target >= ${TARGET_RATIO}), p99 ${a.p99Ms} ms (target <= ${TARGET_P99_MS}) ${ok ? 'MET' : 'NOT MET'}`,
          );
        } finally {
          await bare.stop();
        }
      }
      printTable(rows);
      for (const v of verdicts) console.log(v);
    } finally {
      await app.stop();
    }
  });
}
