import { Client } from 'pg';
import { seedCommunity } from './support/community-seed';
import { jsonClient, percentile } from './support/http-client';
import { BENCH_SECONDS, withDatabaseServer } from './support/load';
import { startAppProcess } from './support/servers';

const IDENTIFIERS = 200;
const IMAGES = 20;

/**
 * Issue 5: 200 identifiers toggling laughs on 20 images at once for BENCH_SECONDS (default 10):
 * each identifier, in its own loop, picks an image and adds its laugh, or removes it if it has
 * one. Afterwards every image's laugh_count must equal its laugh rows and what the identifiers
 * believe they left behind. Prints throughput and latency.
 *
 * Each identifier is its own visitor with its own address (X-Forwarded-For, with TRUST_PROXY set
 * as behind a real proxy), so the per-IP counters are 200 rows as in real traffic, not one hot
 * row. Those addresses are whitelisted (admin_whitelist), as each toggles far more than the 60
 * laughs a minute a person is allowed.
 */
export async function run(): Promise<void> {
  await withDatabaseServer(async () => {
    const app = await startAppProcess({ TRUST_PROXY: 'true' });
    const client = jsonClient(app.baseUrl, 200);
    const db = new Client({ connectionString: app.db.url });
    await db.connect();
    try {
      const images = await seedCommunity(app.db.url, IMAGES);
      await db.query(`DELETE FROM laugh`);
      await db.query(`UPDATE image SET laugh_count = 0`);
      const addressOf = (n: number) => `10.0.${Math.floor(n / 250)}.${(n % 250) + 1}`;
      await db.query(
        `INSERT INTO admin_whitelist (type, value, reason) SELECT 'ip', unnest($1::text[]), 'bench'`,
        [Array.from({ length: IDENTIFIERS }, (_, n) => addressOf(n))],
      );
      const held = new Map<string, Set<string>>(); // identifier → images it believes it laughed at
      const latencies: number[] = [];
      const statuses = new Map<number, number>();
      const end = Date.now() + BENCH_SECONDS * 1000;
      let seq = 0;
      const worker = async (n: number) => {
        const id = `anon_bench_${n}`;
        const mine = new Set<string>();
        held.set(id, mine);
        while (Date.now() < end) {
          const image = images[(n * 7 + seq++) % IMAGES];
          const adding = !mine.has(image);
          const t0 = performance.now();
          const res = await client.send(
            'POST',
            `/api/images/${image}/${adding ? 'add' : 'remove'}-laugh`,
            { userIdentifier: id },
            { 'x-forwarded-for': addressOf(n) },
          );
          latencies.push(performance.now() - t0);
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          if (res.status === 200) {
            if (adding) mine.add(image);
            else mine.delete(image);
          }
        }
      };
      console.log(`${IDENTIFIERS} identifiers toggling laughs on ${IMAGES} images for ${BENCH_SECONDS} s`);
      const started = performance.now();
      await Promise.all(Array.from({ length: IDENTIFIERS }, (_, n) => worker(n)));
      const seconds = (performance.now() - started) / 1000;
      latencies.sort((a, b) => a - b);

      const rows = (
        await db.query<{ id: string; laugh_count: number; rows: number }>(
          `SELECT i.id, i.laugh_count, (SELECT count(*)::int FROM laugh l WHERE l.image_id = i.id) AS rows
             FROM image i WHERE i.id = ANY($1::uuid[])`,
          [images],
        )
      ).rows;
      const believed = new Map<string, number>();
      for (const set of held.values()) for (const image of set) believed.set(image, (believed.get(image) ?? 0) + 1);
      const mismatched = rows.filter((r) => r.laugh_count !== r.rows || r.rows !== (believed.get(r.id) ?? 0));
      const total = latencies.length;
      console.table({
        'laugh toggles': total,
        'toggles/s': Math.round(total / seconds),
        'p50 ms': Number(percentile(latencies, 50).toFixed(1)),
        'p99 ms': Number(percentile(latencies, 99).toFixed(1)),
        statuses: [...statuses].map(([s, c]) => `${s}: ${c}`).join(', '),
      });
      console.log(
        `final counts: ${rows.length - mismatched.length}/${rows.length} images have laugh_count = laugh rows = laughs the identifiers hold` +
          ` (${rows.reduce((s, r) => s + r.rows, 0)} laughs in all)`,
      );
      if (mismatched.length) throw new Error(`Counts differ: ${JSON.stringify(mismatched.slice(0, 5))}`);
      if ([...statuses.keys()].some((s) => s !== 200)) throw new Error('Some laugh calls failed');
    } finally {
      client.close();
      await db.end();
      await app.stop();
    }
  });
}
