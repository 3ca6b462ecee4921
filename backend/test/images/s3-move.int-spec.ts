import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as path from 'node:path';
import { promisify } from 'node:util';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { loadConfig } from '../../src/config/app-config';
import { databaseOptions } from '../../src/database/database-options';
import { runMoveToObjectStore } from '../../src/modules/images/adapters/cli/move-to-object-store';
import { RENDITION_BACKFILL_ENTITIES } from '../../src/modules/images/adapters/cli/rendition-backfill';
import { createImageStore } from '../../src/modules/images/adapters/image-store.factory';
import { createGenerationApp, generate, signedInUser, sql, type TestUser } from '../generation/generation-helpers';
import { photoJpeg, photoPng } from '../support/images';
import { BACKEND_ENTRY_ENV, backendEntry } from '../support/server-process';
import { createTestApp, type TestApp } from '../support/test-app';
import { startS3Server, type S3TestServer } from './s3-helpers';

interface Made {
  id: string;
  originalRenditions: Array<{ url: string }>;
  generatedRenditions: Array<{ url: string }>;
}

/**
 * ADR 0023: `npm run images:move-to-s3 -w backend` moves images stored in PostgreSQL (the default)
 * to the object store: afterwards every file and rendition is served identically from the bucket,
 * no bytes are left in the rows, and running it again changes nothing.
 */
describe('moving images from PostgreSQL to the object store', () => {
  let s3: S3TestServer;
  let pgApp: TestApp;
  let s3App: TestApp;
  let owner: TestUser;
  const made: Made[] = [];

  beforeAll(async () => {
    s3 = await startS3Server();
    pgApp = await createGenerationApp();
    owner = await signedInUser(pgApp, { regular: 5 });
    for (const [image, share] of [
      [photoJpeg(), 'true'],
      [photoPng(), 'false'],
      [photoJpeg(), 'false'],
    ] as const) {
      const res = await generate(owner.agent, { image, prompt: 'make it black and white', share, contentType: image === photoPng() ? 'image/png' : 'image/jpeg' }).expect(200);
      made.push(res.body as Made);
    }
    // A second instance, on the same database, configured for the object store (as an operator
    // switches the app over before moving).
    s3App = await createTestApp({ db: pgApp.db, env: s3.env });
  });
  afterAll(async () => {
    await s3App?.close();
    await pgApp?.close();
    await s3?.close();
  });

  const urlsOf = (m: Made) => [`/api/images/${m.id}`, `/api/images/${m.id}/original`, ...m.originalRenditions.map((r) => r.url), ...m.generatedRenditions.map((r) => r.url)];

  /**
   * Every file and rendition as the instance serves it: type, ETag and the bytes' SHA-256 (jest's
   * deep equality walks a Buffer byte by byte: comparing the bytes themselves took 15 s of CPU).
   */
  async function served(app: TestApp): Promise<Map<string, { type: string; etag: string; sha256: string; length: number }>> {
    // The owner signs in on that instance (the password every fixture user signs up with).
    const agent = request.agent(app.http);
    await agent.post('/api/login').send({ email: owner.email, password: 'secret-pass-1' }).expect(200);
    const result = new Map<string, { type: string; etag: string; sha256: string; length: number }>();
    for (const url of made.flatMap(urlsOf)) {
      const res = await agent.get(url).expect(200);
      const bytes = res.body as Buffer;
      result.set(url, { type: res.headers['content-type'], etag: res.headers.etag, sha256: createHash('sha256').update(bytes).digest('hex'), length: bytes.length });
    }
    return result;
  }

  it('moves every file and rendition, serves them identically from the bucket, and a rerun changes nothing', async () => {
    const before = await served(pgApp);
    // The instance configured for S3 already serves the bytes still in PostgreSQL (a mixed database).
    expect(await served(s3App)).toEqual(before);

    const dataSource = new DataSource(databaseOptions(pgApp.db.url, { entities: RENDITION_BACKFILL_ENTITIES }));
    await dataSource.initialize();
    const store = createImageStore(loadConfig({ ...s3.env }).images.s3);
    const lines: string[] = [];
    try {
      const summary = await runMoveToObjectStore(dataSource, store, (line) => lines.push(line), 2);
      const renditionCount = made.reduce((n, m) => n + m.originalRenditions.length + m.generatedRenditions.length, 0);
      expect(summary).toMatchObject({ images: 3, files: 6, renditions: renditionCount, skipped: 0 });
      expect(lines[0]).toBe('images:move-to-s3: 3 images hold bytes in PostgreSQL');
      expect(lines).toContain(`images:move-to-s3: 3/3 images, 6 files and ${renditionCount} renditions moved`);
    } finally {
      store.onModuleDestroy?.();
      await dataSource.destroy();
    }

    const [left] = await sql<{ n: number }>(
      pgApp,
      `SELECT (SELECT count(*) FROM image WHERE original_image_data IS NOT NULL OR generated_image_data IS NOT NULL)
            + (SELECT count(*) FROM image_rendition WHERE bytes IS NOT NULL) AS n`,
    );
    expect(Number(left.n)).toBe(0);
    // Each under the prefix its visibility says (issue 24): the shared one under public/, the others under private/.
    for (const [m, prefix] of [made[0], made[1], made[2]].map((m, i) => [m, `${i === 0 ? 'public' : 'private'}/images/${m.id}/`] as const)) {
      const keys = await s3.imageKeys(m.id);
      expect(keys).toHaveLength(2 + m.originalRenditions.length + m.generatedRenditions.length);
      expect(keys.every((k) => k.startsWith(prefix))).toBe(true);
    }
    expect(await served(s3App)).toEqual(before);

    // The command itself, run again: nothing left to move.
    const { stdout } = await promisify(execFile)(process.execPath, backendEntry('src/cli/move-images-to-s3.ts'), {
      cwd: path.resolve(__dirname, '../..'),
      env: { ...process.env, ...s3.env, ...BACKEND_ENTRY_ENV, DATABASE_URL: pgApp.db.url, NODE_ENV: 'test' },
      timeout: 60_000,
    });
    expect(stdout).toMatch(/^images:move-to-s3: 0 images, 0 files and 0 renditions moved, 0 skipped, [\d.]+ s$/m);
    expect(await served(s3App)).toEqual(before);
  }, 120_000); // the command (through ts-node, when not built, it compiles the app's sources first)
});
