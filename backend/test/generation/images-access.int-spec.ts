import request from 'supertest';
import { photoJpeg } from '../support/images';
import type { TestApp } from '../support/test-app';
import { createGenerationApp, generate, imageRow, signedInUser, sql, type TestUser } from './generation-helpers';

const DAY = 24 * 60 * 60 * 1000;

/** Who may read, save and hide an image (D7, D14, D23); private images do not reveal they exist. */
describe('image access, My Edits and visibility', () => {
  let t: TestApp;
  let owner: TestUser;
  let stranger: TestUser;
  let privateId: string;
  let publicId: string;

  beforeAll(async () => {
    t = await createGenerationApp({ env: { ADMIN_EMAILS: 'boss@example.com' } });
    owner = await signedInUser(t, { regular: 2 });
    stranger = await signedInUser(t, { regular: 0 });
    privateId = (await generate(owner.agent, { image: photoJpeg(), prompt: 'add snow falling', share: 'false' }).expect(200)).body.id;
    publicId = (await generate(owner.agent, { image: photoJpeg(), prompt: 'make it black and white' }).expect(200)).body.id;
  });
  afterAll(() => t.close());

  const subscribe = (user: TestUser, tier: string, isSubscribed = true) =>
    sql(t, `UPDATE "user" SET is_subscribed = $2, subscription_tier = $3 WHERE id = $1`, [user.id, isSubscribed, tier]);

  it('does not show another user a private image: 404, like an unknown id', async () => {
    for (const path of ['', '/original', '/download']) {
      const res = await stranger.agent.get(`/api/images/${privateId}${path}`).expect(404);
      expect(res.body.code).toBe('IMAGE.NOT_FOUND');
    }
    await owner.agent.get(`/api/images/${privateId}`).expect(200);
  });

  it('shows a private image to an admin (D22)', async () => {
    const admin = await signedInUser(t, {}, { email: 'boss@example.com' });
    const res = await admin.agent.get(`/api/images/${privateId}`).expect(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
  });

  it('does not let another user save, unsave or hide someone else\'s image (404, even with a paid plan)', async () => {
    await subscribe(stranger, 'pro');
    for (const id of [privateId, publicId]) {
      expect((await stranger.agent.post(`/api/images/${id}/save`).expect(404)).body.code).toBe('IMAGE.NOT_FOUND');
      await stranger.agent.delete(`/api/images/${id}/save`).expect(404);
      await stranger.agent.post(`/api/images/${id}/visibility`).send({ isPublic: false }).expect(404);
    }
    expect(await imageRow(t, publicId)).toMatchObject({ is_public: true, is_saved: false });
  });

  it('answers 401 to signed-out save, unsave and visibility calls', async () => {
    await request(t.http).post(`/api/images/${publicId}/save`).expect(401);
    await request(t.http).delete(`/api/images/${publicId}/save`).expect(401);
    await request(t.http).post(`/api/images/${publicId}/visibility`).send({ isPublic: false }).expect(401);
  });

  it.each([
    ['free', false],
    ['paid', false],
    ['paid', true],
    ['starter', false],
  ])('refuses to save without a paid plan (tier %s, subscribed %s): 403 "Upgrade to a paid plan" (D7)', async (tier, isSubscribed) => {
    await subscribe(owner, tier, isSubscribed);
    const res = await owner.agent.post(`/api/images/${publicId}/save`).expect(403);
    expect(res.body).toMatchObject({ code: 'SAVE.UPGRADE_REQUIRED', message: 'Upgrade to a paid plan to save images to My Edits.' });
    expect(await imageRow(t, publicId)).toMatchObject({ is_saved: false, saved_at: null });
  });

  it('saves to My Edits with a paid plan, expiring 60 days later (D23); saving again keeps the dates; removing clears them', async () => {
    await subscribe(owner, 'creator');
    const before = Date.now();
    const res = await owner.agent.post(`/api/images/${publicId}/save`).expect(200);
    expect(Object.keys(res.body).sort()).toEqual(['expiresAt', 'isSaved', 'savedAt']);
    expect(res.body.isSaved).toBe(true);
    const savedAt = new Date(res.body.savedAt).getTime();
    const expiresAt = new Date(res.body.expiresAt).getTime();
    expect(savedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(savedAt).toBeLessThanOrEqual(Date.now() + 1000);
    expect(expiresAt - savedAt).toBe(60 * DAY);
    const row = await imageRow(t, publicId);
    expect(row).toMatchObject({ is_saved: true });
    expect(row!.expires_at!.getTime()).toBe(expiresAt);

    const again = await owner.agent.post(`/api/images/${publicId}/save`).expect(200);
    expect(again.body).toEqual(res.body);

    expect((await owner.agent.delete(`/api/images/${publicId}/save`).expect(200)).body).toEqual({ isSaved: false });
    expect(await imageRow(t, publicId)).toMatchObject({ is_saved: false, saved_at: null, expires_at: null });
  });

  it('lets the owner hide and show an image (D14): hidden, it is theirs alone', async () => {
    const hide = await owner.agent.post(`/api/images/${publicId}/visibility`).send({ isPublic: false }).expect(200);
    expect(hide.body).toEqual({ id: publicId, isPublic: false });
    await request(t.http).get(`/api/images/${publicId}`).expect(404);
    await owner.agent.get(`/api/images/${publicId}`).expect(200);

    await owner.agent.post(`/api/images/${publicId}/visibility`).send({ isPublic: true }).expect(200);
    await request(t.http).get(`/api/images/${publicId}`).expect(200);
    expect((await owner.agent.post(`/api/images/${publicId}/visibility`).send({ isPublic: 'maybe' }).expect(400)).body.code).toBe(
      'VALIDATION.FAILED',
    );
  });

  it('answers 404 to save and visibility calls on malformed or unknown ids', async () => {
    await subscribe(owner, 'pro');
    await owner.agent.post('/api/images/nope/save').expect(404);
    await owner.agent.delete('/api/images/nope/save').expect(404);
    await owner.agent.post('/api/images/0b6c7f64-4b36-4f2c-9a1e-1f5e0f2a9c11/save').expect(404);
    await owner.agent.post('/api/images/nope/visibility').send({ isPublic: true }).expect(404);
  });
});
