import * as fs from 'node:fs';
import * as path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import sharp from 'sharp';
import { Argon2PasswordHasher } from '../../src/modules/identity/adapters/argon2-password-hasher';

/**
 * Data for bench/page-weight (issue 11): community edits with camera-sized images, as the
 * pipeline stores them before renditions exist (image.renditions left NULL), and a verified user
 * with a real argon2id password who can sign in through POST /api/login.
 */
const PHOTOS_DIR = process.env.PHOTOS_DIR ?? path.resolve(__dirname, '..', '..', 'assets', 'demo-photos');
const PHOTOS = ['astronaut.png', 'chelsea.png', 'coffee.png', 'rocket.jpg'] as const;

export const SEED_WIDTH = 4000;
export const SEED_HEIGHT = 3000;

const PROMPTS = [
  'make it look like a warm summer evening',
  'turn the colors into a vintage postcard',
  'make the sky purple and dreamy',
  'give it a cold winter tone',
  'make the lighting more dramatic',
];

export interface SeededEdits {
  ids: string[];
  /** Bytes stored per column, summed over all edits. */
  originalBytes: number;
  generatedBytes: number;
  seconds: number;
}

interface EditImages {
  original: Buffer;
  generated: Buffer;
  photo: string;
}

/**
 * One edit's pair: the sample photo upscaled to 4000x3000 (cover), mirrored on every other round
 * so the 20 originals are not 4 repeated files, as a quality-90 JPEG; the "generated" image is
 * the same picture visibly re-coloured (hue, saturation, brightness), also a JPEG.
 */
async function editImages(n: number): Promise<EditImages> {
  const photo = PHOTOS[n % PHOTOS.length];
  const source = fs.readFileSync(path.join(PHOTOS_DIR, photo));
  const upscaled = () => {
    let s = sharp(source).removeAlpha().resize(SEED_WIDTH, SEED_HEIGHT, { fit: 'cover' });
    if (Math.floor(n / PHOTOS.length) % 2 === 1) s = s.flop();
    return s;
  };
  const [original, generated] = await Promise.all([
    upscaled().jpeg({ quality: 90 }).toBuffer(),
    upscaled()
      .modulate({ hue: 40 + ((n * 67) % 280), saturation: 1.4, brightness: 1.06 })
      .jpeg({ quality: 90 })
      .toBuffer(),
  ]);
  return { original, generated, photo };
}

/**
 * `count` completed, public edits of one (seeding) user, newest first a minute apart, inserted
 * straight into `image` with their bytes; a few laughs each (rows and count, like
 * seedCommunity). `renditions` is not written, so it stays NULL ("before").
 */
export async function seedLargeEdits(databaseUrl: string, count: number): Promise<SeededEdits> {
  const started = Date.now();
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const ownerId = randomUUID();
    await client.query(
      `INSERT INTO "user" (id, username, email, password, email_verified) VALUES ($1, 'pw_owner', 'pw-owner@example.com', 'x', true)`,
      [ownerId],
    );
    const ids: string[] = [];
    let originalBytes = 0;
    let generatedBytes = 0;
    // Two edits' images at a time (two cores); each insert as soon as its pair is ready.
    for (let n = 0; n < count; n += 2) {
      const batch = await Promise.all([n, n + 1].filter((k) => k < count).map((k) => editImages(k)));
      for (const [offset, images] of batch.entries()) {
        const k = n + offset;
        const id = randomUUID();
        const laughs = (count - k) % 7;
        await client.query(
          `INSERT INTO image (id, user_id, original_filename, prompt, style, status, is_public, timestamp,
                              original_image_data, original_mime_type, generated_image_data, generated_mime_type,
                              original_path, generated_path, laugh_count, model)
           VALUES ($1, $2, $3, $4, 'realistic', 'completed', true, now() - make_interval(mins => $5::int),
                   $6, 'image/jpeg', $7, 'image/jpeg', $8, $9, $10, 'bench')`,
          [
            id,
            ownerId,
            images.photo,
            `${PROMPTS[k % PROMPTS.length]} #${k + 1}`,
            k,
            images.original,
            images.generated,
            `/api/images/${id}/original`,
            `/api/images/${id}`,
            laughs,
          ],
        );
        if (laughs > 0) {
          await client.query(
            `INSERT INTO laugh (image_id, user_identifier) SELECT $1, 'anon_pw_' || g FROM generate_series(1, $2::int) AS g`,
            [id, laughs],
          );
        }
        ids.push(id);
        originalBytes += images.original.length;
        generatedBytes += images.generated.length;
      }
    }
    return { ids, originalBytes, generatedBytes, seconds: (Date.now() - started) / 1000 };
  } finally {
    await client.end();
  }
}

