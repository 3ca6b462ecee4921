import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { IMAGES_API, type ImagesApi } from '../../src/modules/images';
import { signUpBody, sql } from '../identity/identity-helpers';
import { smallJpeg } from '../support/images';
import { createTestApp, type TestApp } from '../support/test-app';

/** What administration and generation's recovery use of IMAGES_API, against the real `image` table. */
describe('IMAGES_API', () => {
  let t: TestApp;
  let api: ImagesApi;
  let userId: string;
  let owner: ReturnType<typeof request.agent>;
  let jpeg: Buffer;

  beforeAll(async () => {
    t = await createTestApp();
    api = t.app.get<ImagesApi>(IMAGES_API);
    owner = request.agent(t.http); // signed in by signing up
    userId = (await owner.post('/api/register').send(signUpBody()).expect(201)).body.id as string;
    jpeg = await smallJpeg();
  });
  afterAll(() => t.close());

  async function insertImage(row: { status?: string; isPublic?: boolean; isHiddenByAdmin?: boolean } = {}): Promise<string> {
    const [inserted] = await sql<{ id: string }>(
      t,
      `INSERT INTO image (user_id, prompt, status, is_public, is_hidden_by_admin, generated_image_data, generated_mime_type)
       VALUES ($1, 'a prompt', $2, $3, $4, $5, 'image/jpeg') RETURNING id`,
      [userId, row.status ?? 'completed', row.isPublic ?? true, row.isHiddenByAdmin ?? false, jpeg],
    );
    return inserted.id;
  }

  const hiddenFlag = async (id: string) =>
    (await sql<{ is_hidden_by_admin: boolean; is_public: boolean }>(t, `SELECT is_hidden_by_admin, is_public FROM image WHERE id = $1`, [id]))[0];

  describe('setHiddenByAdmin', () => {
    it('hides an image from everyone but its owner, and shows it again', async () => {
      const id = await insertImage();
      await request(t.http).get(`/api/images/${id}`).expect(200);

      expect(await api.setHiddenByAdmin(id, true)).toBe(true);
      expect(await hiddenFlag(id)).toEqual({ is_hidden_by_admin: true, is_public: true });
      await request(t.http).get(`/api/images/${id}`).expect(404);
      await owner.get(`/api/images/${id}`).expect(200);

      expect(await api.setHiddenByAdmin(id, false)).toBe(true);
      expect(await hiddenFlag(id)).toEqual({ is_hidden_by_admin: false, is_public: true });
      await request(t.http).get(`/api/images/${id}`).expect(200);
    });

    it('is idempotent: hiding a hidden image still finds it', async () => {
      const id = await insertImage({ isHiddenByAdmin: true });
      expect(await api.setHiddenByAdmin(id, true)).toBe(true);
      expect((await hiddenFlag(id)).is_hidden_by_admin).toBe(true);
    });

    it('answers false for an unknown or malformed id and changes nothing', async () => {
      const [{ hidden: before }] = await sql<{ hidden: number }>(t, `SELECT count(*) FILTER (WHERE is_hidden_by_admin)::int AS hidden FROM image`);
      expect(await api.setHiddenByAdmin(randomUUID(), true)).toBe(false);
      expect(await api.setHiddenByAdmin('not-a-uuid', true)).toBe(false);
      expect(await api.setHiddenByAdmin("' OR 1=1 --", true)).toBe(false);
      const [{ hidden: after }] = await sql<{ hidden: number }>(t, `SELECT count(*) FILTER (WHERE is_hidden_by_admin)::int AS hidden FROM image`);
      expect(after).toBe(before);
    });
  });

  describe('failProcessing', () => {
    const rowOf = async (id: string) =>
      (
        await sql<{ status: string; original_bytes: number | null; generated_bytes: number | null }>(
          t,
          `SELECT status, octet_length(original_image_data) AS original_bytes, octet_length(generated_image_data) AS generated_bytes
             FROM image WHERE id = $1`,
          [id],
        )
      )[0];

    async function insertWithOriginal(status: string): Promise<string> {
      const id = await insertImage({ status });
      await sql(t, `UPDATE image SET original_image_data = $2 WHERE id = $1`, [id, jpeg]);
      return id;
    }

    it('fails the processing rows without their bytes, leaves completed and failed rows as they are, and returns exactly the failed ids', async () => {
      const processing = [await insertWithOriginal('processing'), await insertWithOriginal('processing')];
      const otherProcessing = await insertWithOriginal('processing');
      const completed = await insertWithOriginal('completed');
      const failed = await insertWithOriginal('failed');
      const kept = { original_bytes: jpeg.length, generated_bytes: jpeg.length };

      const returned = await api.failProcessing([...processing, completed, failed, randomUUID()]);

      expect([...returned].sort()).toEqual([...processing].sort());
      for (const id of processing) expect(await rowOf(id)).toEqual({ status: 'failed', original_bytes: null, generated_bytes: null });
      expect(await rowOf(completed)).toEqual({ status: 'completed', ...kept });
      expect(await rowOf(failed)).toEqual({ status: 'failed', ...kept });
      expect(await rowOf(otherProcessing)).toEqual({ status: 'processing', ...kept }); // not named, not touched

      expect(await api.failProcessing(processing)).toEqual([]); // a second time finds nothing processing
    });

    it('ignores malformed ids (never reaching the uuid cast) and fails the well-formed ones', async () => {
      const id = await insertWithOriginal('processing');
      expect(await api.failProcessing(['not-a-uuid', "' OR 1=1 --", '', id])).toEqual([id]);
      expect((await rowOf(id)).status).toBe('failed');
    });

    it('does nothing for no ids or only malformed ones', async () => {
      const id = await insertWithOriginal('processing');
      expect(await api.failProcessing([])).toEqual([]);
      expect(await api.failProcessing(['not-a-uuid'])).toEqual([]);
      expect((await rowOf(id)).status).toBe('processing');
    });
  });

  describe('counts', () => {
    it('counts the completed images and today’s, from the summary the writes keep (issue 29)', async () => {
      const before = await api.counts();
      await insertImage({ status: 'completed', isPublic: true });
      await insertImage({ status: 'completed', isPublic: false });
      await insertImage({ status: 'completed', isPublic: true, isHiddenByAdmin: true });
      await insertImage({ status: 'processing', isPublic: true });
      await insertImage({ status: 'failed', isPublic: false });
      // The three completed ones were made just now, so today (UTC).
      expect(await api.counts()).toEqual({ completed: before.completed + 3, completedToday: before.completedToday + 3 });
      const [{ n }] = await sql<{ n: number }>(t, `SELECT count(*)::int AS n FROM image WHERE status = 'completed'`);
      expect((await api.counts()).completed).toBe(n);
    });

    it('is all zeros on an empty table, as numbers', async () => {
      await sql(t, `DELETE FROM image`);
      expect(await api.counts()).toEqual({ completed: 0, completedToday: 0 });
    });
  });

});
