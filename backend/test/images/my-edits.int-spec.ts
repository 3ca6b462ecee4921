import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { LocalRenewalJob } from '../../src/modules/billing/application/local-renewal.job';
import { IMAGES_API, type ImagesApi } from '../../src/modules/images';
import { PurgeMyEditsJob } from '../../src/modules/images/application/purge-my-edits.job';
import { buyLocally, createBillingApp, signedInUser, sql, type TestUser } from '../billing/billing-helpers';
import { generate, grant } from '../generation/generation-helpers';
import { smallJpeg } from '../support/images';
import type { TestApp } from '../support/test-app';

const DAY = 24 * 60 * 60 * 1000;
const UPGRADE = 'Upgrade to a paid plan to save and organize your AI-generated images in your personal collection.';

/**
 * My Edits (issue 11; 001 §2-§9; D7, D9, D23) against the real database, the local checkout (D30)
 * for plans, and the local engine for images.
 */
describe('My Edits', () => {
  let t: TestApp;
  let jpeg: Buffer;

  beforeAll(async () => {
    t = await createBillingApp({ env: { LOCAL_BILLING_PERIOD: '30d' } });
    jpeg = await smallJpeg(400, 300);
  });
  afterAll(() => t.close());

  const purgeJob = () => t.app.get(PurgeMyEditsJob);

  /** A completed image of the user made through POST /api/generate (so with its renditions). */
  async function madeImage(user: TestUser, share = true): Promise<string> {
    await grant(t, user.id, { regular: 1 });
    const res = await generate(user.agent, { image: jpeg, prompt: 'make it black and white', share: String(share) }).expect(200);
    return res.body.id as string;
  }

  /** A signed-in subscriber (Starter through the local test checkout). */
  async function subscriber(): Promise<TestUser> {
    const user = await signedInUser(t);
    await buyLocally(user, { tier: 'starter' });
    return user;
  }

  async function saved(user: TestUser, share = true): Promise<string> {
    const id = await madeImage(user, share);
    await user.agent.post(`/api/images/${id}/save`).expect(200);
    return id;
  }

  const row = async (id: string) =>
    (
      await sql<{ is_saved: boolean; is_favorite: boolean; saved_at: Date | null; expires_at: Date | null; favorited_at: Date | null }>(
        t,
        `SELECT is_saved, is_favorite, saved_at, expires_at, favorited_at FROM image WHERE id = $1`,
        [id],
      )
    )[0];

  async function endPeriodNow(userId: string): Promise<void> {
    await sql(
      t,
      `UPDATE billing_subscription
          SET current_period_start = current_period_start - (current_period_end - now() + interval '1 second'),
              current_period_end = now() - interval '1 second'
        WHERE user_id = $1 AND ended_at IS NULL`,
      [userId],
    );
  }

  describe('the paid-plan rule (D7)', () => {
    it('refuses a free user and a pack buyer with the upgrade text, on the list, save and favourite alike', async () => {
      const free = await signedInUser(t);
      const packBuyer = await signedInUser(t);
      await buyLocally(packBuyer, { pack: 'pack7' });
      for (const user of [free, packBuyer]) {
        const list = await user.agent.get('/api/my-edits').expect(403);
        expect(list.body.message).toBe(UPGRADE);
        const id = await madeImage(user);
        const save = await user.agent.post(`/api/images/${id}/save`).expect(403);
        expect(save.body.message).toContain('Upgrade to a paid plan');
        await user.agent.post(`/api/images/${id}/favorite`).send({ isFavorite: true }).expect(403);
        expect((await row(id)).is_saved).toBe(false);
      }
    });

    it('lets a subscriber in, also once cancelled until the period ends, and not after', async () => {
      const user = await subscriber();
      const id = await saved(user);
      expect((await user.agent.get('/api/my-edits').expect(200)).body.map((i: { id: string }) => i.id)).toEqual([id]);

      await user.agent.post('/api/user/cancel-subscription').send({ confirmEmail: user.email, confirmCancel: true }).expect(200);
      expect((await user.agent.get('/api/my-edits').expect(200)).body).toHaveLength(1); // cancelled, not ended
      const second = await saved(user);
      await user.agent.post(`/api/images/${second}/favorite`).expect(200);

      await endPeriodNow(user.id);
      await t.app.get(LocalRenewalJob).execute();
      expect((await user.agent.get('/api/my-edits').expect(403)).body.message).toBe(UPGRADE);
      await user.agent.post(`/api/images/${await madeImage(user)}/save`).expect(403);
    });

    it('answers 401 signed out on every My Edits call', async () => {
      const anon = request(t.http);
      const id = randomUUID();
      await anon.get('/api/my-edits').expect(401);
      await anon.post(`/api/images/${id}/save`).expect(401);
      await anon.delete(`/api/images/${id}/save`).expect(401);
      await anon.post(`/api/images/${id}/favorite`).expect(401);
    });
  });

  describe('expiry dates (D23)', () => {
    it('saves for 60 days, favourites for 365 days from favouriting, and back to 60 days from saving when unfavourited', async () => {
      const user = await subscriber();
      const id = await madeImage(user);
      const before = Date.now();
      const save = await user.agent.post(`/api/images/${id}/save`).expect(200);
      const savedAt = new Date(save.body.savedAt as string).getTime();
      expect(savedAt).toBeGreaterThanOrEqual(before - 1000);
      expect(new Date(save.body.expiresAt as string).getTime() - savedAt).toBe(60 * DAY);

      // Pretend it was saved 10 days ago, so the two expiries are told apart.
      await sql(t, `UPDATE image SET saved_at = saved_at - interval '10 days', expires_at = expires_at - interval '10 days' WHERE id = $1`, [id]);
      const tenDaysAgo = (await row(id)).saved_at!.getTime();

      const fav = await user.agent.post(`/api/images/${id}/favorite`).send({ isFavorite: true }).expect(200);
      expect(fav.body).toMatchObject({ id, isFavorite: true });
      const favoritedAt = (await row(id)).favorited_at!.getTime();
      expect(favoritedAt).toBeGreaterThan(tenDaysAgo + 9 * DAY);
      expect(new Date(fav.body.expiresAt as string).getTime() - favoritedAt).toBe(365 * DAY);

      // Setting it again keeps the first favourite date.
      const again = await user.agent.post(`/api/images/${id}/favorite`).send({ isFavorite: true }).expect(200);
      expect(again.body.expiresAt).toBe(fav.body.expiresAt);

      // No body toggles: off, back to 60 days from saving.
      const off = await user.agent.post(`/api/images/${id}/favorite`).expect(200);
      expect(off.body.isFavorite).toBe(false);
      expect(new Date(off.body.expiresAt as string).getTime()).toBe(tenDaysAgo + 60 * DAY);
      expect(await row(id)).toMatchObject({ is_favorite: false, favorited_at: null });

      await user.agent.post(`/api/images/${id}/favorite`).send({ isFavorite: 'yes' }).expect(400);
    });

    it('an unfavourited image whose 60 days have passed leaves the list at once and goes at the next purge', async () => {
      const user = await subscriber();
      const id = await saved(user, false);
      await user.agent.post(`/api/images/${id}/favorite`).send({ isFavorite: true }).expect(200);
      await sql(t, `UPDATE image SET saved_at = now() - interval '61 days' WHERE id = $1`, [id]);
      expect((await user.agent.get('/api/my-edits').expect(200)).body).toHaveLength(1); // a favourite: 365 days
      const off = await user.agent.post(`/api/images/${id}/favorite`).send({ isFavorite: false }).expect(200);
      expect(new Date(off.body.expiresAt as string).getTime()).toBeLessThan(Date.now());
      expect((await user.agent.get('/api/my-edits').expect(200)).body).toHaveLength(0);
      await user.agent.post(`/api/images/${id}/favorite`).send({ isFavorite: true }).expect(404); // no longer in My Edits
      await purgeJob().execute();
      expect(await row(id)).toBeUndefined(); // private: deleted with its bytes
    });

    it('saving again keeps the first dates; removing takes it out at once and clears its favourite', async () => {
      const user = await subscriber();
      const id = await saved(user);
      const first = await row(id);
      await user.agent.post(`/api/images/${id}/save`).expect(200);
      expect((await row(id)).expires_at).toEqual(first.expires_at);
      await user.agent.post(`/api/images/${id}/favorite`).expect(200);

      expect((await user.agent.delete(`/api/images/${id}/save`).expect(200)).body).toEqual({ isSaved: false });
      expect(await row(id)).toMatchObject({ is_saved: false, is_favorite: false, saved_at: null, expires_at: null, favorited_at: null });
      expect((await user.agent.get('/api/my-edits').expect(200)).body).toEqual([]);
    });
  });

  describe('the list', () => {
    it('lists saved images newest first with every field a card needs, the filter counts, and pages', async () => {
      const user = await subscriber();
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) ids.push(await saved(user));
      await madeImage(user); // made, not saved: not listed
      await user.agent.post(`/api/images/${ids[1]}/favorite`).expect(200);
      await user.agent.post(`/api/images/${ids[3]}/favorite`).expect(200);

      const all = await user.agent.get('/api/my-edits').expect(200);
      expect(all.body.map((i: { id: string }) => i.id)).toEqual([...ids].reverse());
      expect(all.headers['x-total-count']).toBe('5');
      expect(all.headers['x-favorites-count']).toBe('2');
      expect(all.headers['x-next-cursor']).toBeUndefined();
      expect(all.headers['cache-control']).toBe('no-store');
      const item = all.body.find((i: { id: string }) => i.id === ids[3]);
      expect(item).toMatchObject({
        id: ids[3],
        prompt: 'make it black and white',
        style: 'realistic',
        isFavorite: true,
        laughCount: 0,
        isPublic: true,
        isHiddenByAdmin: false,
        imageUrl: `/api/images/${ids[3]}`,
        originalUrl: `/api/images/${ids[3]}/original`,
        downloadUrl: `/api/images/${ids[3]}/download`,
      });
      for (const field of ['timestamp', 'savedAt', 'expiresAt']) expect(Number.isNaN(Date.parse(item[field] as string))).toBe(false);
      expect(item.generatedRenditions.length).toBeGreaterThan(0);
      expect(item.originalRenditions.length).toBeGreaterThan(0);
      // Issue 15: a moderator's hiding shows on the card (Share says so rather than offer to publish).
      await t.app.get<ImagesApi>(IMAGES_API).setHiddenByAdmin(ids[2], true);
      const afterHiding = await user.agent.get('/api/my-edits').expect(200);
      expect(afterHiding.body.map((i: { id: string; isHiddenByAdmin: boolean }) => [i.id, i.isHiddenByAdmin])).toEqual(
        [...ids].reverse().map((id) => [id, id === ids[2]]),
      );

      const favorites = await user.agent.get('/api/my-edits?favorites=true').expect(200);
      expect(favorites.body.map((i: { id: string }) => i.id)).toEqual([ids[3], ids[1]]);
      expect(favorites.headers['x-total-count']).toBe('5');

      const page1 = await user.agent.get('/api/my-edits?limit=2').expect(200);
      expect(page1.body.map((i: { id: string }) => i.id)).toEqual([ids[4], ids[3]]);
      const page2 = await user.agent.get(`/api/my-edits?limit=2&cursor=${page1.headers['x-next-cursor']}`).expect(200);
      expect(page2.body.map((i: { id: string }) => i.id)).toEqual([ids[2], ids[1]]);
      const page3 = await user.agent.get(`/api/my-edits?limit=2&cursor=${page2.headers['x-next-cursor']}`).expect(200);
      expect(page3.body.map((i: { id: string }) => i.id)).toEqual([ids[0]]);
      expect(page3.headers['x-next-cursor']).toBeUndefined();

      await user.agent.get('/api/my-edits?limit=0').expect(400);
      await user.agent.get('/api/my-edits?limit=101').expect(400);
      await user.agent.get('/api/my-edits?cursor=bogus').expect(400);
      await user.agent.get("/api/my-edits?favorites=1' OR '1'='1").expect(400);
    });
  });

  describe('paging by cursor (issue 29: no gap where timestamps share a millisecond)', () => {
    it('walks images saved within the same millisecond, or the same microsecond, page by page without a gap or duplicate', async () => {
      const user = await subscriber();
      const ids: string[] = [];
      for (let i = 0; i < 6; i++) ids.push(await saved(user));
      // Variants are made in one transaction (the same now()); others a few microseconds apart.
      await sql(
        t,
        `UPDATE image SET timestamp = CASE
            WHEN id = ANY($1::uuid[]) THEN '2026-11-27 10:00:00.123456+00'::timestamptz
            ELSE ('2026-11-27 10:00:00.123' || lpad((100 + array_position($2::uuid[], id))::text, 3, '0') || '+00')::timestamptz END
          WHERE id = ANY($2::uuid[])`,
        [ids.slice(0, 3), ids],
      );
      const expected = (
        await sql<{ id: string }>(t, `SELECT id FROM image WHERE id = ANY($1::uuid[]) ORDER BY timestamp DESC, id DESC`, [ids])
      ).map((r) => r.id);
      for (const limit of [1, 2, 4]) {
        const seen: string[] = [];
        let cursor: string | undefined;
        do {
          const res = await user.agent.get(`/api/my-edits?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`).expect(200);
          seen.push(...res.body.map((i: { id: string }) => i.id));
          cursor = res.headers['x-next-cursor'];
        } while (cursor);
        expect([limit, seen]).toEqual([limit, expected]);
      }
    });
  });

  describe('ownership', () => {
    it("answers 404 for another user's image on every My Edits call, and changes nothing", async () => {
      const owner = await subscriber();
      const other = await subscriber();
      const id = await saved(owner, false);
      const before = await row(id);
      await other.agent.post(`/api/images/${id}/save`).expect(404);
      await other.agent.delete(`/api/images/${id}/save`).expect(404);
      await other.agent.post(`/api/images/${id}/favorite`).send({ isFavorite: true }).expect(404);
      await other.agent.get(`/api/images/${id}/download`).expect(404);
      await other.agent.get(`/api/images/${id}`).expect(404);
      expect((await other.agent.get('/api/my-edits').expect(200)).body).toEqual([]);
      expect(await row(id)).toEqual(before);
      for (const bad of ['not-a-uuid', randomUUID()]) {
        await owner.agent.post(`/api/images/${bad}/favorite`).expect(404);
        await owner.agent.delete(`/api/images/${bad}/save`).expect(404);
      }
    });

    it('favourite needs the image to be in My Edits', async () => {
      const user = await subscriber();
      const id = await madeImage(user);
      await user.agent.post(`/api/images/${id}/favorite`).expect(404);
    });
  });

  describe('download (D0)', () => {
    it('is an attachment named after the product and the image, with the stored format as extension', async () => {
      const user = await subscriber();
      const id = await saved(user, false);
      const res = await user.agent.get(`/api/images/${id}/download`).expect(200);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="magic-editor-${id}.jpg"`);
      expect(res.headers['content-type']).toBe('image/jpeg');
    });
  });

  describe('laughs from My Edits (001 §3)', () => {
    it('the owner laughs with their user id, also at a private image; nobody else may use that id', async () => {
      const owner = await subscriber();
      const other = await signedInUser(t);
      const priv = await saved(owner, false);
      const pub = await saved(owner, true);

      const added = await owner.agent.post(`/api/images/${priv}/add-laugh`).send({ userIdentifier: owner.id }).expect(200);
      expect(added.body).toEqual({ laughCount: 1, hasLaughed: true });
      await owner.agent.post(`/api/images/${priv}/add-laugh`).send({ userIdentifier: owner.id }).expect(200); // once (D15)
      const list = await owner.agent.get('/api/my-edits').expect(200);
      expect(list.body.find((i: { id: string }) => i.id === priv).laughCount).toBe(1);

      const laughed = await owner.agent.get(`/api/community/laughed?userIdentifier=${owner.id}&ids=${priv},${pub},not-a-uuid`).expect(200);
      expect(laughed.body).toEqual({ laughed: [priv] });
      expect((await owner.agent.get(`/api/images/${priv}/has-laughed?userIdentifier=${owner.id}`).expect(200)).body).toEqual({ hasLaughed: true });

      // Someone else, or no one, using the owner's id: refused; a private image stays unknown to others.
      await other.agent.post(`/api/images/${pub}/add-laugh`).send({ userIdentifier: owner.id }).expect(403);
      await request(t.http).post(`/api/images/${pub}/add-laugh`).send({ userIdentifier: owner.id }).expect(403);
      await other.agent.get(`/api/community/laughed?userIdentifier=${owner.id}&ids=${priv}`).expect(403);
      await other.agent.post(`/api/images/${priv}/add-laugh`).send({ userIdentifier: other.id }).expect(404);
      await request(t.http).post(`/api/images/${priv}/add-laugh`).send({ userIdentifier: 'anon_123_abc' }).expect(404);

      const removed = await owner.agent.post(`/api/images/${priv}/remove-laugh`).send({ userIdentifier: owner.id }).expect(200);
      expect(removed.body).toEqual({ laughCount: 0, hasLaughed: false });
      const tooMany = Array.from({ length: 101 }, () => randomUUID()).join(',');
      await owner.agent.get(`/api/community/laughed?userIdentifier=${owner.id}&ids=${tooMany}`).expect(400);
    });
  });

  describe('the daily purge (D23)', () => {
    async function expire(id: string): Promise<void> {
      await sql(t, `UPDATE image SET expires_at = now() - interval '1 minute' WHERE id = $1`, [id]);
    }
    const exists = async (id: string) => (await sql(t, `SELECT 1 FROM image WHERE id = $1`, [id])).length === 1;

    it('removes exactly the expired ones: a private one with its bytes, a public one stays in the feed', async () => {
      const user = await subscriber();
      const expiredPrivate = await saved(user, false);
      const expiredPublic = await saved(user, true);
      const kept = await saved(user, false);
      const favourite = await saved(user, false);
      await user.agent.post(`/api/images/${favourite}/favorite`).expect(200);
      await owner_laugh(user, expiredPrivate);
      await expire(expiredPrivate);
      await expire(expiredPublic);

      const result = await purgeJob().execute();
      expect(result.expired.deleted).toBeGreaterThanOrEqual(1);

      expect(await exists(expiredPrivate)).toBe(false);
      expect(await sql(t, `SELECT 1 FROM image_rendition WHERE image_id = $1`, [expiredPrivate])).toHaveLength(0);
      expect(await sql(t, `SELECT 1 FROM laugh WHERE image_id = $1`, [expiredPrivate])).toHaveLength(0);

      expect(await row(expiredPublic)).toMatchObject({ is_saved: false, expires_at: null });
      await request(t.http).get(`/api/images/${expiredPublic}`).expect(200); // bytes kept: the feed still shows it
      const feed = await request(t.http).get('/api/community/recent?limit=50').expect(200);
      expect(feed.body.some((e: { id: string }) => e.id === expiredPublic)).toBe(true);

      expect(await row(kept)).toMatchObject({ is_saved: true });
      expect(await row(favourite)).toMatchObject({ is_saved: true, is_favorite: true });
      expect((await user.agent.get('/api/my-edits').expect(200)).body.map((i: { id: string }) => i.id).sort()).toEqual([kept, favourite].sort());

      const again = await purgeJob().execute();
      expect(again.expired).toEqual({ unsaved: 0, deleted: 0 });
    });

    it('removes each image once when two instances purge at the same moment', async () => {
      const user = await subscriber();
      const ids = [];
      for (let i = 0; i < 6; i++) ids.push(await saved(user, i % 2 === 0));
      for (const id of ids) await expire(id);
      const [a, b] = await Promise.all([purgeJob().execute(), purgeJob().execute()]);
      expect(a.expired.deleted + b.expired.deleted).toBe(3);
      expect(a.expired.unsaved + b.expired.unsaved).toBe(3);
    });

    async function owner_laugh(user: TestUser, id: string): Promise<void> {
      await user.agent.post(`/api/images/${id}/add-laugh`).send({ userIdentifier: user.id }).expect(200);
    }
  });

  describe('when a paid plan ends (D9)', () => {
    it("empties that user's My Edits once: private images deleted, public ones stay in the feed", async () => {
      const user = await subscriber();
      const priv = await saved(user, false);
      const pub = await saved(user, true);
      const otherUser = await subscriber();
      const othersImage = await saved(otherUser, false);

      await user.agent.post('/api/user/cancel-subscription').send({ confirmEmail: user.email, confirmCancel: true }).expect(200);
      await endPeriodNow(user.id);
      await t.app.get(LocalRenewalJob).execute();

      expect(await sql(t, `SELECT 1 FROM image WHERE id = $1`, [priv])).toHaveLength(0);
      expect(await row(pub)).toMatchObject({ is_saved: false });
      await request(t.http).get(`/api/images/${pub}`).expect(200);
      expect(await row(othersImage)).toMatchObject({ is_saved: true }); // someone else's plan is untouched
    });

    it('the purge also empties My Edits of anyone left with saved images and no paid plan (an event lost to a crash)', async () => {
      const user = await subscriber();
      const priv = await saved(user, false);
      const pub = await saved(user, true);
      // The plan ended without the event reaching images (as if the process died in between).
      await sql(t, `UPDATE "user" SET is_subscribed = false, subscription_tier = 'free' WHERE id = $1`, [user.id]);
      const result = await purgeJob().execute();
      expect(result.planEnded.deleted).toBeGreaterThanOrEqual(1);
      expect(await sql(t, `SELECT 1 FROM image WHERE id = $1`, [priv])).toHaveLength(0);
      expect(await row(pub)).toMatchObject({ is_saved: false });
    });
  });
});