export interface BenchAccount {
  email: string;
  password: string;
}

/** A verified user whose password is a real argon2id hash (the app's own hasher), for POST /api/login. */
export async function seedVerifiedUser(databaseUrl: string): Promise<BenchAccount> {
  const account = { email: 'pw-viewer@example.com', password: 'correct horse battery staple' };
  const hash = await new Argon2PasswordHasher().hash(account.password);
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`INSERT INTO "user" (username, email, password, email_verified) VALUES ('pw_viewer', $1, $2, true)`, [
      account.email,
      hash,
    ]);
  } finally {
    await client.end();
  }
  return account;
}

/**
 * Signs in through POST /api/login (plain fetch, no Origin header: not a browser, so the
 * same-origin check lets it through) and returns the session cookie's name and value.
 */
export async function signIn(baseUrl: string, account: BenchAccount): Promise<{ name: string; value: string }> {
  const res = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (res.status !== 200) throw new Error(`POST /api/login answered ${res.status}: ${await res.text()}`);
  const setCookie = res.headers.getSetCookie().find((c) => /^magic\.sid=/.test(c));
  if (!setCookie) throw new Error('POST /api/login set no session cookie');
  const pair = setCookie.split(';')[0];
  const eq = pair.indexOf('=');
  return { name: pair.slice(0, eq), value: pair.slice(eq + 1) };
}

/** How far the backfill got: image rows with renditions, rows in image_rendition (null when absent). */
export async function renditionCounts(
  databaseUrl: string,
): Promise<{ imagesWithRenditions: number | null; renditionRows: number | null; renditionBytes: number | null }> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const column = await client.query(
      `SELECT 1 FROM information_schema.columns WHERE table_name = 'image' AND column_name = 'renditions'`,
    );
    const imagesWithRenditions = column.rowCount
      ? Number((await client.query<{ n: string }>(`SELECT count(*) AS n FROM image WHERE renditions IS NOT NULL`)).rows[0].n)
      : null;
    const table = await client.query<{ t: string | null }>(`SELECT to_regclass('image_rendition')::text AS t`);
    let renditionRows: number | null = null;
    let renditionBytes: number | null = null;
    if (table.rows[0].t) {
      renditionRows = Number((await client.query<{ n: string }>(`SELECT count(*) AS n FROM image_rendition`)).rows[0].n);
      const byteColumn = await client.query<{ column_name: string }>(
        `SELECT column_name FROM information_schema.columns
          WHERE table_name = 'image_rendition' AND data_type = 'bytea' ORDER BY ordinal_position LIMIT 1`,
      );
      if (byteColumn.rowCount) {
        const col = byteColumn.rows[0].column_name;
        renditionBytes = Number(
          (await client.query<{ n: string | null }>(`SELECT sum(octet_length("${col}")) AS n FROM image_rendition`)).rows[0].n ?? 0,
        );
      }
    }
    return { imagesWithRenditions, renditionRows, renditionBytes };
  } finally {
    await client.end();
  }
}

/** IntervalJobs' lock space (src/shared/jobs/interval-jobs.ts, JOB_LOCK_SPACE, not exported): "JOBS". */
const JOB_LOCK_SPACE = 0x4a4f4253;

/**
 * Holds an interval job's advisory lock on a connection of its own, so the app's instances skip
 * that job's ticks as if another instance were running it (IntervalJobs' multi-instance rule).
 * Here: the app's background renditions job must not fill in renditions during "before".
 */
export async function holdJobLock(databaseUrl: string, jobName: string): Promise<{ release(): Promise<void> }> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>(`SELECT pg_try_advisory_lock($1::int, hashtext($2)) AS locked`, [
      JOB_LOCK_SPACE,
      jobName,
    ]);
    if (!rows[0].locked) throw new Error(`the lock of job ${jobName} is taken already`);
  } catch (e) {
    await client.end();
    throw e;
  }
  let released = false;
  return {
    release: async () => {
      if (released) return;
      released = true;
      await client.end(); // ends the session, which frees its advisory locks
    },
  };
}
