import request from 'supertest';
import { DeleteImageObjectsJob } from '../../src/modules/images/application/delete-image-objects.job';
import { IntervalJobs } from '../../src/shared/jobs/interval-jobs';
import { signedInAdmin } from '../administration/admin-helpers';
import { createGenerationApp, generate, signedInUser, sql, type TestUser } from '../generation/generation-helpers';
import { startS3Server, type S3TestServer } from '../images/s3-helpers';
import { photo } from '../support/images';
import type { TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';

const ADMIN_EMAIL = 'boss@example.com';

/** D43 with the object store (ADR 0023): a takedown leaves no object of the image or its copies in the bucket. */
describe('takedown with the object store (D43)', () => {
  let s3: S3TestServer;
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    s3 = await startS3Server();
    t = await createGenerationApp({ env: { ...s3.env, ADMIN_EMAILS: ADMIN_EMAIL } });
    admin = await signedInAdmin(t);
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('deletes the original, the output, its renditions and its master, and its copy’s, from the bucket', async () => {
    const owner = await signedInUser(t, { watermarked: 1 });
    const other = await signedInUser(t, { regular: 2 });
    const reported = (await generate(owner.agent, { image: photo('rocket.jpg'), prompt: 'make it black and white', share: 'true' }).expect(200)).body.id as string;
    const copy = (await generate(other.agent, { image: photo('rocket.jpg'), prompt: 'make it warmer', share: 'false' }).expect(200)).body.id as string;
    await waitFor('every object of both images in the bucket', async () => (await s3.imageKeys(reported)).length > 3 && (await s3.imageKeys(copy)).length > 3, {
      timeoutMs: 20_000,
      intervalMs: 50,
    });
    expect(await s3.keys(`private/masters/${reported}/`)).toHaveLength(1);

    await request(t.http).post(`/api/images/${reported}/report`).send({ reason: 'ncii' }).expect(201);
    const res = await admin.agent.post(`/api/admin/reports/${reported}/take-down`).send({ reason: 'confirmed' }).expect(200);
    expect(res.body.imagesRemoved).toBe(2);
    expect(await sql(t, `SELECT id FROM image WHERE id = ANY($1::uuid[])`, [[reported, copy]])).toEqual([]);
    // The deletion queue's sweep (the app runs it soon after; here at once, whatever the timing).
    await t.app.get(IntervalJobs).runOnce(t.app.get(DeleteImageObjectsJob));
    await waitFor(
      'no object of either image left',
      async () => (await s3.imageKeys(reported)).length === 0 && (await s3.imageKeys(copy)).length === 0 && (await s3.keys(`private/masters/${reported}/`)).length === 0,
      { timeoutMs: 20_000, intervalMs: 50 },
    );
    await t.app.get(IntervalJobs).runOnce(t.app.get(DeleteImageObjectsJob));
    await waitFor('the deletion queue to be empty', async () => (await sql(t, `SELECT 1 FROM image_object_deletion`)).length === 0, { timeoutMs: 20_000, intervalMs: 50 });
    // And the photo is refused as an upload.
    expect((await generate(other.agent, { image: photo('rocket.jpg'), prompt: 'make it warmer' }).expect(422)).body.code).toBe('IMAGE.BLOCKED');
  });
});
