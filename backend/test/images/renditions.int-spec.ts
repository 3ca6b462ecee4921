import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { databaseOptions } from '../../src/database/database-options';
import { IMAGES_API, type ImagesApi } from '../../src/modules/images';
import { RENDITION_BACKFILL_ENTITIES, runRenditionBackfill } from '../../src/modules/images/adapters/cli/rendition-backfill';
import { MakeMissingRenditionsJob } from '../../src/modules/images/application/make-missing-renditions.job';
import { makeWebpRenditions } from '../../src/modules/images/adapters/sharp/webp-renditions';
import { createGenerationApp, generate, signedInUser, sql, type TestUser } from '../generation/generation-helpers';
import { flatJpeg, meanDifference, photoJpeg, smallJpeg } from '../support/images';
import type { TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';
import type { RenditionResponse } from '../../src/shared/http/openapi/common-responses';

/** The answers' renditions, as the server's contract declares them (ADR 0027). */
type Rendition = RenditionResponse;

const IMMUTABLE = 'private, max-age=31536000, immutable';

/** D31: WebP renditions made once per completed image, served by content-keyed addresses. */
describe('image renditions (D31)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createGenerationApp();
  });
  afterAll(() => t.close());

  // superagent buffers image/* bodies into a Buffer.
  const fetchBinary = (agent: { get(url: string): request.Test }, url: string) => agent.get(url);

  async function made(user: TestUser, image: Buffer, share = true) {
    const res = await generate(user.agent, { image, prompt: 'make it black and white', share: String(share) }).expect(200);
    return res.body as { id: string; originalRenditions: Rendition[]; generatedRenditions: Rendition[]; watermarked: boolean };
  }

  it('are made for the original and the result when an image completes, and answered with it', async () => {
    const user = await signedInUser(t, { regular: 1 });
    const result = await made(user, photoJpeg()); // 640x427
    const widths = (list: Rendition[]) => list.map((r) => r.width);
    expect(widths(result.originalRenditions)).toEqual([320, 640]);
    expect(widths(result.generatedRenditions)).toEqual([320, 640]);
    for (const r of [...result.originalRenditions, ...result.generatedRenditions]) {
      expect(r.url).toMatch(new RegExp(`^/api/images/${result.id}/renditions/(original|generated)-${r.width}-[0-9a-f]{16}\\.webp$`));
    }
    expect(result.generatedRenditions[0].height).toBe(214); // 427 * 320 / 640, aspect kept

    const rows = await sql<{ file: string; width: number; bytes: number }>(
      t,
      `SELECT file, width, octet_length(bytes) AS bytes FROM image_rendition WHERE image_id = $1 ORDER BY file, width`,
      [result.id],
    );
    expect(rows.map((r) => `${r.file}-${r.width}`)).toEqual(['generated-320', 'generated-640', 'original-320', 'original-640']);

    // The feed and the leaderboard's entries carry the same addresses.
    await waitFor('the feed to show the new image', async () => {
      const feed = await request(t.http).get('/api/community/recent?limit=50').expect(200);
      const entry = feed.body.find((e: { id: string }) => e.id === result.id);
      return Boolean(entry) && JSON.stringify(entry.generatedRenditions) === JSON.stringify(result.generatedRenditions);
    });
  });

  it('are served as WebP with an ETag and immutable caching, 304 when unchanged, and 404 for any other version', async () => {
    const user = await signedInUser(t, { regular: 1 });
    const result = await made(user, photoJpeg());
    const small = result.generatedRenditions[0];
    const res = await fetchBinary(request(t.http), small.url).expect(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    const version = /-([0-9a-f]{16})\.webp$/.exec(small.url)![1];
    expect(res.headers.etag).toBe(`"${version}"`);
    const meta = await sharp(res.body as Buffer).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: small.width, height: small.height });
    const full = await fetchBinary(request(t.http), `/api/images/${result.id}`).expect(200);
    expect((res.body as Buffer).length).toBeLessThan((full.body as Buffer).length / 3);

    const again = await request(t.http).get(small.url).set('If-None-Match', `"${version}"`).expect(304);
    expect(again.headers['cache-control']).toBe(IMMUTABLE);

    const otherVersion = small.url.replace(version, '0000000000000000');
    const notFound = await request(t.http).get(otherVersion).expect(404);
    expect(notFound.headers['cache-control']).not.toBe(IMMUTABLE);
    await request(t.http).get(otherVersion).set('If-None-Match', '"0000000000000000"').expect(404);
    for (const name of ['generated-320.webp', 'generated-999-0123456789abcdef.webp', 'thumb-320-0123456789abcdef.webp', '..%2F..%2Fx']) {
      await request(t.http).get(`/api/images/${result.id}/renditions/${name}`).expect(404);
    }
    await request(t.http).get(`/api/images/${randomUUID()}/renditions/generated-320-${version}.webp`).expect(404);
  });

  it('follow the image: private ones to the owner only, hidden ones not to the public', async () => {
    const owner = await signedInUser(t, { regular: 2 });
    const other = await signedInUser(t);
    const priv = await made(owner, photoJpeg(), false);
    const url = priv.generatedRenditions[0].url;
    await owner.agent.get(url).expect(200);
    await other.agent.get(url).expect(404);
    await request(t.http).get(url).expect(404);

    const pub = await made(owner, photoJpeg(), true);
    await request(t.http).get(pub.originalRenditions[0].url).expect(200);
    await t.app.get<ImagesApi>(IMAGES_API).setHiddenByAdmin(pub.id, true);
    await request(t.http).get(pub.originalRenditions[0].url).expect(404);
    await owner.agent.get(pub.originalRenditions[0].url).expect(200);
  });

  it("of an upload the check's fast path took are made from the check's own decode, and are those the stored original gives", async () => {
    // Issue 14: the upload check decodes the upload once, at the scale of the largest rendition,
    // and the original's renditions are encoded from those pixels. They must be the very files
    // the images context makes from the stored original (same sizes, same bytes, same versions).
    const noise = (width: number, height: number) =>
      sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } });
    const uploads = [
      await noise(2600, 1800).jpeg({ quality: 90 }).toBuffer(), // shrink-on-load (1/2) to 1280
      await noise(1500, 1000).png().toBuffer(),
      photoJpeg(), // 640 wide: decoded at full size
    ];
    for (const upload of uploads) {
      const user = await signedInUser(t, { regular: 1 });
      const result = await made(user, upload);
      const stored = (await fetchBinary(user.agent, `/api/images/${result.id}/original`).expect(200)).body as Buffer;
      const expected = await makeWebpRenditions(stored);
      expect(result.originalRenditions.map((r) => [r.width, r.height, /-([0-9a-f]{16})\.webp$/.exec(r.url)![1]])).toEqual(
        expected.map((r) => [r.width, r.height, r.version]),
      );
    }
  });

  it('of a watermarked image are watermarked, and those of a clean one are not', async () => {
    const photo = await flatJpeg(800, 600, '#4a7bb5');
    const regular = await signedInUser(t, { regular: 1 });
    const free = await signedInUser(t, { watermarked: 1 });
    const clean = await made(regular, photo);
    const marked = await made(free, photo);
    expect([clean.watermarked, marked.watermarked]).toEqual([false, true]);

    const at640 = (r: { generatedRenditions: Rendition[] }) => r.generatedRenditions.find((x) => x.width === 640)!.url;
    const cleanBytes = (await fetchBinary(request(t.http), at640(clean)).expect(200)).body as Buffer;
    const markedBytes = (await fetchBinary(request(t.http), at640(marked)).expect(200)).body as Buffer;
    // The full image's mark sits in its bottom-right corner (560,500 240x100 at 800x600): at 640 wide, 0.8 of that.
    const corner = { left: 448, top: 400, width: 192, height: 80 };
    const elsewhere = { left: 0, top: 0, width: 320, height: 240 };
    expect(await meanDifference(cleanBytes, markedBytes, corner)).toBeGreaterThan(10);
    expect(await meanDifference(cleanBytes, markedBytes, elsewhere)).toBeLessThan(2);
    // Every width of the watermarked image carries it, as does the full file.
    for (const r of marked.generatedRenditions) {
      const markedR = (await fetchBinary(request(t.http), r.url).expect(200)).body as Buffer;
      const cleanR = (await fetchBinary(request(t.http), clean.generatedRenditions.find((c) => c.width === r.width)!.url).expect(200)).body as Buffer;
      const scale = r.width / 800;
      const region = { left: Math.floor(560 * scale), top: Math.floor(500 * scale), width: Math.floor(240 * scale), height: Math.floor(90 * scale) };
      expect(await meanDifference(cleanR, markedR, region)).toBeGreaterThan(10);
    }
  });

  describe('backfill of existing images', () => {
    async function legacyImage(userId: string, bytes: Buffer): Promise<string> {
      const [row] = await sql<{ id: string }>(
        t,
        `INSERT INTO image (user_id, prompt, status, is_public, original_image_data, original_mime_type, generated_image_data, generated_mime_type)
         VALUES ($1, 'an old edit', 'completed', true, $2, 'image/jpeg', $2, 'image/jpeg') RETURNING id`,
        [userId, bytes],
      );
      return row.id;
    }
    const storedRenditions = async (id: string) =>
      (await sql<{ renditions: unknown }>(t, `SELECT renditions FROM image WHERE id = $1`, [id]))[0].renditions;

    it('gives images made before renditions existed their renditions, once, and can be run again', async () => {
      const user = await signedInUser(t);
      const a = await legacyImage(user.id, await smallJpeg(1000, 750));
      const b = await legacyImage(user.id, await smallJpeg(300, 200));
      const feedBefore = await request(t.http).get('/api/community/recent?limit=50').expect(200);
      expect(feedBefore.body.find((e: { id: string }) => e.id === a).generatedRenditions).toEqual([]);

      const dataSource = new DataSource(databaseOptions(t.db.url, { entities: RENDITION_BACKFILL_ENTITIES }));
      await dataSource.initialize();
      try {
        const first = await runRenditionBackfill(dataSource);
        expect(first.made).toBeGreaterThanOrEqual(2);
        expect(await storedRenditions(a)).toMatchObject({ original: [{ w: 320 }, { w: 640 }, { w: 1000 }], generated: [{ w: 320 }, { w: 640 }, { w: 1000 }] });
        expect(await storedRenditions(b)).toMatchObject({ original: [{ w: 300, h: 200 }], generated: [{ w: 300, h: 200 }] });
        const second = await runRenditionBackfill(dataSource);
        expect(second).toMatchObject({ made: 0, skipped: 0 });
      } finally {
        await dataSource.destroy();
      }

      // The row trigger tells every instance's feed cache: the entries now carry the renditions.
      await waitFor('the feed to carry the backfilled renditions', async () => {
        const feed = await request(t.http).get('/api/community/recent?limit=50').expect(200);
        return feed.body.find((e: { id: string }) => e.id === a).generatedRenditions.length === 3;
      });
    });

    it('the in-app job does the same a few at a time, and records an undecodable image as having none rather than retrying it', async () => {
      const user = await signedInUser(t);
      const good = await legacyImage(user.id, await smallJpeg(500, 400));
      const broken = await legacyImage(user.id, Buffer.from('not an image at all'));
      const job = t.app.get(MakeMissingRenditionsJob);
      for (let i = 0; i < 10 && ((await storedRenditions(good)) === null || (await storedRenditions(broken)) === null); i++) await job.run(10);
      expect(await storedRenditions(good)).toMatchObject({ generated: [{ w: 320 }, { w: 500 }] });
      expect(await storedRenditions(broken)).toEqual({ original: [], generated: [] });
      expect((await job.run(10)).made).toBe(0);
    });
  });
});
