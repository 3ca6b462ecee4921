import request from 'supertest';
import { IDENTITY_API, type IdentityApi } from '../../src/modules/identity';
import { createGenerationApp } from '../generation/generation-helpers';
import { signUpBody, sessionCookie, sessionIdOf, verificationTokenFor } from '../identity/identity-helpers';
import type { TestApp } from '../support/test-app';
import { feedCache, resetLaughLimit, sql } from './community-helpers';
import { newImage } from '../support/fixtures';

/**
 * The five community endpoints (000 §3-§4, §7; D14-D16) are public, and answer every actor the
 * same: laughs need no account and are keyed by the browser's userIdentifier only (D15), so a
 * session neither helps nor hurts; a suspended user's cookie is simply ignored (D21); and the
 * owner or an admin (D22) still get 404 for an image that is not in the public feed.
 */
const ADMIN_EMAIL = 'community-boss@example.com';

const ACTORS = [
  'anonymous',
  'verified user (not the owner)',
  'owner',
  'admin',
  'suspended user (IDENTITY_API.suspend)',
  'suspended user (flag only, session row kept)',
] as const;
type ActorName = (typeof ACTORS)[number];

interface Actor {
  name: ActorName;
  /** A short, identifier-safe tag. */
  slug: string;
  /** The signed session cookie ("magic.sid=…"), when the actor ever signed in. */
  cookie?: string;
  userId?: string;
}

const NOT_FOUND = { message: 'Image not found', error: 'Image not found', code: 'IMAGE.NOT_FOUND' };
const invalid = (message: string) => ({ message, error: message, code: 'VALIDATION.FAILED' });
const BAD_IDENTIFIER = invalid('userIdentifier must be 1 to 128 characters of letters, digits, "_" or "-"');
const BAD_LIMIT = invalid('limit must be an integer between 1 and 50');
const BAD_PAGE = invalid('page must be an integer between 1 and 100');
const DEEP_PAGE = invalid("page must be an integer between 1 and 100; later pages are read with cursor (each page's X-Next-Cursor header)");
const BAD_OFFSET = invalid('offset must be an integer between 0 and 990');
const BAD_CURSOR = invalid('cursor is not one this list gave out');
const REPEATED = invalid('Query parameters may be given once each');
/** An identifier that has laughed at every seeded image, visible or not. */
const EVERYWHERE = 'laughed-everywhere';

