import { createHash } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { databaseOptions } from '../../src/database/database-options';
import { runProvenanceBackfill } from '../../src/modules/images/adapters/cli/provenance-backfill';
import { RENDITION_BACKFILL_ENTITIES, runRenditionBackfill } from '../../src/modules/images/adapters/cli/rendition-backfill';
import { IMAGE_STORE, type ImageStore } from '../../src/modules/images/application/image-store.port';
import { MakeMissingRenditionsJob } from '../../src/modules/images/application/make-missing-renditions.job';
import { IntervalJobs } from '../../src/shared/jobs/interval-jobs';
import { ContentCredentialsService } from '../../src/shared/provenance/content-credentials.service';
import { generate, generationAppForSuite, signedInUser, sql } from '../generation/generation-helpers';
import { actionsOf, readContentCredentials } from '../support/content-credentials';
import { photoJpeg, smallJpeg } from '../support/images';

const SOURCE_TYPE = 'http://cv.iptc.org/newscodes/digitalsourcetype/compositeWithTrainedAlgorithmicMedia';
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * D42 for files stored before generations signed them: `npm run provenance:backfill` (its function,
 * on a DataSource of its own like the command) signs the generated file and its renditions from
 * the row's facts, marks files that were already signed, and does nothing the second time; the
 * app's own rendition backfill signs the renditions it makes of a signed file.
 */
describe('content credentials for files stored before (D42 backfill)', () => {
  const suite = generationAppForSuite();
  let dataSource: DataSource;
  let store: ImageStore;
  let credentials: ContentCredentialsService;

  beforeAll(async () => {
    dataSource = new DataSource(databaseOptions(suite.t.db.url, { entities: RENDITION_BACKFILL_ENTITIES }));
    await dataSource.initialize();
    store = suite.t.app.get<ImageStore>(IMAGE_STORE);
    credentials = suite.t.app.get(ContentCredentialsService);
  });
  afterAll(async () => {
    await dataSource?.destroy();
  });

  const served = async (id: string) => (await request(suite.t.http).get(`/api/images/${id}`).expect(200)).body as Buffer;
  const generatedRenditionUrls = async (id: string) =>
    ((await request(suite.t.http).get(`/api/images/${id}/share`).expect(200)).body.generatedRenditions as Array<{ url: string }>).map((r) => r.url);
  const fetched = async (url: string) => (await request(suite.t.http).get(url).expect(200)).body as Buffer;

  it('signs an old file and its renditions from the row (model, date, the original by hash), once; a second run changes nothing', async () => {
    const user = await signedInUser(suite.t);
    const original = photoJpeg();
    const old = await smallJpeg(1000, 750);
    const [{ id }] = await sql<{ id: string }>(
      suite.t,
      `INSERT INTO image (user_id, prompt, status, is_public, model, timestamp, original_image_data, original_mime_type, generated_image_data, generated_mime_type)
       VALUES ($1, 'an old edit', 'completed', true, 'black-forest-labs/flux-kontext-pro', '2026-03-01T10:00:00Z', $2, 'image/jpeg', $3, 'image/jpeg') RETURNING id`,
      [user.id, original, old],
    );
    // Its renditions, made by the rendition backfill: of an unsigned file, unsigned.
    await runRenditionBackfill(dataSource, undefined, store, credentials);
    const before = await generatedRenditionUrls(id);
    expect(before.length).toBeGreaterThan(0);
    expect((await readContentCredentials(await fetched(before[0]))).valid).toBeFalsy();
    expect((await readContentCredentials(await served(id))).valid).toBeFalsy();

    const first = await runProvenanceBackfill(dataSource, store, credentials);
    expect(first.signed).toBeGreaterThanOrEqual(1);

    const file = await served(id);
    const read = await readContentCredentials(file);
    expect(read).toMatchObject({ format: '_JPEG', valid: true, claimGenerator: 'Magic Editor' });
    expect(actionsOf(read)[1]).toMatchObject({ action: 'c2pa.edited', digitalSourceType: SOURCE_TYPE, softwareAgent: { name: 'black-forest-labs/flux-kontext-pro' } });
    const ingredient = read.assertions!.find((a) => a.label === 'c2pa.ingredient.v3')!.data;
    expect(ingredient).toMatchObject({ relationship: 'parentOf', instanceID: `sha256:${sha256(original)}` });
    // The renditions were made again from the signed file (new addresses) and are signed too.
    const after = await generatedRenditionUrls(id);
    expect(after).toHaveLength(before.length);
    expect(after.some((url) => before.includes(url))).toBe(false);
    for (const url of after) expect((await readContentCredentials(await fetched(url))).valid).toBe(true);
    for (const url of before) await request(suite.t.http).get(url).expect(404);
    expect(await sql(suite.t, `SELECT has_content_credentials, generated_sha256 FROM image WHERE id = $1`, [id])).toEqual([
      { has_content_credentials: true, generated_sha256: sha256(file) },
    ]);

    const second = await runProvenanceBackfill(dataSource, store, credentials);
    expect(second).toMatchObject({ signed: 0, marked: 0 });
    expect(sha256(await served(id))).toBe(sha256(file));
    expect(await generatedRenditionUrls(id)).toEqual(after);
  });

  it('marks a file that is already signed without signing it again; the app’s rendition backfill signs what it makes of it', async () => {
    const user = await signedInUser(suite.t, { regular: 1 });
    const id = (await generate(user.agent, { image: photoJpeg(), prompt: 'make it black and white', share: 'true' }).expect(200)).body.id as string;
    const file = await served(id);
    // As a row written before the column existed says.
    await sql(suite.t, `UPDATE image SET has_content_credentials = false, generated_sha256 = NULL WHERE id = $1`, [id]);
    const run = await runProvenanceBackfill(dataSource, store, credentials);
    expect(run).toMatchObject({ signed: 0, marked: 1 });
    expect(sha256(await served(id))).toBe(sha256(file));
    expect(await sql(suite.t, `SELECT has_content_credentials, generated_sha256 FROM image WHERE id = $1`, [id])).toEqual([
      { has_content_credentials: true, generated_sha256: sha256(file) },
    ]);

    // Its renditions lost (as for an image completed while they could not be made): the job makes them, signed.
    await sql(suite.t, `DELETE FROM image_rendition WHERE image_id = $1`, [id]);
    await sql(suite.t, `UPDATE image SET renditions = NULL WHERE id = $1`, [id]);
    expect(await suite.t.app.get(IntervalJobs).runOnce(suite.t.app.get(MakeMissingRenditionsJob))).toBe('ran');
    const urls = await generatedRenditionUrls(id);
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls) {
      const read = await readContentCredentials(await fetched(url));
      expect([url, read.valid]).toEqual([url, true]);
      expect(actionsOf(read)[1]).toMatchObject({ action: 'c2pa.edited', softwareAgent: { name: 'local-engine' } });
    }
  });
});
