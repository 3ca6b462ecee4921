import { BENCH_CONNECTIONS, BENCH_SECONDS, load, printTable, withDatabaseServer } from './support/load';
import { startAppProcess, startBareServer } from './support/servers';

/**
 * GET /api/health through the whole production pipeline (compression, helmet, same-origin
 * check, session, request log at LOG_LEVEL=silent, Nest router, one `SELECT 1`) against a bare
 * node:http server answering the same bytes, each in its own process, in the same run. Shows
 * what the pipeline and one database round trip cost; later read-path benchmarks (feed,
 * leaderboard) use the same harness.
 */
export async function run(): Promise<void> {
  await withDatabaseServer(async () => {
    const app = await startAppProcess();
    const body = await (await fetch(`${app.baseUrl}/api/health`)).text();
    const bare = await startBareServer(body);
    try {
      console.log(`autocannon: ${BENCH_CONNECTIONS} connections, ${BENCH_SECONDS} s per target, 2 cores shared`);
      const appFigures = await load('app GET /api/health', `${app.baseUrl}/api/health`);
      const bareFigures = await load('bare node:http, same bytes', `${bare.baseUrl}/`);
      printTable([appFigures, bareFigures]);
      console.log(`ratio (app / bare req/s): ${(appFigures.requestsPerSecond / bareFigures.requestsPerSecond).toFixed(2)}`);
      if (appFigures.failures) throw new Error(`${appFigures.failures} failed requests against the app`);
    } finally {
      await bare.stop();
      await app.stop();
    }
  });
}