describe('community endpoints as each actor (000 §3-§4, §7; D14-D16, D21, D22)', () => {
  let t: TestApp;
  let origin: string;
  const actors = {} as Record<ActorName, Actor>;
  /** Public, completed, visible: in the feed. `top` has more laughs than `second`; `fresh` none. */
  const img = {} as Record<'top' | 'second' | 'fresh' | 'ownerPrivate' | 'ownerHidden' | 'ownerProcessing' | 'adminPrivate' | 'adminHidden', string>;
  /** Ids that are not in the public feed, whoever asks. */
  let unseen: string[];

  /** Sign-up, e-mail verification and sign-in through the API, as a browser does them. */
  async function signIn(overrides: Record<string, unknown> = {}): Promise<{ cookie: string; userId: string; email: string; password: string }> {
    const body = signUpBody(overrides);
    const agent = request.agent(t.http);
    const registered = await agent.post('/api/register').set('Origin', origin).send(body).expect(201);
    await agent.post('/api/logout').set('Origin', origin).expect(200);
    await request(t.http).get(`/api/confirm-email/${verificationTokenFor(t, body.email.toLowerCase())}`).expect(200);
    const login = await request(t.http).post('/api/login').set('Origin', origin).send({ email: body.email, password: body.password }).expect(200);
    return { cookie: sessionCookie(login)!, userId: registered.body.id as string, email: body.email, password: body.password };
  }

  const as = (actor: Actor, req: request.Test) => (actor.cookie ? req.set('Cookie', actor.cookie) : req);
  const get = (actor: Actor, url: string) => as(actor, request(t.http).get(url));
  const has = (actor: Actor, id: string, userIdentifier: string) => as(actor, request(t.http).get(`/api/images/${id}/has-laughed`).query({ userIdentifier }));
  const laugh = (actor: Actor, action: 'add' | 'remove', id: string, body: unknown) =>
    as(actor, request(t.http).post(`/api/images/${id}/${action}-laugh`).set('Origin', origin)).send(body as object);

  const laughCount = async (id: string) => (await sql<{ laugh_count: number }>(t, `SELECT laugh_count FROM image WHERE id = $1`, [id]))[0].laugh_count;
  const laughRows = async (id: string, userIdentifier: string) =>
    (await sql<{ n: number }>(t, `SELECT count(*)::int AS n FROM laugh WHERE image_id = $1 AND user_identifier = $2`, [id, userIdentifier]))[0].n;
  const sessionRows = async (userId: string) =>
    (await sql<{ n: number }>(t, `SELECT count(*)::int AS n FROM "session" WHERE sess::jsonb -> 'passport' ->> 'user' = $1`, [userId]))[0].n;
  /**
   * Puts the flag-only suspended user back into their stored session. Passport forgets the user of
   * a session the serializer refused (on the first request that carried it), so without this only
   * the first request would go through the D21 check.
   */
  const rearmSuspendedSession = async () => {
    const actor = actors['suspended user (flag only, session row kept)'];
    await sql(t, `UPDATE "session" SET sess = jsonb_set(sess::jsonb, '{passport}', jsonb_build_object('user', $1::text))::json WHERE sid = $2`, [
      actor.userId,
      sessionIdOf(actor.cookie!),
    ]);
  };
  /** Every image's laugh state, to prove a refused laugh changed nothing. */
  const snapshot = () => sql(t, `SELECT i.id, i.laugh_count, (SELECT count(*)::int FROM laugh l WHERE l.image_id = i.id) AS n FROM image i ORDER BY i.id`);

  beforeAll(async () => {
    t = await createGenerationApp({ env: { ADMIN_EMAILS: ADMIN_EMAIL } });
    origin = t.config.publicUrl.origin;
    const slug = (name: ActorName) => name.replace(/[^A-Za-z0-9]+/g, '-').replace(/-$/, '');
    actors.anonymous = { name: 'anonymous', slug: slug('anonymous') };
    for (const name of ACTORS.slice(1)) {
      const user = await signIn(name === 'admin' ? { email: ADMIN_EMAIL } : {});
      actors[name] = { name, slug: slug(name), cookie: user.cookie, userId: user.userId };
    }
    const owner = actors.owner.userId!;
    const admin = actors.admin.userId!;
    img.top = await newImage(t, owner, { laughs: 5, ageSeconds: 300, prompt: 'top' });
    img.second = await newImage(t, actors['verified user (not the owner)'].userId!, { laughs: 2, ageSeconds: 200, prompt: 'second' });
    img.fresh = await newImage(t, owner, { ageSeconds: 100, prompt: 'fresh' });
    img.ownerPrivate = await newImage(t, owner, { isPublic: false, laughs: 50 });
    img.ownerHidden = await newImage(t, owner, { hidden: true, laughs: 50 });
    img.ownerProcessing = await newImage(t, owner, { status: 'processing' });
    img.adminPrivate = await newImage(t, admin, { isPublic: false, laughs: 50 });
    img.adminHidden = await newImage(t, admin, { hidden: true, laughs: 50 });
    // One browser has laughed at all of them (as it could have before an image was hidden). The
    // feed shows image.laugh_count, so these rows change nothing it shows.
    await sql(t, `INSERT INTO laugh (image_id, user_identifier) SELECT id, $1 FROM image`, [EVERYWHERE]);
    unseen = [img.ownerPrivate, img.ownerHidden, img.ownerProcessing, img.adminPrivate, img.adminHidden, '00000000-0000-4000-8000-000000000000', 'not-a-uuid'];

    // Suspend the two suspended actors: through the real path (which drops their sessions), and
    // by the flag alone, so the serializer (D21) is what ignores a still-stored session.
    await t.app.get<IdentityApi>(IDENTITY_API).suspend(actors['suspended user (IDENTITY_API.suspend)'].userId!);
    await sql(t, `UPDATE "user" SET is_suspended = true WHERE id = $1`, [actors['suspended user (flag only, session row kept)'].userId]);
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    await resetLaughLimit(t);
    await rearmSuspendedSession();
  });

  it('the actors are who they claim to be (GET /api/user)', async () => {
    expect(await sessionRows(actors['suspended user (IDENTITY_API.suspend)'].userId!)).toBe(0);
    expect(await sessionRows(actors['suspended user (flag only, session row kept)'].userId!)).toBe(1);
    await get(actors.anonymous, '/api/user').expect(401);
    for (const name of ['verified user (not the owner)', 'owner'] as const) {
      expect((await get(actors[name], '/api/user').expect(200)).body).toMatchObject({ id: actors[name].userId, emailVerified: true, isAdmin: false });
    }
    expect((await get(actors.admin, '/api/user').expect(200)).body).toMatchObject({ id: actors.admin.userId, emailVerified: true, isAdmin: true });
    for (const name of ['suspended user (IDENTITY_API.suspend)', 'suspended user (flag only, session row kept)'] as const) {
      expect((await get(actors[name], '/api/user').expect(401)).body.code).toBe('AUTH.REQUIRED');
    }
    // Re-armed, the stored session names the suspended user again (and is refused again).
    await rearmSuspendedSession();
    expect(await sessionRows(actors['suspended user (flag only, session row kept)'].userId!)).toBe(1);
    await get(actors['suspended user (flag only, session row kept)'], '/api/user').expect(401);
  });

  describe.each(ACTORS)('as %s', (name) => {
    const actor = () => actors[name];

    it('GET /api/community/recent: the public feed, the same for everyone, cached or not', async () => {
      const expected = [
        { id: img.fresh, prompt: 'fresh', laughCount: 0 },
        { id: img.second, prompt: 'second', laughCount: 2 },
        { id: img.top, prompt: 'top', laughCount: 5 },
      ];
      feedCache(t).invalidate();
      const miss = await get(actor(), '/api/community/recent').expect(200); // the controller
      const hit = await get(actor(), '/api/community/recent').expect(200); // the hot path
      for (const res of [miss, hit]) {
        expect(res.body).toEqual(expected.map((e) => expect.objectContaining({ ...e, style: 'funny', generatedPath: `/api/images/${e.id}` })));
      }
      expect(hit.text).toBe(miss.text);
      const anonymous = await get(actors.anonymous, '/api/community/recent').expect(200);
      expect(miss.text).toBe(anonymous.text);
      expect(miss.headers.etag).toBe(anonymous.headers.etag);
      expect((await get(actor(), '/api/community/recent?limit=1').expect(200)).body.map((e: { id: string }) => e.id)).toEqual([img.fresh]);
    });

    it('GET /api/leaderboard: laughed public images with ranks, by page or by limit/offset', async () => {
      const ranked = [
        expect.objectContaining({ id: img.top, laughCount: 5, rank: 1 }),
        expect.objectContaining({ id: img.second, laughCount: 2, rank: 2 }),
      ];
      feedCache(t).invalidate();
      for (const url of ['/api/leaderboard', '/api/leaderboard', '/api/leaderboard?page=1', '/api/leaderboard?limit=10&offset=0']) {
        expect((await get(actor(), url).expect(200)).body).toEqual(ranked);
      }
      expect((await get(actor(), '/api/leaderboard?limit=1&offset=1').expect(200)).body).toEqual([ranked[1]]);
      expect((await get(actor(), '/api/leaderboard?page=2').expect(200)).body).toEqual([]);
      expect((await get(actor(), '/api/leaderboard').expect(200)).text).toBe((await get(actors.anonymous, '/api/leaderboard').expect(200)).text);
    });

    it('GET /api/images/:id/has-laughed: keyed by the identifier only; 404 for any image not in the feed', async () => {
      expect((await has(actor(), img.top, EVERYWHERE).expect(200)).body).toEqual({ hasLaughed: true });
      expect((await has(actor(), img.top, `${actor().slug}-never`).expect(200)).body).toEqual({ hasLaughed: false });
      // A signed-in user may use their user id as the identifier (001 §3, a My Edits laugh); a
      // suspended user's session counts for nothing, so that id is someone else's to them (403).
      if (actor().userId) {
        if (name.startsWith('suspended')) await has(actor(), img.top, actor().userId!).expect(403);
        else expect((await has(actor(), img.top, actor().userId!).expect(200)).body).toEqual({ hasLaughed: false });
      }
      for (const id of unseen) {
        expect((await has(actor(), id, EVERYWHERE).expect(404)).body).toEqual(NOT_FOUND);
      }
    });

    it('POST /api/images/:id/add-laugh: counts once per identifier; 404 (and nothing written) for any image not in the feed', async () => {
      const who = `${actor().slug}-add`;
      const base = await laughCount(img.top);
      expect((await laugh(actor(), 'add', img.top, { userIdentifier: who }).expect(200)).body).toEqual({ laughCount: base + 1, hasLaughed: true });
      expect((await laugh(actor(), 'add', img.top, { userIdentifier: who }).expect(200)).body).toEqual({ laughCount: base + 1, hasLaughed: true });
      expect(await laughRows(img.top, who)).toBe(1);
      // Anyone else asking about that identifier sees it: the laugh is not tied to the session.
      expect((await has(actors.anonymous, img.top, who).expect(200)).body).toEqual({ hasLaughed: true });

      const before = await snapshot();
      for (const id of unseen) {
        expect((await laugh(actor(), 'add', id, { userIdentifier: who }).expect(404)).body).toEqual(NOT_FOUND);
      }
      expect(await snapshot()).toEqual(before);

      await laugh(actor(), 'remove', img.top, { userIdentifier: who }).expect(200); // clean up
      expect(await laughCount(img.top)).toBe(base);
    });

    it('POST /api/images/:id/remove-laugh: removes the identifier\'s laugh whoever added it; twice is fine; 404 for any image not in the feed', async () => {
      const who = `${actor().slug}-remove`;
      const base = await laughCount(img.top);
      // Added by someone else (another session, or none): the identifier alone counts.
      const adder = name === 'anonymous' ? actors.admin : actors.anonymous;
      await laugh(adder, 'add', img.top, { userIdentifier: who }).expect(200);
      expect((await laugh(actor(), 'remove', img.top, { userIdentifier: who }).expect(200)).body).toEqual({ laughCount: base, hasLaughed: false });
      expect((await laugh(actor(), 'remove', img.top, { userIdentifier: who }).expect(200)).body).toEqual({ laughCount: base, hasLaughed: false });
      expect(await laughRows(img.top, who)).toBe(0);
      // Removing what is not there does not go below the count (D15).
      expect((await laugh(actor(), 'remove', img.fresh, { userIdentifier: who }).expect(200)).body).toEqual({ laughCount: 0, hasLaughed: false });

      const before = await snapshot();
      for (const id of unseen) {
        // EVERYWHERE has a laugh row on each of these: it stays, and nothing says it exists.
        expect((await laugh(actor(), 'remove', id, { userIdentifier: EVERYWHERE }).expect(404)).body).toEqual(NOT_FOUND);
      }
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('bad input: 400 {message, error, code} for every actor', () => {
    it('GET /api/community/recent', async () => {
      const cases: Array<[string, object]> = [
        ['limit=0', BAD_LIMIT],
        ['limit=51', BAD_LIMIT],
        ['limit=-1', BAD_LIMIT],
        ['limit=x', BAD_LIMIT],
        ['limit=2.5', BAD_LIMIT],
        ['limit=1e1', BAD_LIMIT],
        ['limit=%205', BAD_LIMIT],
        ['limit=20&limit=1', REPEATED],
      ];
      for (const actor of Object.values(actors)) {
        await get(actor, '/api/community/recent?limit=20').expect(200); // cached: the hot path must still refuse
        for (const [query, body] of cases) {
          expect([query, actor.name, (await get(actor, `/api/community/recent?${query}`).expect(400)).body]).toEqual([query, actor.name, body]);
        }
        // An unknown parameter is ignored (the controller reads only `limit`), not refused.
        const plain = await get(actor, '/api/community/recent?limit=2').expect(200);
        expect((await get(actor, '/api/community/recent?limit=2&foo=bar').expect(200)).text).toBe(plain.text);
      }
    });

    it('GET /api/leaderboard', async () => {
      const cases: Array<[string, object]> = [
        ['page=0', BAD_PAGE],
        ['page=-1', BAD_PAGE],
        ['page=x', BAD_PAGE],
        ['page=1.5', BAD_PAGE],
        ['page=101', DEEP_PAGE],
        ['offset=-1', BAD_OFFSET],
        ['offset=991', BAD_OFFSET],
        ['cursor=abc.def', BAD_CURSOR],
        ['cursor=abc.def&page=2', invalid('cursor cannot be combined with page or offset')],
        ['offset=x', BAD_OFFSET],
        ['limit=0', BAD_LIMIT],
        ['limit=51', BAD_LIMIT],
        ['limit=5&offset=-1', BAD_OFFSET],
        ['page=1&page=2', REPEATED],
        ['offset=0&offset=1', REPEATED],
      ];
      for (const actor of Object.values(actors)) {
        await get(actor, '/api/leaderboard').expect(200);
        for (const [query, body] of cases) {
          expect([query, actor.name, (await get(actor, `/api/leaderboard?${query}`).expect(400)).body]).toEqual([query, actor.name, body]);
        }
        const plain = await get(actor, '/api/leaderboard?page=1').expect(200);
        expect((await get(actor, '/api/leaderboard?page=1&foo=bar').expect(200)).text).toBe(plain.text);
      }
    });

    it('GET /api/images/:id/has-laughed', async () => {
      const bad = ['', 'a b', 'a;b', 'é', 'x'.repeat(129)];
      for (const actor of Object.values(actors)) {
        for (const userIdentifier of bad) {
          expect((await has(actor, img.top, userIdentifier).expect(400)).body).toEqual(BAD_IDENTIFIER);
        }
        expect((await as(actor, request(t.http).get(`/api/images/${img.top}/has-laughed`)).expect(400)).body).toEqual(BAD_IDENTIFIER);
        const repeated = as(actor, request(t.http).get(`/api/images/${img.top}/has-laughed?userIdentifier=a&userIdentifier=b`));
        expect((await repeated.expect(400)).body).toEqual(BAD_IDENTIFIER);
        // A malformed image id names no image: 404, as for an unknown one.
        expect((await has(actor, 'not-a-uuid', 'browser-1').expect(404)).body).toEqual(NOT_FOUND);
        expect((await has(actor, `${img.top}x`, 'browser-1').expect(404)).body).toEqual(NOT_FOUND);
        expect((await has(actor, img.top, 'x'.repeat(128)).expect(200)).body).toEqual({ hasLaughed: false });
      }
    });

    it.each(['add', 'remove'] as const)('POST /api/images/:id/%s-laugh', async (action) => {
      const bad: unknown[] = [{}, { userIdentifier: '' }, { userIdentifier: 'a b' }, { userIdentifier: 'é' }, { userIdentifier: 'x'.repeat(129) }, { userIdentifier: 42 }, { userIdentifier: null }, { userIdentifier: ['a'] }, { userIdentifier: { a: 1 } }, ['a'], undefined];
      const before = await snapshot();
      for (const actor of Object.values(actors)) {
        for (const body of bad) {
          expect([body, actor.name, (await laugh(actor, action, img.top, body).expect(400)).body]).toEqual([body, actor.name, BAD_IDENTIFIER]);
        }
        // A query-string identifier is not the body's.
        const viaQuery = as(actor, request(t.http).post(`/api/images/${img.top}/${action}-laugh?userIdentifier=ok`).set('Origin', origin));
        expect((await viaQuery.expect(400)).body).toEqual(BAD_IDENTIFIER);
        expect((await laugh(actor, action, 'not-a-uuid', { userIdentifier: 'browser-1' }).expect(404)).body).toEqual(NOT_FOUND);
      }
      expect(await snapshot()).toEqual(before);
      // The body is read by hand (laugh.dto.ts), not by the ValidationPipe: extra fields are ignored.
      const who = `extra-fields-${action}`;
      const res = await laugh(actors.anonymous, action, img.top, { userIdentifier: who, extra: 1 }).expect(200);
      expect(res.body).toEqual({ laughCount: await laughCount(img.top), hasLaughed: action === 'add' });
      await laugh(actors.anonymous, 'remove', img.top, { userIdentifier: who }).expect(200);
    });
  });
});
