import request from 'supertest';
import { IntervalJobs } from '../../src/shared/jobs/interval-jobs';
import { MoveImageObjectsJob } from '../../src/modules/images/application/move-image-objects.job';
import { signedInAdmin } from '../administration/admin-helpers';
import { createGenerationApp, generate, signedInUser, sql, type TestUser } from '../generation/generation-helpers';
import { photoJpeg } from '../support/images';
import type { TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';
import { startPublicBase, startS3Server, type PublicBase, type S3TestServer } from './s3-helpers';

interface Made {
  id: string;
  originalRenditions: Array<{ url: string; width: number }>;
  generatedRenditions: Array<{ url: string; width: number }>;
}

const ADMIN_EMAIL = 'boss@example.com';
const WAIT = { timeoutMs: 10_000, intervalMs: 25 };

/**
 * Issue 24 (ADR 0023): with S3_PUBLIC_BASE_URL, only the objects of public, visible images are
 * readable at the public base. The public base here is a small HTTP server in front of the s3rver
 * bucket that does what the bucket policy of docs/deploy.md does: anyone may GET a key under
 * `public/`, anything else is refused. A private image's objects are under `private/`; an image's
 * objects move when its visibility changes; the move job moves those stored under the old
 * `images/{id}/`; deletion removes every prefix.
 */
describe('only public, visible images are readable at the public base', () => {
  let s3: S3TestServer;
  let base: PublicBase;
  let t: TestApp;
  let owner: TestUser;

  beforeAll(async () => {
    s3 = await startS3Server();
    base = await startPublicBase(s3);
    t = await createGenerationApp({ env: { ...s3.env, S3_PUBLIC_BASE_URL: base.url, ADMIN_EMAILS: ADMIN_EMAIL } });
    owner = await signedInUser(t, { regular: 10 });
  });
  afterAll(async () => {
    await t?.close();
    await base?.close();
    await s3?.close();
  });

  async function made(user: TestUser, share: boolean): Promise<Made> {
    return (await generate(user.agent, { image: photoJpeg(), prompt: 'make it black and white', share: String(share) }).expect(200)).body as Made;
  }

  /** The names of the image's objects under its prefix: `generated.jpg`, `renditions/original-320-….webp`, … */
  function names(image: Made): string[] {
    const renditions = [...image.originalRenditions, ...image.generatedRenditions].map((r) => `renditions/${r.url.split('/').pop()!}`);
    return ['original.jpg', 'generated.jpg', ...renditions];
  }

  /** Every address of the image's files at the public base that a person who knows its id could try. */
  function guessableKeys(image: Made): string[] {
    const files = [...names(image), ...['original', 'generated'].flatMap((f) => ['png', 'webp', 'jpeg'].map((ext) => `${f}.${ext}`))];
    return ['public/images', 'images', 'private/images'].flatMap((prefix) => files.map((name) => `${prefix}/${image.id}/${name}`));
  }

  async function readableAtBase(keys: string[]): Promise<string[]> {
    const answers = await Promise.all(keys.map(async (key) => ({ key, status: (await base.fetch(key)).status })));
    return answers.filter((a) => a.status === 200).map((a) => a.key);
  }

  /**
   * Whether every object of the image is in the bucket under `prefix` only, the rows record exactly
   * those keys, and no move of it is under way.
   */
  async function storedUnder(image: Made, prefix: 'public' | 'private'): Promise<boolean> {
    const expected = names(image)
      .map((name) => `${prefix}/images/${image.id}/${name}`)
      .sort();
    const [row] = await sql<{ keys: string[]; settled: boolean }>(
      t,
      `SELECT ARRAY[original_key, generated_key] || ARRAY(SELECT key FROM image_rendition WHERE image_id = $1) AS keys,
              objects_moving_until IS NULL AS settled
         FROM image WHERE id = $1`,
      [image.id],
    );
    return (
      row.settled && JSON.stringify(await s3.imageKeys(image.id)) === JSON.stringify(expected) && JSON.stringify([...row.keys].sort()) === JSON.stringify(expected)
    );
  }

  async function setPublic(image: Made, isPublic: boolean): Promise<void> {
    await owner.agent.post(`/api/images/${image.id}/visibility`).send({ isPublic }).expect(200);
  }

  it('keeps a private image out of the public base at every key a person could guess', async () => {
    const image = await made(owner, false);
    // Its bytes are in the bucket (under private/, which the public base never serves) ...
    expect(await storedUnder(image, 'private')).toBe(true);
    // ... and at no address of the public base: not under public/, not the old images/{id}/, no rendition.
    expect(await readableAtBase(guessableKeys(image))).toEqual([]);
    // The app serves it to its owner itself, never by a redirect.
    await owner.agent.get(`/api/images/${image.id}`).expect(200);
    await request(t.http).get(`/api/images/${image.id}`).expect(404);
  });

  it('publishes a public image there, and the app redirects to it', async () => {
    const image = await made(owner, true);
    // The original, put while the image was processing, follows the output to public/ once it completes.
    await waitFor('the public image to be stored under public/', () => storedUnder(image, 'public'), WAIT);
    expect(await readableAtBase(guessableKeys(image))).toEqual(names(image).map((name) => `public/images/${image.id}/${name}`));

    for (const file of ['generated', 'original'] as const) {
      const path = file === 'generated' ? `/api/images/${image.id}` : `/api/images/${image.id}/original`;
      const redirect = await request(t.http).get(path).expect(302);
      expect(redirect.headers.location).toBe(`${base.url}/public/images/${image.id}/${file}.jpg`);
      const fromBase = await fetch(redirect.headers.location as string);
      expect(fromBase.status).toBe(200);
      expect(Buffer.from(await fromBase.arrayBuffer()).equals(await s3.object(`public/images/${image.id}/${file}.jpg`))).toBe(true);
    }
    // The bytes the app itself serves (a download is never redirected).
    const download = (await request(t.http).get(`/api/images/${image.id}/download`).expect(200)).body as Buffer;
    expect((await base.fetch(`public/images/${image.id}/generated.jpg`)).bytes!.equals(download)).toBe(true);
  });

  it('takes the files off the public base when the owner makes the image private or an admin hides it, and back when shown again', async () => {
    const image = await made(owner, true);
    await waitFor('the public image to be stored under public/', () => storedUnder(image, 'public'), WAIT);
    const published = names(image).map((name) => `public/images/${image.id}/${name}`);
    expect(await readableAtBase(published)).toEqual(published);

    await setPublic(image, false);
    await waitFor('its objects to move under private/', () => storedUnder(image, 'private'), WAIT);
    expect(await readableAtBase(guessableKeys(image))).toEqual([]);
    await request(t.http).get(`/api/images/${image.id}`).expect(404);
    await owner.agent.get(`/api/images/${image.id}`).expect(200);

    await setPublic(image, true);
    await waitFor('its objects to move back under public/', () => storedUnder(image, 'public'), WAIT);
    expect(await readableAtBase(published)).toEqual(published);
    expect((await request(t.http).get(`/api/images/${image.id}`).expect(302)).headers.location).toBe(`${base.url}/public/images/${image.id}/generated.jpg`);

    const admin = await signedInAdmin(t);
    await admin.agent.post(`/api/admin/images/${image.id}/visibility`).send({ hidden: true, reason: 'test' }).expect(200);
    await waitFor('its objects to move under private/ once hidden', () => storedUnder(image, 'private'), WAIT);
    expect(await readableAtBase(guessableKeys(image))).toEqual([]);
    await request(t.http).get(`/api/images/${image.id}`).expect(404);
    await owner.agent.get(`/api/images/${image.id}`).expect(200);

    await admin.agent.post(`/api/admin/images/${image.id}/visibility`).send({ hidden: false, reason: 'test' }).expect(200);
    await waitFor('its objects to move back under public/ once shown', () => storedUnder(image, 'public'), WAIT);
    expect(await readableAtBase(published)).toEqual(published);
    await request(t.http).get(`/api/images/${image.id}`).expect(302);
  });

  it('moves objects stored under the old images/{id}/ to the prefix their visibility says, and finishes a move that stopped', async () => {
    const shared = await made(owner, true);
    const mine = await made(owner, false);
    await waitFor('the public image to be stored under public/', () => storedUnder(shared, 'public'), WAIT);
    // As stored before issue 24: every object under images/{id}/, and the rows naming those keys.
    for (const image of [shared, mine]) {
      for (const key of await s3.imageKeys(image.id)) {
        const legacy = key.replace(/^(public|private)\//, '');
        await s3.copy(key, legacy);
        await s3.remove(key);
      }
      await sql(t, `UPDATE image SET original_key = regexp_replace(original_key, '^(public|private)/', ''),
                                     generated_key = regexp_replace(generated_key, '^(public|private)/', ''), object_scope = NULL WHERE id = $1`, [image.id]);
      await sql(t, `UPDATE image_rendition SET key = regexp_replace(key, '^(public|private)/', '') WHERE image_id = $1`, [image.id]);
      expect((await s3.imageKeys(image.id)).every((k) => k.startsWith(`images/${image.id}/`))).toBe(true);
    }
    // A legacy key is not public: the app serves the public image itself meanwhile.
    await request(t.http).get(`/api/images/${shared.id}`).expect(200);

    // Made private behind the app's back (as if the instance died right after the change committed).
    const changed = await made(owner, true);
    await waitFor('the public image to be stored under public/', () => storedUnder(changed, 'public'), WAIT);
    await sql(t, `UPDATE image SET is_public = false WHERE id = $1`, [changed.id]);
    // A move to private that copied and recorded the new keys, then stopped before deleting the old
    // objects: they are still under public/, and its claim has lapsed.
    const stopped = await made(owner, true);
    await waitFor('the public image to be stored under public/', () => storedUnder(stopped, 'public'), WAIT);
    for (const key of await s3.keys(`public/images/${stopped.id}/`)) await s3.copy(key, key.replace(/^public\//, 'private/'));
    await sql(t, `UPDATE image SET is_public = false, original_key = replace(original_key, 'public/', 'private/'), generated_key = replace(generated_key, 'public/', 'private/'),
                                   object_scope = 'private', objects_moving_until = now() - interval '1 minute' WHERE id = $1`, [stopped.id]);
    await sql(t, `UPDATE image_rendition SET key = replace(key, 'public/', 'private/') WHERE image_id = $1`, [stopped.id]);
    expect(await readableAtBase(guessableKeys(changed))).not.toEqual([]);
    expect(await readableAtBase(guessableKeys(stopped))).not.toEqual([]);

    expect(await t.app.get(IntervalJobs).runOnce(t.app.get(MoveImageObjectsJob))).toBe('ran');
    expect(await storedUnder(shared, 'public')).toBe(true);
    expect(await storedUnder(mine, 'private')).toBe(true);
    expect(await storedUnder(changed, 'private')).toBe(true);
    expect(await storedUnder(stopped, 'private')).toBe(true);
    expect(await readableAtBase([...guessableKeys(mine), ...guessableKeys(changed), ...guessableKeys(stopped)])).toEqual([]);
    expect((await request(t.http).get(`/api/images/${shared.id}`).expect(302)).headers.location).toBe(`${base.url}/public/images/${shared.id}/generated.jpg`);
    await owner.agent.get(`/api/images/${mine.id}`).expect(200);
    expect(await sql(t, `SELECT id FROM image WHERE id = ANY($1::uuid[]) AND (object_scope IS NULL OR objects_moving_until IS NOT NULL)`, [[shared.id, mine.id, changed.id, stopped.id]])).toEqual([]);
  });

  it('deletes the objects of a deleted image under every prefix', async () => {
    const leaving = await signedInUser(t, { regular: 2 });
    const image = await made(leaving, false);
    // What a move cut short may leave: copies under public/ and the old images/{id}/.
    for (const name of ['generated.jpg', 'original.jpg']) {
      await s3.copy(`private/images/${image.id}/${name}`, `public/images/${image.id}/${name}`);
      await s3.copy(`private/images/${image.id}/${name}`, `images/${image.id}/${name}`);
    }
    expect((await s3.keys(`public/images/${image.id}/`)).length).toBe(2);

    await leaving.agent.post('/api/user/delete-account').send({ confirmEmail: leaving.email }).expect(200);
    await waitFor('every object of the deleted image to go', async () => (await s3.imageKeys(image.id)).length === 0, WAIT);
    expect(await readableAtBase(guessableKeys(image))).toEqual([]);
  });
});
