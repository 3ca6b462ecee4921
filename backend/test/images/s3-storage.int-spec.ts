import request from 'supertest';
import { IntervalJobs } from '../../src/shared/jobs/interval-jobs';
import { DeleteImageObjectsJob } from '../../src/modules/images/application/delete-image-objects.job';
import { PurgeMyEditsJob } from '../../src/modules/images/application/purge-my-edits.job';
import { ImageObjectMovesService } from '../../src/modules/images/application/image-object-moves.service';
import { ImageStorageService } from '../../src/modules/images/application/image-storage.service';
import { signedInAdmin } from '../administration/admin-helpers';
import { createGenerationApp, generate, signedInUser, sql, type TestUser } from '../generation/generation-helpers';
import { grantCredits } from '../support/fixtures';
import { photoJpeg } from '../support/images';
import type { TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';
import { startS3Server, type S3TestServer } from './s3-helpers';

interface Made {
  id: string;
  originalRenditions: Array<{ url: string; width: number }>;
  generatedRenditions: Array<{ url: string; width: number }>;
}

const ADMIN_EMAIL = 'boss@example.com';
const WAIT = { timeoutMs: 10_000, intervalMs: 25 };

/**
 * ADR 0023: the app configured for an S3-compatible object store (a real S3 server, s3rver, in the
 * test) keeps every byte there: upload and generation, serving with ETags and the access rules,
 * renditions, an admin's hiding, and deletion (objects go with the rows).
 */
describe('images in an S3-compatible object store', () => {
  let s3: S3TestServer;
  let t: TestApp;
  let owner: TestUser;

  beforeAll(async () => {
    s3 = await startS3Server();
    t = await createGenerationApp({ env: { ...s3.env, ADMIN_EMAILS: ADMIN_EMAIL } });
    owner = await signedInUser(t, { regular: 12 });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  const get = (url: string, agent: { get(url: string): request.Test } = request(t.http)) =>
    agent.get(url); // superagent buffers image/* bodies into a Buffer

  async function made(user: TestUser, share: boolean): Promise<Made> {
    const res = await generate(user.agent, { image: photoJpeg(), prompt: 'make it black and white', share: String(share) }).expect(200);
    return res.body as Made;
  }

  it('puts the original, the result and the renditions in the bucket, and keeps no bytes in PostgreSQL', async () => {
    const image = await made(owner, true);
    // A public image's objects end up under public/ (issue 24: the original, put while it was
    // processing, follows the output there once it completes).
    const prefix = `public/images/${image.id}/`;
    await waitFor('every object of the public image under public/', async () => (await s3.imageKeys(image.id)).every((k) => k.startsWith(prefix)), WAIT);
    const keys = await s3.imageKeys(image.id);
    expect(keys).toEqual(expect.arrayContaining([`${prefix}original.jpg`, `${prefix}generated.jpg`]));
    expect(keys.filter((k) => k.includes('/renditions/'))).toHaveLength(image.originalRenditions.length + image.generatedRenditions.length);

    const [row] = await sql<{ original: boolean; generated: boolean; original_key: string; generated_key: string; in_object_store: boolean; object_scope: string }>(
      t,
      `SELECT original_image_data IS NOT NULL AS original, generated_image_data IS NOT NULL AS generated, original_key, generated_key, in_object_store, object_scope
         FROM image WHERE id = $1`,
      [image.id],
    );
    expect(row).toEqual({
      original: false,
      generated: false,
      original_key: `${prefix}original.jpg`,
      generated_key: `${prefix}generated.jpg`,
      in_object_store: true,
      object_scope: 'public',
    });
    const renditions = await sql<{ bytes: boolean; key: string }>(t, `SELECT bytes IS NOT NULL AS bytes, key FROM image_rendition WHERE image_id = $1`, [image.id]);
    expect(renditions.length).toBeGreaterThan(0);
    for (const r of renditions) expect(r).toEqual({ bytes: false, key: expect.stringMatching(new RegExp(`^${prefix}renditions/`)) });

    // A private image's objects are under private/ from the start.
    const mine = await made(owner, false);
    expect(await s3.imageKeys(mine.id)).toHaveLength(2 + mine.originalRenditions.length + mine.generatedRenditions.length);
    expect((await s3.imageKeys(mine.id)).every((k) => k.startsWith(`private/images/${mine.id}/`))).toBe(true);
  });

  it('serves the files from the bucket with their ETag, 304 without reading the object, and the same bytes', async () => {
    const image = await made(owner, true);
    const prefix = `public/images/${image.id}/`;
    await waitFor('every object of the public image under public/', async () => (await s3.imageKeys(image.id)).every((k) => k.startsWith(prefix)), WAIT);
    const res = await get(`/api/images/${image.id}`).expect(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers.etag).toBe(`"${image.id}-g"`);
    expect(res.headers['cache-control']).toBe('public, max-age=60, must-revalidate');
    expect((res.body as Buffer).equals(await s3.object(`${prefix}generated.jpg`))).toBe(true);
    const original = await get(`/api/images/${image.id}/original`).expect(200);
    expect((original.body as Buffer).equals(await s3.object(`${prefix}original.jpg`))).toBe(true);
    await request(t.http).get(`/api/images/${image.id}`).set('If-None-Match', `"${image.id}-g"`).expect(304);

    const download = await get(`/api/images/${image.id}/download`).expect(200);
    expect(download.headers['content-disposition']).toBe(`attachment; filename="magic-editor-${image.id}.jpg"`);

    const small = image.generatedRenditions[0];
    const rendition = await get(small.url).expect(200);
    expect(rendition.headers['content-type']).toBe('image/webp');
    const version = /-([0-9a-f]{16})\.webp$/.exec(small.url)![1];
    expect((rendition.body as Buffer).equals(await s3.object(`${prefix}renditions/generated-${small.width}-${version}.webp`))).toBe(true);
    await request(t.http).get(small.url).set('If-None-Match', `"${version}"`).expect(304);

    // The 304 is answered from the row: with the object gone, it still is (and a full GET is a 404).
    await s3.remove(`${prefix}generated.jpg`);
    await request(t.http).get(`/api/images/${image.id}`).set('If-None-Match', `"${image.id}-g"`).expect(304);
    await request(t.http).get(`/api/images/${image.id}`).expect(404);
  });

  it('keeps the access rules: a private image to its owner and admins only, a hidden one to nobody but them', async () => {
    const image = await made(owner, false);
    const stranger = await signedInUser(t);
    const admin = await signedInAdmin(t);
    for (const url of [`/api/images/${image.id}`, `/api/images/${image.id}/original`, image.generatedRenditions[0].url]) {
      await request(t.http).get(url).expect(404);
      await stranger.agent.get(url).expect(404);
      await get(url, owner.agent).expect(200);
      await get(url, admin.agent).expect(200);
    }
    const res = await get(`/api/images/${image.id}`, owner.agent).expect(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');

    const shown = await made(owner, true);
    await get(`/api/images/${shown.id}`).expect(200);
    await admin.agent.post(`/api/admin/images/${shown.id}/visibility`).send({ hidden: true, reason: 'test' }).expect(200);
    await request(t.http).get(`/api/images/${shown.id}`).expect(404);
    await request(t.http).get(shown.generatedRenditions[0].url).expect(404);
    await stranger.agent.get(`/api/images/${shown.id}`).expect(404);
    await get(`/api/images/${shown.id}`, owner.agent).expect(200);
  });

  it('serves a file whose row was read just before its objects moved (the move copies, records, then deletes)', async () => {
    const image = await made(owner, false);
    const [before] = await sql<{ generated_key: string }>(t, `SELECT generated_key FROM image WHERE id = $1`, [image.id]);
    expect(before.generated_key).toBe(`private/images/${image.id}/generated.jpg`);

    await sql(t, `UPDATE image SET is_public = true WHERE id = $1`, [image.id]);
    await t.app.get(ImageObjectMovesService).settle(image.id);
    const [after] = await sql<{ generated_key: string }>(t, `SELECT generated_key FROM image WHERE id = $1`, [image.id]);
    expect(after.generated_key).toBe(`public/images/${image.id}/generated.jpg`);
    expect((await s3.imageKeys(image.id)).some((k) => k.startsWith('private/'))).toBe(false);

    const bytes = await t.app.get(ImageStorageService).read({ bytes: null, key: before.generated_key });
    expect(bytes?.equals(await s3.object(after.generated_key))).toBe(true);
    // A key with no object under either prefix is still missing.
    expect(await t.app.get(ImageStorageService).read({ bytes: null, key: `private/images/${image.id}/nothing.jpg` })).toBeNull();
  });

  it('deletes the objects when the account is deleted, and the sweep retries what is left queued', async () => {
    const leaving = await signedInUser(t, { regular: 2 });
    const a = await made(leaving, true);
    const b = await made(leaving, false);
    expect((await s3.imageKeys(a.id)).length).toBeGreaterThan(0);
    expect((await s3.imageKeys(b.id)).length).toBeGreaterThan(0);
    const kept = await made(owner, false);

    await leaving.agent.post('/api/user/delete-account').send({ confirmEmail: leaving.email }).expect(200);
    await waitFor('the objects of the deleted images to go', async () => (await s3.imageKeys(a.id)).length + (await s3.imageKeys(b.id)).length === 0, {
      timeoutMs: 10_000,
      intervalMs: 50,
    });
    await waitFor('the deletion queue to empty', async () => (await sql(t, `SELECT 1 FROM image_object_deletion`)).length === 0);
    expect((await s3.imageKeys(kept.id)).length).toBeGreaterThan(0);
    await get(`/api/images/${kept.id}`, owner.agent).expect(200);

    // An image queued whose objects are still there (a deletion that failed, or an instance that
    // stopped): the interval job deletes them.
    const orphan = await made(owner, false);
    await sql(t, `DELETE FROM image_object_deletion`);
    await sql(t, `ALTER TABLE image DISABLE TRIGGER image_objects_on_delete`);
    await sql(t, `DELETE FROM image WHERE id = $1`, [orphan.id]);
    await sql(t, `ALTER TABLE image ENABLE TRIGGER image_objects_on_delete`);
    await sql(t, `INSERT INTO image_object_deletion (image_id) VALUES ($1)`, [orphan.id]);
    expect((await s3.imageKeys(orphan.id)).length).toBeGreaterThan(0);
    expect(await t.app.get(IntervalJobs).runOnce(t.app.get(DeleteImageObjectsJob))).toBe('ran');
    expect(await s3.imageKeys(orphan.id)).toEqual([]);
    expect(await sql(t, `SELECT 1 FROM image_object_deletion`)).toEqual([]);
  });

  it('keeps a watermarked step\'s master under private/masters/ (never moved public), chains from it, and deletes it with the account (D38)', async () => {
    const user = await signedInUser(t, { watermarked: 1 });
    const first = (await generate(user.agent, { image: photoJpeg(), prompt: 'make it black and white', share: 'true' }).expect(200)).body as Made & {
      watermarked: boolean;
    };
    expect(first.watermarked).toBe(true);
    const masterKey = `private/masters/${first.id}/master.jpg`;
    await waitFor('the public image\'s files under public/', async () => (await s3.imageKeys(first.id)).every((k) => k.startsWith('public/')), WAIT);
    expect(await s3.keys(`private/masters/${first.id}/`)).toEqual([masterKey]);
    const [row] = await sql<{ master_key: string; master: boolean }>(t, `SELECT master_key, master_image_data IS NOT NULL AS master FROM image WHERE id = $1`, [first.id]);
    expect(row).toEqual({ master_key: masterKey, master: false });
    // Not reachable at any public address: the files served are the watermarked ones.
    const served = (await get(`/api/images/${first.id}`).expect(200)).body as Buffer;
    expect(Buffer.compare(served, await s3.object(masterKey))).not.toBe(0);

    await grantCredits(t, user.id, { regular: 1 });
    const second = await generate(user.agent, { sourceImageId: first.id, prompt: 'make it black and white' }).expect(200);
    expect(second.body.watermarked).toBe(false);
    expect(await s3.keys(`private/masters/${second.body.id}/`)).toEqual([]);

    await user.agent.post('/api/user/delete-account').send({ confirmEmail: user.email }).expect(200);
    // The deletion starts a sweep at once; the interval job is its retry: run it on every look, so
    // neither a sweep slowed by a busy machine nor one run of the job that found the lock taken
    // ('skipped': the deletion's own sweep still held it) is what the test measures.
    await waitFor(
      'the master to go with the account',
      async () => {
        await t.app.get(IntervalJobs).runOnce(t.app.get(DeleteImageObjectsJob));
        return (await s3.keys(`private/masters/${first.id}/`)).length === 0;
      },
      { timeoutMs: 30_000, intervalMs: 200 },
    );
  }, 90_000); // two edits, a chain and an account deletion: under the whole suite the default 30 s ran out before the last wait's own 30 s

  it('deletes the objects of a private image the daily purge deletes (D23), and keeps a public one', async () => {
    const expired = await made(owner, false);
    const shared = await made(owner, true);
    await sql(t, `UPDATE image SET is_saved = true, saved_at = now() - interval '61 days', expires_at = now() - interval '1 day' WHERE id = ANY($1::uuid[])`, [
      [expired.id, shared.id],
    ]);
    await t.app.get(PurgeMyEditsJob).execute();
    await waitFor('the purged image objects to go', async () => (await s3.imageKeys(expired.id)).length === 0, { timeoutMs: 10_000, intervalMs: 50 });
    await request(t.http).get(`/api/images/${shared.id}`).expect(200);
    expect((await s3.imageKeys(shared.id)).length).toBeGreaterThan(0);
  });

  it('queues the objects of a failed generation for deletion with the failure', async () => {
    const image = await made(owner, false);
    // As the recovery job fails a generation (here a completed row set back to processing first).
    await sql(t, `UPDATE image SET status = 'processing' WHERE id = $1`, [image.id]);
    await sql(t, `UPDATE image SET status = 'failed', original_key = NULL, generated_key = NULL WHERE id = $1`, [image.id]);
    expect(await sql(t, `SELECT image_id FROM image_object_deletion WHERE image_id = $1`, [image.id])).toEqual([{ image_id: image.id }]);
    await t.app.get(DeleteImageObjectsJob).execute();
    expect(await s3.imageKeys(image.id)).toEqual([]);
  });
});

/** S3_PUBLIC_BASE_URL: public, visible images redirect to the CDN; private and hidden ones never do. */
describe('images from a public base URL (a CDN)', () => {
  let s3: S3TestServer;
  let t: TestApp;
  const CDN = 'https://cdn.example.com/magic';

  beforeAll(async () => {
    s3 = await startS3Server();
    t = await createGenerationApp({ env: { ...s3.env, S3_PUBLIC_BASE_URL: `${CDN}/`, ADMIN_EMAILS: ADMIN_EMAIL } });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('redirects a public image, serves a private one and a download itself, and stops redirecting once hidden', async () => {
    const user = await signedInUser(t, { regular: 2 });
    const shared = (await generate(user.agent, { image: photoJpeg(), prompt: 'make it black and white', share: 'true' }).expect(200)).body as Made;
    const mine = (await generate(user.agent, { image: photoJpeg(), prompt: 'make it black and white', share: 'false' }).expect(200)).body as Made;

    const redirect = await request(t.http).get(`/api/images/${shared.id}`).expect(302);
    expect(redirect.headers.location).toBe(`${CDN}/public/images/${shared.id}/generated.jpg`);
    expect(redirect.headers['cache-control']).toBe('public, max-age=60, must-revalidate');
    await request(t.http).get(`/api/images/${shared.id}/download`).expect(200);
    await user.agent.get(`/api/images/${mine.id}`).expect(200);
    await request(t.http).get(`/api/images/${mine.id}`).expect(404);

    const admin = await signedInAdmin(t);
    await admin.agent.post(`/api/admin/images/${shared.id}/visibility`).send({ hidden: true, reason: 'test' }).expect(200);
    await request(t.http).get(`/api/images/${shared.id}`).expect(404);
    const owners = await user.agent.get(`/api/images/${shared.id}`).expect(200);
    expect(owners.headers['cache-control']).toBe('private, no-cache');
  });
});
