import { Client } from 'pg';

const PROMPTS = [
  'change the background to a beach at sunset',
  'put the girl in a black dress',
  'remove the person on the left',
  'add snow falling',
  'make the lighting more dramatic',
  'turn the sky into a galaxy',
];

/**
 * `images` completed public images of one user, a second apart, with laugh rows and matching
 * counts on a third of them (so the leaderboard has pages), straight into the database.
 */
export async function seedCommunity(databaseUrl: string, images: number): Promise<string[]> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const [user] = (
      await client.query<{ id: string }>(
        `INSERT INTO "user" (username, email, password, email_verified) VALUES ('bench', 'bench@example.com', 'x', true) RETURNING id`,
      )
    ).rows;
    const rows = await client.query<{ id: string }>(
      `INSERT INTO image (user_id, prompt, style, status, is_public, timestamp, laugh_count)
       SELECT $1, ($2::text[])[1 + n % array_length($2::text[], 1)] || ' #' || n, 'realistic', 'completed', true,
              now() - make_interval(secs => n), 0
         FROM generate_series(1, $3::int) AS n
       RETURNING id`,
      [user.id, PROMPTS, images],
    );
    const ids = rows.rows.map((r) => r.id);
    // Laughs on every third image: 1..50 laughs each, as rows and as the count.
    await client.query(
      `WITH picked AS (
         SELECT id, 1 + (row_number() OVER (ORDER BY id)) % 50 AS n FROM image WHERE id = ANY($1::uuid[])
       ), rows AS (
         INSERT INTO laugh (image_id, user_identifier)
         SELECT p.id, 'anon_bench_' || g FROM picked p, generate_series(1, p.n) AS g
          WHERE (SELECT count(*) FROM picked q WHERE q.id < p.id) % 3 = 0
         RETURNING image_id
       )
       UPDATE image i SET laugh_count = c.n FROM (SELECT image_id, count(*)::int AS n FROM rows GROUP BY image_id) c
        WHERE i.id = c.image_id`,
      [ids],
    );
    return ids;
  } finally {
    await client.end();
  }
}
