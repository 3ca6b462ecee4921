import request from 'supertest';
import { signedInUser } from '../generation/generation-helpers';
import type { TestApp } from '../support/test-app';
import { createGenerationApp } from '../generation/generation-helpers';
import { feedCache, feedWrite, resetLaughLimit, sql } from './community-helpers';
import { newImage } from '../support/fixtures';

describe('community: feed, laughs, leaderboard', () => {
  let t: TestApp;
  let userId: string;
  beforeAll(async () => {
    t = await createGenerationApp();
    userId = (await signedInUser(t)).id;
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await sql(t, `DELETE FROM image`);
    // Each test starts from an empty cache (a delete of only hidden rows notifies nothing).
    feedCache(t).invalidate();
    await resetLaughLimit(t);
  });

  describe('GET /api/community/recent', () => {
    it('lists public completed visible images newest first, in the entry shape', async () => {
      const old = await newImage(t, userId, { ageSeconds: 300, prompt: 'old' });
      const mid = await newImage(t, userId, { ageSeconds: 200, prompt: 'mid' });
      const newest = await newImage(t, userId, { ageSeconds: 100, prompt: 'new' });
      await newImage(t, userId, { isPublic: false });
      await newImage(t, userId, { hidden: true });
      await newImage(t, userId, { status: 'processing' });
      await newImage(t, userId, { status: 'failed' });
      const res = await request(t.http).get('/api/community/recent').expect(200);
      expect(res.body.map((e: { id: string }) => e.id)).toEqual([newest, mid, old]);
      expect(res.body[0]).toEqual({
        id: newest,
        prompt: 'new',
        style: 'funny',
        timestamp: expect.any(String),
        laughCount: 0,
        generatedPath: `/api/images/${newest}`,
        originalPath: `/api/images/${newest}/original`,
        imageUrl: `/api/images/${newest}`,
        originalUrl: `/api/images/${newest}/original`,
        // Seeded straight into the table: no renditions made yet (D31), so the cards use the full files.
        originalRenditions: [],
        generatedRenditions: [],
      });
    });

    it('defaults to 20, honours limit, and refuses limits outside 1..50', async () => {
      for (let i = 0; i < 25; i++) await newImage(t, userId, { ageSeconds: i });
      expect((await request(t.http).get('/api/community/recent').expect(200)).body).toHaveLength(20);
      expect((await request(t.http).get('/api/community/recent?limit=3').expect(200)).body).toHaveLength(3);
      expect((await request(t.http).get('/api/community/recent?limit=50').expect(200)).body).toHaveLength(25);
      for (const bad of ['0', '51', 'x', '-1', '2.5']) {
        const res = await request(t.http).get(`/api/community/recent?limit=${bad}`).expect(400);
        expect(JSON.stringify(res.body)).toContain('limit must be an integer between 1 and 50');
      }
    });
  });

  describe('laughs', () => {
    const add = (id: string, userIdentifier: unknown) => request(t.http).post(`/api/images/${id}/add-laugh`).send({ userIdentifier });
    const remove = (id: string, userIdentifier: unknown) => request(t.http).post(`/api/images/${id}/remove-laugh`).send({ userIdentifier });
    const has = (id: string, userIdentifier: string) => request(t.http).get(`/api/images/${id}/has-laughed`).query({ userIdentifier });

    it('adding twice counts once, removing twice leaves 0, has-laughed follows', async () => {
      const id = await newImage(t, userId);
      expect((await has(id, 'browser-1').expect(200)).body).toEqual({ hasLaughed: false });
      expect((await add(id, 'browser-1').expect(200)).body).toEqual({ laughCount: 1, hasLaughed: true });
      expect((await add(id, 'browser-1').expect(200)).body).toEqual({ laughCount: 1, hasLaughed: true });
      expect((await has(id, 'browser-1').expect(200)).body).toEqual({ hasLaughed: true });
      expect((await has(id, 'browser-2').expect(200)).body).toEqual({ hasLaughed: false });
      expect((await remove(id, 'browser-1').expect(200)).body).toEqual({ laughCount: 0, hasLaughed: false });
      expect((await remove(id, 'browser-1').expect(200)).body).toEqual({ laughCount: 0, hasLaughed: false });
      expect((await has(id, 'browser-1').expect(200)).body).toEqual({ hasLaughed: false });
      const [row] = await sql<{ laugh_count: number }>(t, `SELECT laugh_count FROM image WHERE id = $1`, [id]);
      expect(row.laugh_count).toBe(0);
    });

    it('100 concurrent adds with one identifier count once (the address whitelisted as an admin types it, 127.0.0.1, so none is rate limited)', async () => {
      await sql(t, `INSERT INTO admin_whitelist (type, value, reason) VALUES ('ip', '127.0.0.1', 'test')`);
      try {
        const id = await newImage(t, userId);
        const results = await Promise.all(Array.from({ length: 100 }, () => add(id, 'same-browser')));
        expect(results.map((r) => r.status)).toEqual(Array(100).fill(200));
        expect(results.every((r) => r.body.laughCount === 1)).toBe(true);
        const [row] = await sql<{ laugh_count: number; n: number }>(
          t,
          `SELECT laugh_count, (SELECT count(*)::int FROM laugh WHERE image_id = $1) AS n FROM image WHERE id = $1`,
          [id],
        );
        expect(row).toEqual({ laugh_count: 1, n: 1 });
      } finally {
        await sql(t, `DELETE FROM admin_whitelist WHERE reason = 'test'`);
      }
    });

    it('50 concurrent adds with one identifier count once', async () => {
      const id = await newImage(t, userId);
      const results = await Promise.all(Array.from({ length: 50 }, () => add(id, 'same-browser')));
      expect(results.map((r) => r.status)).toEqual(Array(50).fill(200));
      const [row] = await sql<{ laugh_count: number; n: number }>(
        t,
        `SELECT laugh_count, (SELECT count(*)::int FROM laugh WHERE image_id = $1) AS n FROM image WHERE id = $1`,
        [id],
      );
      expect(row).toEqual({ laugh_count: 1, n: 1 });
    });

    it('20 concurrent adds with different identifiers count 20, equal to the laugh rows', async () => {
      const id = await newImage(t, userId);
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => add(id, `browser-${i}`)));
      expect(results.every((r) => r.status === 200)).toBe(true);
      const [row] = await sql<{ laugh_count: number; n: number }>(
        t,
        `SELECT laugh_count, (SELECT count(*)::int FROM laugh WHERE image_id = $1) AS n FROM image WHERE id = $1`,
        [id],
      );
      expect(row).toEqual({ laugh_count: 20, n: 20 });
    });

    it('200 identifiers adding and taking back laughs on one image at once: the count equals the rows, in every answer and read after (ADR 0037)', async () => {
      await sql(t, `INSERT INTO admin_whitelist (type, value, reason) VALUES ('ip', '127.0.0.1', 'test')`);
      try {
        const id = await newImage(t, userId);
        // 200 adds, and at the same time the first 80 take theirs back (found or not yet there).
        const results = await Promise.all([
          ...Array.from({ length: 200 }, (_, i) => add(id, `hot-${i}`)),
          ...Array.from({ length: 80 }, (_, i) => remove(id, `hot-${i}`)),
        ]);
        expect(results.map((r) => r.status)).toEqual(Array(280).fill(200));
        for (const r of results) {
          expect(r.body.laughCount).toBeGreaterThanOrEqual(0);
          expect(r.body.laughCount).toBeLessThanOrEqual(200);
        }
        const [row] = await sql<{ laugh_count: number; n: number; pending: number }>(
          t,
          `SELECT laugh_count, (SELECT count(*)::int FROM laugh WHERE image_id = $1) AS n,
                  (SELECT count(*)::int FROM laugh_count_delta WHERE image_id = $1) AS pending
             FROM image WHERE id = $1`,
          [id],
        );
        // Each batch moved the count itself (ADR 0037): nothing is queued for a fold.
        expect(row.pending).toBe(0);
        expect(row.laugh_count).toBe(row.n);
        expect(row.n).toBeGreaterThanOrEqual(120);
        const leaderboard = await request(t.http).get('/api/leaderboard').expect(200);
        expect(leaderboard.body.find((e: { id: string }) => e.id === id).laughCount).toBe(row.n);
        // The next laugh counts one more, at once.
        expect((await add(id, 'hot-late').expect(200)).body).toEqual({ laughCount: row.n + 1, hasLaughed: true });
      } finally {
        await sql(t, `DELETE FROM admin_whitelist WHERE reason = 'test'`);
      }
    });

    it('a change left queued (an account deletion\'s, committed, not folded yet) is counted by the next laugh on the image, and folded within a second (ADR 0034)', async () => {
      const id = await newImage(t, userId);
      await add(id, 'before-crash').expect(200);
      // What an instance killed between an account deletion's commit and its fold leaves behind (D35).
      await sql(t, `INSERT INTO laugh (image_id, user_identifier) VALUES ($1, 'crashed')`, [id]);
      await sql(t, `INSERT INTO laugh_count_delta (image_id, delta) VALUES ($1, 1)`, [id]);
      // A laugh that changes nothing folds it into the count it answers (its batch folds its images' queued changes).
      expect((await add(id, 'crashed').expect(200)).body).toEqual({ laughCount: 2, hasLaughed: true });
      const deadline = Date.now() + 10_000;
      let row: { laugh_count: number; pending: number } | undefined;
      do {
        await new Promise((r) => setTimeout(r, 100));
        [row] = await sql<{ laugh_count: number; pending: number }>(
          t,
          `SELECT laugh_count, (SELECT count(*)::int FROM laugh_count_delta WHERE image_id = $1) AS pending FROM image WHERE id = $1`,
          [id],
        );
      } while (row.pending > 0 && Date.now() < deadline);
      expect(row).toEqual({ laugh_count: 2, pending: 0 });
    });

    it('a laugh that changes nothing but folds an account deletion\'s queued change drops the feed cache (ADR 0037)', async () => {
      // Two laughs, written straight to the database: no notification of them is still on its way
      // to drop the cache after it is filled below (newImage returns once its own was heard).
      const id = await newImage(t, userId, { laughs: 2 });
      await sql(t, `INSERT INTO laugh (image_id, user_identifier) VALUES ($1, 'stays'), ($1, 'deleted-account')`, [id]);
      const entry = async () => (await request(t.http).get('/api/community/recent').expect(200)).body.find((e: { id: string }) => e.id === id);
      expect((await entry()).laughCount).toBe(2);
      expect(feedCache(t).size).toBe(1);
      // What an account deletion leaves for the fold (D35): its laugh gone, the change queued.
      await sql(t, `DELETE FROM laugh WHERE image_id = $1 AND user_identifier = 'deleted-account'`, [id]);
      await sql(t, `INSERT INTO laugh_count_delta (image_id, delta) VALUES ($1, -1)`, [id]);
      // A repeat changes no laugh, but its batch folds the queued change into the count it answers,
      // and the feed read next shows that count.
      expect((await add(id, 'stays').expect(200)).body).toEqual({ laughCount: 1, hasLaughed: true });
      expect((await entry()).laughCount).toBe(1);
    });

    it('rate limits laughs per IP (60 a minute) with 429 RATE_LIMIT.BLOCKED', async () => {
      const id = await newImage(t, userId);
      const results = await Promise.all(Array.from({ length: 100 }, () => add(id, 'same-browser')));
      const ok = results.filter((r) => r.status === 200).length;
      const blocked = results.filter((r) => r.status === 429);
      expect(ok).toBe(60);
      expect(blocked).toHaveLength(40);
      expect(JSON.stringify(blocked[0].body)).toContain('RATE_LIMIT.BLOCKED');
      const [row] = await sql<{ laugh_count: number }>(t, `SELECT laugh_count FROM image WHERE id = $1`, [id]);
      expect(row.laugh_count).toBe(1);
    });

    it('404 IMAGE.NOT_FOUND for private, hidden, unfinished and unknown images', async () => {
      const ids = [
        await newImage(t, userId, { isPublic: false }),
        await newImage(t, userId, { hidden: true }),
        await newImage(t, userId, { status: 'processing' }),
        '00000000-0000-4000-8000-000000000000',
        'not-a-uuid',
      ];
      for (const id of ids) {
        expect(JSON.stringify((await add(id, 'browser-1').expect(404)).body)).toContain('IMAGE.NOT_FOUND');
        await remove(id, 'browser-1').expect(404);
        await has(id, 'browser-1').expect(404);
      }
      const [{ n }] = await sql<{ n: number }>(t, `SELECT count(*)::int AS n FROM laugh`);
      expect(n).toBe(0);
    });

    it('400 for an invalid userIdentifier', async () => {
      const id = await newImage(t, userId);
      for (const bad of ['', 'a b', 'x'.repeat(129), 'é', 42, undefined]) {
        await add(id, bad).expect(400);
      }
      await has(id, 'a;b').expect(400);
      await request(t.http).get(`/api/images/${id}/has-laughed`).expect(400);
      await add(id, 'x'.repeat(128)).expect(200);
    });
  });

  describe('GET /api/leaderboard', () => {
    it('orders by laughs then newest, pages by 10 with overall ranks, and skips unlaughed or hidden images', async () => {
      const ids: string[] = [];
      // 25 laughed images: laughs 25..1, so the expected order is insertion order.
      for (let i = 0; i < 25; i++) ids.push(await newImage(t, userId, { laughs: 25 - i, ageSeconds: 1000 }));
      // A tie on laughs: the newer one comes first.
      const tieOld = await newImage(t, userId, { laughs: 1, ageSeconds: 2000 });
      const tieNew = await newImage(t, userId, { laughs: 1, ageSeconds: 10 });
      await newImage(t, userId, { laughs: 0 });
      await newImage(t, userId, { laughs: 99, isPublic: false });
      await newImage(t, userId, { laughs: 99, hidden: true });
      const expected = [...ids.slice(0, 24), tieNew, ids[24], tieOld];
      // ids[24] has 1 laugh at 1000s, tieNew 1 at 10s (newer), tieOld 1 at 2000s.
      const page1 = (await request(t.http).get('/api/leaderboard').expect(200)).body;
      expect(page1.map((e: { id: string }) => e.id)).toEqual(expected.slice(0, 10));
      expect(page1.map((e: { rank: number }) => e.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      expect(page1[0]).toMatchObject({ laughCount: 25, generatedPath: `/api/images/${ids[0]}`, rank: 1 });
      const page2 = (await request(t.http).get('/api/leaderboard?page=2').expect(200)).body;
      expect(page2[0].rank).toBe(11);
      expect(page2.map((e: { id: string }) => e.id)).toEqual(expected.slice(10, 20));
      const page3 = (await request(t.http).get('/api/leaderboard?page=3').expect(200)).body;
      expect(page3.map((e: { id: string }) => e.id)).toEqual(expected.slice(20));
      expect(page3.map((e: { rank: number }) => e.rank)).toEqual([21, 22, 23, 24, 25, 26, 27]);
      const sliced = (await request(t.http).get('/api/leaderboard?limit=5&offset=22').expect(200)).body;
      expect(sliced.map((e: { id: string }) => e.id)).toEqual(expected.slice(22, 27));
      expect(sliced[0].rank).toBe(23);
      await request(t.http).get('/api/leaderboard?limit=51').expect(400);
      await request(t.http).get('/api/leaderboard?page=0').expect(400);
    });
  });

  describe('GET /api/leaderboard deep pages (D44)', () => {
    /**
     * `n` laughed public images straight into the table, in a few statements: laughs 1..7 and
     * timestamps in groups of three (so laughs and time tie, and the id decides), the feed's
     * cache told once.
     */
    const seed = (n: number, laughsFrom = 1) =>
      feedWrite(t, () =>
        sql(
          t,
          `INSERT INTO image (user_id, prompt, style, status, is_public, laugh_count, timestamp)
           SELECT $1, 'deep ' || g, 'funny', 'completed', true, $3 + g % 7, date_trunc('second', now()) - make_interval(secs => g / 3)
             FROM generate_series(1, $2::int) g`,
          [userId, n, laughsFrom],
        ),
      );
    const expectedOrder = async () =>
      (
        await sql<{ id: string }>(
          t,
          `SELECT id FROM image WHERE is_public AND status = 'completed' AND laugh_count > 0
            ORDER BY laugh_count DESC, timestamp DESC, id`,
        )
      ).map((r) => r.id);
    type Entry = { id: string; rank: number };

    it('pages 1-100 by number, then by the cursor each full page names, with no duplicate or gap and ranks running on', async () => {
      await seed(1_234);
      const expected = await expectedOrder();
      const seen: Entry[] = [];
      let cursor: string | undefined;
      for (let page = 1; page <= 100; page++) {
        const res = await request(t.http).get(`/api/leaderboard?page=${page}`).expect(200);
        seen.push(...(res.body as Entry[]));
        cursor = res.headers['x-next-cursor'];
        expect(cursor).toEqual(expect.any(String));
      }
      const res101 = await request(t.http).get('/api/leaderboard?page=101').expect(400);
      expect(res101.body.message).toContain('page must be an integer between 1 and 100; later pages are read with cursor');
      await request(t.http).get('/api/leaderboard?limit=10&offset=1000').expect(400);
      let pages = 0;
      while (cursor) {
        const res = await request(t.http).get(`/api/leaderboard?cursor=${encodeURIComponent(cursor)}`).expect(200);
        seen.push(...(res.body as Entry[]));
        cursor = res.headers['x-next-cursor'];
        pages++;
      }
      expect(pages).toBe(24); // 1,234 entries: 100 numbered pages, 23 full ones after and the last of 4
      expect(seen.map((e) => e.id)).toEqual(expected);
      expect(seen.map((e) => e.rank)).toEqual(expected.map((_, i) => i + 1));
    });

    it('a cursor walk keeps its place while images are laughed into the list ahead of it: no duplicate, no gap', async () => {
      await seed(300);
      const expected = await expectedOrder();
      const seen: string[] = [];
      let res = await request(t.http).get('/api/leaderboard?limit=50').expect(200);
      seen.push(...(res.body as Entry[]).map((e) => e.id));
      let cursor: string | undefined = res.headers['x-next-cursor'];
      while (cursor) {
        // New entries ahead of the cursor (more laughs than anything listed so far): an offset walk
        // would list the last ones of each page again.
        await seed(7, 100);
        res = await request(t.http).get(`/api/leaderboard?limit=50&cursor=${encodeURIComponent(cursor)}`).expect(200);
        seen.push(...(res.body as Entry[]).map((e) => e.id));
        cursor = res.headers['x-next-cursor'];
      }
      expect(seen).toEqual(expected);
      expect(new Set(seen).size).toBe(300);
    });

    it('refuses a changed cursor, one mixed with page or offset, and one given twice, on the hot path too', async () => {
      await seed(30);
      const res = await request(t.http).get('/api/leaderboard').expect(200);
      const cursor: string = res.headers['x-next-cursor'];
      // The same cursor twice: the second read comes from the cache and is the same page.
      const once = await request(t.http).get(`/api/leaderboard?cursor=${encodeURIComponent(cursor)}`).expect(200);
      const again = await request(t.http).get(`/api/leaderboard?cursor=${encodeURIComponent(cursor)}`).expect(200);
      expect(again.body).toEqual(once.body);
      expect(once.body[0].rank).toBe(11);
      const [payload, mac] = cursor.split('.');
      const decoded = Buffer.from(payload, 'base64url').toString('utf8');
      // A rank (or any other part) rewritten by hand, under the old signature.
      const forged = `${Buffer.from(decoded.replace(/\|10$/, '|1'), 'utf8').toString('base64url')}.${mac}`;
      const flipped = `${payload}.${mac.slice(0, -2)}${mac.at(-2) === 'A' ? 'B' : 'A'}${mac.at(-1)}`;
      for (const bad of [forged, flipped, 'not-a-cursor', `${payload}.`, '']) {
        const r = await request(t.http).get(`/api/leaderboard?cursor=${encodeURIComponent(bad)}`);
        if (bad === '') {
          expect(r.status).toBe(200); // empty means absent: the first page
          continue;
        }
        expect(r.status).toBe(400);
        expect(r.body.message).toContain('cursor is not one this list gave out');
      }
      for (const url of [
        `/api/leaderboard?cursor=${encodeURIComponent(cursor)}&page=2`,
        `/api/leaderboard?cursor=${encodeURIComponent(cursor)}&offset=0`,
        `/api/leaderboard?cursor=${encodeURIComponent(cursor)}&cursor=${encodeURIComponent(cursor)}`,
      ]) {
        await request(t.http).get(url).expect(400);
      }
    });

    it('the last page names no next cursor', async () => {
      await seed(10);
      const res = await request(t.http).get('/api/leaderboard?limit=20').expect(200);
      expect(res.body).toHaveLength(10);
      expect(res.headers['x-next-cursor']).toBeUndefined();
    });
  });

  describe('read path: cache and hot path (ADR 0011)', () => {

    it('answers a repeated read from the cache, and a laugh is visible in the very next read', async () => {
      const id = await newImage(t, userId);
      const first = await request(t.http).get('/api/community/recent?limit=5').expect(200);
      expect(first.body[0]).toMatchObject({ id, laughCount: 0 });
      expect(feedCache(t).size).toBe(1);
      const lb0 = await request(t.http).get('/api/leaderboard').expect(200);
      expect(lb0.body).toEqual([]);

      await request(t.http).post(`/api/images/${id}/add-laugh`).send({ userIdentifier: 'reader-1' }).expect(200);
      // No waiting: the instance that wrote the laugh dropped its cache before answering.
      const second = await request(t.http).get('/api/community/recent?limit=5').expect(200);
      expect(second.body[0]).toMatchObject({ id, laughCount: 1 });
      const lb1 = await request(t.http).get('/api/leaderboard').expect(200);
      expect(lb1.body).toEqual([expect.objectContaining({ id, laughCount: 1, rank: 1 })]);

      await request(t.http).post(`/api/images/${id}/remove-laugh`).send({ userIdentifier: 'reader-1' }).expect(200);
      expect((await request(t.http).get('/api/community/recent?limit=5').expect(200)).body[0].laughCount).toBe(0);
      expect((await request(t.http).get('/api/leaderboard').expect(200)).body).toEqual([]);
    });

    it('sends the same bytes with an ETag, 304 on If-None-Match, gzip when accepted, and security headers', async () => {
      for (let i = 0; i < 12; i++) await newImage(t, userId, { ageSeconds: i, prompt: `prompt number ${i} `.repeat(4) });
      const miss = await request(t.http).get('/api/community/recent').expect(200);
      const hit = await request(t.http).get('/api/community/recent?limit=20').expect(200);
      expect(hit.body).toEqual(miss.body);
      expect(hit.headers.etag).toBe(miss.headers.etag);
      for (const res of [miss, hit]) {
        expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      }
      await request(t.http).get('/api/community/recent').set('If-None-Match', hit.headers.etag).expect(304);
      const gz = await request(t.http).get('/api/community/recent').set('Accept-Encoding', 'gzip').expect(200);
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gz.body).toEqual(miss.body);
      const plain = await request(t.http).get('/api/community/recent').set('Accept-Encoding', 'identity').expect(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(Number(plain.headers['content-length'])).toBe(Buffer.byteLength(JSON.stringify(miss.body)));
    });

    it('still validates on the hot path: bad or repeated parameters get the 400 error shape, cached or not', async () => {
      await newImage(t, userId);
      await request(t.http).get('/api/community/recent?limit=20').expect(200);
      for (const url of ['/api/community/recent?limit=0', '/api/community/recent?limit=abc', '/api/community/recent?limit=20&limit=1', '/api/leaderboard?page=-1']) {
        const res = await request(t.http).get(url).expect(400);
        expect(res.body).toMatchObject({ error: expect.any(String), message: expect.any(String) });
      }
    });

    it('drops the cache when another writer changes the feed in the database (trigger + LISTEN)', async () => {
      const id = await newImage(t, userId);
      expect((await request(t.http).get('/api/community/recent').expect(200)).body).toHaveLength(1);
      expect(feedCache(t).size).toBe(1);
      // As an admin tool or another instance would: straight in the database.
      await feedWrite(t, () => sql(t, `UPDATE image SET is_hidden_by_admin = true WHERE id = $1`, [id]));
      expect((await request(t.http).get('/api/community/recent').expect(200)).body).toEqual([]);
    });

    it('a load that started before a write is not kept, so no later read sees the older answer', async () => {
      const id = await newImage(t, userId);
      const cache = feedCache(t);
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const slow = cache.get('probe', async () => {
        await gate;
        return ['old'];
      });
      cache.invalidate();
      release();
      expect(JSON.parse((await slow).body.toString())).toEqual(['old']);
      expect(cache.peek('probe')).toBeUndefined();
      expect((await request(t.http).get('/api/community/recent').expect(200)).body[0].id).toBe(id);
    });
  });
});
