import { execFile } from 'node:child_process';
import * as path from 'node:path';
import { Client } from 'pg';
import request from 'supertest';
import { DEMO_EDITS } from '../../src/cli/seed/demo-content';
import { ADMIN_EMAIL, DEMO_CREDITS, DEMO_EMAIL, DEV_PASSWORD } from '../../src/cli/seed/seed-settings';
import { startS3Server, type S3TestServer } from '../images/s3-helpers';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { BACKEND_ENTRY_ENV, backendEntry } from '../support/server-process';
import { createTestApp, type TestApp } from '../support/test-app';
import type { CommunityEntryResponse } from '../../src/modules/community/adapters/http/community.responses';

const BACKEND = path.resolve(__dirname, '..', '..');

interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * `npm run seed -w backend` on the test's database: the build's dist/cli/seed.js when the build is
 * fresh (`npm test` builds first), else src/cli/seed.ts through ts-node as the package script runs it.
 */
function runSeedCommand(db: TestDatabase, env: Record<string, string> = {}): Promise<CommandResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      backendEntry('src/cli/seed.ts'),
      {
        cwd: BACKEND,
        env: {
          ...process.env,
          ...BACKEND_ENTRY_ENV,
          NODE_ENV: 'test',
          DATABASE_URL: db.url,
          ADMIN_EMAILS: '',
          SEED_DEMO_PASSWORD: '',
          SEED_ADMIN_PASSWORD: '',
          SEED_FORCE: '',
          PORT: '',
          EMBEDDED_PG_PORT: '',
          ...env,
        },
        timeout: 120_000,
      },
      (error, stdout, stderr) => resolve({ code: error ? Number((error as { code?: unknown }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/**
 * Rows in every table of the app's schema. rate_limit_attempt is left out: it counts requests per
 * time window (the seed's own laughs and sign-ups among them), it holds no seeded data.
 */
async function rowCounts(db: TestDatabase): Promise<Record<string, number>> {
  const client = new Client({ connectionString: db.url });
  await client.connect();
  try {
    const tables = await client.query<{ name: string }>(
      `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'rate_limit_attempt' ORDER BY tablename`,
    );
    const counts: Record<string, number> = {};
    for (const { name } of tables.rows) {
      const result = await client.query<{ n: string }>(`SELECT count(*) AS n FROM "${name}"`);
      counts[name] = Number(result.rows[0].n);
    }
    return counts;
  } finally {
    await client.end();
  }
}

/** A feed entry, as the server's contract declares it (ADR 0027). */
type FeedEntry = CommunityEntryResponse;

describe('npm run seed (issue 15): a living product in one command', () => {
  let db: TestDatabase;
  let t: TestApp;
  let first: CommandResult;
  let second: CommandResult;
  let countsAfterFirst: Record<string, number>;
  let countsAfterSecond: Record<string, number>;

  beforeAll(async () => {
    // Empty, as on a first install: the command migrates the database itself.
    db = await createTestDatabase('seed', { empty: true });
    first = await runSeedCommand(db);
    countsAfterFirst = await rowCounts(db);
    // Issue 24: run again as someone whose app listens elsewhere (the database still DATABASE_URL's).
    second = await runSeedCommand(db, { PORT: '3999', EMBEDDED_PG_PORT: '55999' });
    countsAfterSecond = await rowCounts(db);
    // The app as `ADMIN_EMAILS=… npm start` runs it after the seed printed that line.
    t = await createTestApp({ db, env: { ADMIN_EMAILS: ADMIN_EMAIL } });
  }, 240_000); // two runs of the command (through ts-node, when not built, it compiles the app's sources first)

  afterAll(async () => {
    await t?.close();
    await db?.drop();
  });

  it('creates everything on the first run and says so', () => {
    expect(first).toMatchObject({ code: 0, stderr: '' });
    expect(first.stdout).toMatch(/created\s+account admin@magic-editor\.local/);
    expect(first.stdout).toMatch(/created\s+account demo@magic-editor\.local/);
    expect(first.stdout).toMatch(/created\s+whitelist entry ip 127\.0\.0\.1/);
    expect(first.stdout).toMatch(new RegExp(`created\\s+${DEMO_CREDITS} regular credits for demo@magic-editor\\.local`));
    expect(first.stdout.match(/created\s+community edit of /g)).toHaveLength(DEMO_EDITS.length);
    expect(first.stdout).toContain(`ADMIN_EMAILS=${ADMIN_EMAIL} npm start`);
    expect(first.stdout).toContain(`${DEMO_EMAIL}  password ${DEV_PASSWORD}`);
    expect(countsAfterFirst).toMatchObject({
      user: 2,
      image: DEMO_EDITS.length,
      laugh: DEMO_EDITS.reduce((sum, e) => sum + e.laughs, 0),
      admin_whitelist: 2,
      // D32: the two whitelist additions, done by the admin through the admin API.
      admin_audit_log: 2,
      // The seed signs out of every session it opened.
      session: 0,
    });
  });

  it('finds everything on the second run and changes no row', () => {
    expect(second).toMatchObject({ code: 0, stderr: '' });
    expect(second.stdout).not.toMatch(/^\s+(created|updated)\s/m);
    expect(second.stdout).toMatch(/Seeded: 0 created, 0 updated, \d+ already there\./);
    expect(second.stdout).toMatch(/found\s+community edit of astronaut\.png/);
    expect(countsAfterSecond).toEqual(countsAfterFirst);
  });

  it('prints a restart line with the port it was given, and no embedded PostgreSQL port when DATABASE_URL is the database (issue 24)', () => {
    expect(second.stdout).toContain(`  ADMIN_EMAILS=${ADMIN_EMAIL} PORT=3999 npm start\n`);
    expect(second.stdout).toContain('Then open http://localhost:3999 and sign in');
    expect(second.stdout).not.toContain('EMBEDDED_PG_PORT');
    expect(first.stdout).toContain(`  ADMIN_EMAILS=${ADMIN_EMAIL} npm start\n`);
  });

  it('lets the demo user sign in with the printed password, verified and with the credits', async () => {
    const demo = request.agent(t.http);
    const login = await demo.post('/api/login').send({ email: DEMO_EMAIL, password: DEV_PASSWORD }).expect(200);
    expect(login.body).toMatchObject({ emailVerified: true, isAdmin: false });
    const credits = await demo.get('/api/user/credits').expect(200);
    // D1's 2 watermarked credits, the seed's regular ones, less one per edit it made (D2: regular first).
    expect(credits.body).toEqual({
      balance: DEMO_CREDITS - DEMO_EDITS.length + 2,
      regular: DEMO_CREDITS - DEMO_EDITS.length,
      watermarked: 2,
    });
  });

  it('shows the edits with their laughs in the community feed and the Hall of Fame', async () => {
    const feed = (await request(t.http).get('/api/community/recent').expect(200)).body as FeedEntry[];
    expect(feed.map((e) => [e.prompt, e.laughCount]).sort()).toEqual(DEMO_EDITS.map((e) => [e.prompt, e.laughs]).sort());
    const leaderboard = (await request(t.http).get('/api/leaderboard').expect(200)).body as FeedEntry[];
    expect(leaderboard.map((e) => e.laughCount)).toEqual(DEMO_EDITS.map((e) => e.laughs).sort((a, b) => b - a));
    // Real edited pictures, served like any other (the local engine kept each photo's format).
    for (const entry of feed) {
      const picture = await request(t.http).get(entry.imageUrl).expect(200);
      expect(picture.headers['content-type']).toMatch(/^image\/(png|jpeg)$/);
      expect(picture.body.length).toBeGreaterThan(10_000);
    }
  });

  it('makes an admin who reaches the admin API and sees this machine whitelisted (D19, D25)', async () => {
    const admin = request.agent(t.http);
    const login = await admin.post('/api/login').send({ email: ADMIN_EMAIL, password: DEV_PASSWORD }).expect(200);
    expect(login.body).toMatchObject({ emailVerified: true, isAdmin: true });
    const whitelist = await admin.get('/api/admin/whitelist').expect(200);
    expect(whitelist.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'ip', value: '127.0.0.1', isActive: true }),
        expect.objectContaining({ type: 'ip', value: '::1', isActive: true }),
      ]),
    );
  });

  it('lifts the per-address sign-up limit on this machine', async () => {
    // D19: 3 accounts per address a day; the whitelisted loopback address signs up more.
    for (let i = 0; i < 4; i++) {
      await request(t.http)
        .post('/api/register')
        .send({ email: `local${i}@example.com`, username: `local_${i}`, password: 'secret-123' })
        .expect(201);
    }
  });
});

describe('npm run seed with the images in an object store (ADR 0023)', () => {
  let db: TestDatabase;
  let s3: S3TestServer;

  beforeAll(async () => {
    db = await createTestDatabase('seeds3');
    s3 = await startS3Server();
  });

  afterAll(async () => {
    await s3?.close();
    await db?.drop();
  });

  it('stores the edits in the bucket, where the app serves them from', async () => {
    const run = await runSeedCommand(db, s3.env);
    // (The AWS SDK may warn on stderr about Node versions; the exit code says whether it worked.)
    expect(run).toMatchObject({ code: 0 });
    expect(run.stdout.match(/created\s+community edit of /g)).toHaveLength(DEMO_EDITS.length);
    const t = await createTestApp({ db, env: s3.env });
    try {
      const feed = (await request(t.http).get('/api/community/recent').expect(200)).body as FeedEntry[];
      expect(feed).toHaveLength(DEMO_EDITS.length);
      for (const entry of feed) {
        expect(await s3.imageKeys(entry.id)).not.toHaveLength(0);
        await request(t.http).get(entry.imageUrl).expect(200);
      }
    } finally {
      await t.close();
    }
  }, 150_000);
});
