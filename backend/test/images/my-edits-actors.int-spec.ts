import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { IDENTITY_API, type IdentityApi } from '../../src/modules/identity';
import { buyLocally, createBillingApp, signedInUser, type TestUser } from '../billing/billing-helpers';
import { generate, grant } from '../generation/generation-helpers';
import { smallJpeg } from '../support/images';
import type { TestApp } from '../support/test-app';
import type { RenditionResponse } from '../../src/shared/http/openapi/common-responses';

const ADMIN_EMAIL = 'my-edits-boss@example.com';

/** The answers' renditions, as the server's contract declares them (ADR 0027). */
type Rendition = RenditionResponse;

/**
 * The calls issue 11 added or changed (GET /api/my-edits, POST /api/images/{id}/favorite,
 * GET /api/images/{id}/renditions/{name}, GET /api/community/laughed) as each actor: anonymous,
 * the owner, another subscriber, the owner once suspended (D21: the session counts for nothing),
 * and an admin (D22: no power over someone else's My Edits), plus bad input.
 */
describe('My Edits calls as each actor', () => {
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let admin: TestUser;
  let suspended: TestUser;
  let privateImage: { id: string; renditions: Rendition[] };
  let publicImage: { id: string; renditions: Rendition[] };

  async function subscriber(email?: string): Promise<TestUser> {
    const user = await signedInUser(t, {}, email ? { email } : {});
    await buyLocally(user, { tier: 'starter' });
    return user;
  }

  async function savedImage(user: TestUser, share: boolean): Promise<{ id: string; renditions: Rendition[] }> {
    await grant(t, user.id, { regular: 1 });
    const res = await generate(user.agent, { image: await smallJpeg(400, 300), prompt: 'make it black and white', share: String(share) }).expect(200);
    await user.agent.post(`/api/images/${res.body.id}/save`).expect(200);
    return { id: res.body.id as string, renditions: res.body.generatedRenditions as Rendition[] };
  }

  beforeAll(async () => {
    t = await createBillingApp({ env: { ADMIN_EMAILS: ADMIN_EMAIL } });
    owner = await subscriber();
    other = await subscriber();
    admin = await subscriber(ADMIN_EMAIL);
    suspended = await subscriber();
    privateImage = await savedImage(owner, false);
    publicImage = await savedImage(owner, true);
    await savedImage(suspended, false);
    await owner.agent.post(`/api/images/${privateImage.id}/add-laugh`).send({ userIdentifier: owner.id }).expect(200);
    await suspended.agent.get('/api/my-edits').expect(200);
    await t.app.get<IdentityApi>(IDENTITY_API).suspend(suspended.id);
  });
  afterAll(() => t.close());

  const ids = (res: request.Response) => (res.body as Array<{ id: string }>).map((i) => i.id);

  describe('GET /api/my-edits', () => {
    it('anonymous: 401', async () => {
      await request(t.http).get('/api/my-edits').expect(401);
    });
    it("the owner: their own saved images", async () => {
      expect(ids(await owner.agent.get('/api/my-edits').expect(200)).sort()).toEqual([privateImage.id, publicImage.id].sort());
    });
    it("another subscriber: only their own (none), never the owner's", async () => {
      expect((await other.agent.get('/api/my-edits').expect(200)).body).toEqual([]);
    });
    it('a suspended user: 401, their session is refused', async () => {
      await suspended.agent.get('/api/my-edits').expect(401);
    });
    it("an admin: their own list only", async () => {
      expect((await admin.agent.get('/api/my-edits').expect(200)).body).toEqual([]);
    });
    it('bad input: 400', async () => {
      await owner.agent.get('/api/my-edits?limit=abc').expect(400);
      await owner.agent.get('/api/my-edits?limit=5&limit=6').expect(400);
      await owner.agent.get('/api/my-edits?favorites=maybe').expect(400);
    });
  });

  describe('POST /api/images/{id}/favorite', () => {
    const favorite = (agent: { post(url: string): request.Test }, id: string) => agent.post(`/api/images/${id}/favorite`).send({ isFavorite: true });

    it('anonymous: 401', async () => {
      await favorite(request(t.http), privateImage.id).expect(401);
    });
    it('the owner: 200', async () => {
      expect((await favorite(owner.agent, publicImage.id).expect(200)).body).toMatchObject({ id: publicImage.id, isFavorite: true });
    });
    it("another subscriber, a suspended user, an admin: the owner's image does not exist for them, nothing changes", async () => {
      await favorite(other.agent, privateImage.id).expect(404);
      await favorite(suspended.agent, privateImage.id).expect(401);
      await favorite(admin.agent, privateImage.id).expect(404);
      const list = await owner.agent.get('/api/my-edits?favorites=true').expect(200);
      expect(ids(list)).toEqual([publicImage.id]);
    });
    it('bad input: 400 for a body that is not a boolean, 404 for an id that is not one', async () => {
      await owner.agent.post(`/api/images/${privateImage.id}/favorite`).send({ isFavorite: 'yes' }).expect(400);
      await owner.agent.post(`/api/images/${privateImage.id}/favorite`).send({ isFavorite: 1 }).expect(400);
      await owner.agent.post(`/api/images/not-a-uuid/favorite`).send({ isFavorite: true }).expect(404);
    });
  });

  describe('GET /api/images/{id}/renditions/{name}', () => {
    it('anonymous: a public image’s renditions, never a private one’s', async () => {
      await request(t.http).get(publicImage.renditions[0].url).expect(200);
      await request(t.http).get(privateImage.renditions[0].url).expect(404);
    });
    it('the owner: both', async () => {
      await owner.agent.get(privateImage.renditions[0].url).expect(200);
      await owner.agent.get(publicImage.renditions[0].url).expect(200);
    });
    it('another subscriber and a suspended user: like anonymous', async () => {
      for (const agent of [other.agent, suspended.agent]) {
        await agent.get(publicImage.renditions[0].url).expect(200);
        await agent.get(privateImage.renditions[0].url).expect(404);
      }
    });
    it('an admin: a private image too (as for the full file)', async () => {
      await admin.agent.get(privateImage.renditions[0].url).expect(200);
    });
    it('bad input: 404', async () => {
      await owner.agent.get(`/api/images/${privateImage.id}/renditions/generated-320.webp`).expect(404);
      await owner.agent.get(`/api/images/not-a-uuid/renditions/generated-320-0123456789abcdef.webp`).expect(404);
      await owner.agent.get(`/api/images/${randomUUID()}/renditions/generated-320-0123456789abcdef.webp`).expect(404);
    });
  });

  describe('GET /api/community/laughed', () => {
    const laughed = (agent: { get(url: string): request.Test }, identifier: string, list = [privateImage.id, publicImage.id]) =>
      agent.get(`/api/community/laughed?userIdentifier=${identifier}&ids=${list.join(',')}`);

    it('anonymous: a browser identifier is fine; a user id is refused', async () => {
      expect((await laughed(request(t.http), 'anon_1_abc').expect(200)).body).toEqual({ laughed: [] });
      await laughed(request(t.http), owner.id).expect(403);
    });
    it('the owner with their id: their own private laugh is there', async () => {
      expect((await laughed(owner.agent, owner.id).expect(200)).body).toEqual({ laughed: [privateImage.id] });
    });
    it("another user: the owner's id is refused, their own id sees nothing private of the owner's", async () => {
      await laughed(other.agent, owner.id).expect(403);
      expect((await laughed(other.agent, other.id).expect(200)).body).toEqual({ laughed: [] });
    });
    it('a suspended user: their own id is refused (the session counts for nothing)', async () => {
      await laughed(suspended.agent, suspended.id).expect(403);
    });
    it("an admin: their own id only; the owner's is refused", async () => {
      expect((await laughed(admin.agent, admin.id).expect(200)).body).toEqual({ laughed: [] });
      await laughed(admin.agent, owner.id).expect(403);
    });
    it('bad input: 400', async () => {
      await laughed(owner.agent, 'bad identifier!').expect(400);
      await owner.agent.get(`/api/community/laughed?ids=${privateImage.id}`).expect(400);
      await owner.agent.get(`/api/community/laughed?userIdentifier=${owner.id}&ids=a&ids=b`).expect(400);
      await laughed(owner.agent, owner.id, Array.from({ length: 101 }, () => randomUUID())).expect(400);
      expect((await laughed(owner.agent, owner.id, ['not-a-uuid', "' OR 1=1 --"]).expect(200)).body).toEqual({ laughed: [] });
    });
  });
});
