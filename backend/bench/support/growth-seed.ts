import { Client } from 'pg';

/** What the growth bench loads: `images` images and, scaled from it, users, laughs and ledger rows. */
export interface GrowthSize {
  images: number;
  users: number;
  laughs: number;
  ledger: number;
  /** The one user whose own data (saved images) is the same at every size. */
  heavyUserImages: number;
}

export function growthSize(images: number, heavyUserImages = 10_000): GrowthSize {
  return { images, users: Math.max(100, Math.round(images / 10)), laughs: images * 3, ledger: images * 2, heavyUserImages: Math.min(heavyUserImages, images) };
}

/** Deterministic ids, so the bench can name rows without reading them back. */
export const userId = (n: number) => `md5('u' || ${n})::uuid`;
export const HEAVY_USER = `md5('u1')::uuid`;

/**
 * Loads a migrated database through the real schema with generate_series (one statement per
 * table, triggers off for the load: the feed notifications and caches are not what is measured),
 * then ANALYZE. User 1 owns `heavyUserImages` saved images (the export and deletion user); the
 * rest are spread over the other users, two thirds public; laughs on the public ones, skewed so
 * a few images hold many; the ledger holds grants, spends and purchases over 90 days.
 */
export async function seedGrowth(databaseUrl: string, size: GrowthSize, log: (line: string) => void): Promise<void> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  const step = async (label: string, sql: string, params: unknown[] = []) => {
    const started = Date.now();
    await client.query(sql, params);
    log(`  ${label}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  };
  try {
    await client.query(`SET session_replication_role = replica`);
    await client.query(`SET maintenance_work_mem = '256MB'`);
    await step(
      `${size.users} users`,
      `INSERT INTO "user" (id, username, email, password, email_verified, created_at)
       SELECT md5('u' || g)::uuid, 'user' || g, 'user' || g || '@example.com', 'x', true, now() - make_interval(mins => g)
         FROM generate_series(1, $1) g`,
      [size.users],
    );
    // User 1 is on a paid plan (My Edits is paid-only, D7).
    await client.query(`UPDATE "user" SET subscription_tier = 'starter', is_subscribed = true WHERE id = md5('u1')::uuid`);
    await step(
      `${size.images} images (${size.heavyUserImages} saved by user 1)`,
      `INSERT INTO image (id, user_id, prompt, style, status, is_public, laugh_count, "timestamp", is_saved, saved_at, expires_at,
                          original_path, generated_path, original_mime_type, generated_mime_type, model)
       SELECT md5('i' || g)::uuid,
              CASE WHEN g <= $2 THEN md5('u1')::uuid ELSE md5('u' || (2 + g % ($3 - 1)))::uuid END,
              'add snow falling, take ' || g, 'realistic', 'completed', g > $2 AND g % 3 <> 0, 0,
              now() - make_interval(secs => g * 7),
              g <= $2, CASE WHEN g <= $2 THEN now() - make_interval(secs => g) END,
              CASE WHEN g <= $2 THEN now() + interval '30 days' END,
              '/api/images/' || md5('i' || g)::uuid || '/original', '/api/images/' || md5('i' || g)::uuid, 'image/jpeg', 'image/jpeg', 'local-engine'
         FROM generate_series(1, $1) g`,
      [size.images, size.heavyUserImages, size.users],
    );
    // Laughs: identifier n laughs at public images picked so that low image numbers get most.
    await step(
      `${size.laughs} laughs`,
      `INSERT INTO laugh (image_id, user_identifier, created_at)
       SELECT DISTINCT ON (img, ident) md5('i' || img)::uuid, ident, now() - make_interval(secs => g)
         FROM (SELECT g, 'anon_' || (g % 200000) AS ident,
                      ($2 + 1 + (floor(power(random(), 3) * ($1 - $2 - 1)))::int) AS img
                 FROM generate_series(1, $3) g) s
        WHERE img > $2 AND img % 3 <> 0
       ON CONFLICT DO NOTHING`,
      [size.images, size.heavyUserImages, size.laughs],
    );
    // And user 1 laughed at 1,000 of them, signed in (its id as the identifier): what a deletion removes.
    await client.query(
      `INSERT INTO laugh (image_id, user_identifier) SELECT md5('i' || g)::uuid, md5('u1')::uuid::text
         FROM generate_series($1 + 1, $2) g WHERE g % 3 <> 0 LIMIT 1000 ON CONFLICT DO NOTHING`,
      [size.heavyUserImages, size.images],
    );
    await step(
      'laugh counts',
      `UPDATE image i SET laugh_count = c.n FROM (SELECT image_id, count(*)::int AS n FROM laugh GROUP BY image_id) c WHERE c.image_id = i.id`,
    );
    await step(
      `${size.ledger} ledger rows`,
      `INSERT INTO credit_transaction (id, user_id, type, credit_kind, credits, description, source_type, purchase_amount, pack_type, created_at, idempotency_key)
       SELECT gen_random_uuid(), md5('u' || (1 + g % $2))::uuid,
              CASE WHEN g % 10 = 0 THEN 'purchase' WHEN g % 2 = 0 THEN 'use' ELSE 'grant' END,
              CASE WHEN g % 7 = 0 THEN 'watermarked' ELSE 'regular' END,
              CASE WHEN g % 10 = 0 THEN 10 WHEN g % 2 = 0 THEN -1 ELSE 2 END,
              'bench', CASE WHEN g % 10 = 0 THEN 'purchase' WHEN g % 2 = 0 THEN 'generation' ELSE 'verification' END,
              CASE WHEN g % 10 = 0 THEN 999 END, CASE WHEN g % 10 = 0 THEN 'starter' END,
              now() - make_interval(secs => (g * 3) % (90 * 86400)), 'bench:' || g
         FROM generate_series(1, $1) g`,
      [size.ledger, size.users],
    );
    await client.query(`UPDATE credit_transaction SET group_id = id WHERE group_id IS NULL`).catch(() => undefined);
    await client.query(`SET session_replication_role = DEFAULT`);
    // The triggers were off for the load: the summaries they keep are made once from the rows.
    await step(
      'summaries (image_daily_stats, ledger_daily_stats, account_counts, subscriber_count)',
      `SELECT image_daily_stats_rebuild(), ledger_daily_stats_rebuild(), account_counts_rebuild(), subscriber_count_rebuild()`,
    );
    // As autovacuum leaves a table at rest: statistics, and the visibility map index-only scans read.
    await step('VACUUM ANALYZE', `VACUUM (ANALYZE)`);
    // Steady state: the load's dirty pages are written now, not by a checkpoint while it is timed.
    await step('CHECKPOINT', `CHECKPOINT`);
  } finally {
    await client.end();
  }
}
