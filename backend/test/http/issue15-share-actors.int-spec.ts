import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import request from 'supertest';
import { IDENTITY_API, type IdentityApi } from '../../src/modules/identity';
import { IMAGES_API, type ImagesApi } from '../../src/modules/images';
import { SESSION_COOKIE } from '../../src/shared/auth/session-cookie';
import { createGenerationApp, generate, signedInUser, sql, type Agent, type TestUser } from '../generation/generation-helpers';
import { photoJpeg } from '../support/images';
import type { TestApp } from '../support/test-app';
import { newUser } from '../support/fixtures';

/**
 * Issue 15's share page as each actor: GET /api/images/{id}/share and the HTML the server sends
 * for /share/{id}, asked by someone signed out, the owner, a signed-in verified and an unverified
 * non-owner, a suspended user (whose open session stops at once, D21, so they ask as someone
 * signed out), an owner suspended since (their public edit stays public, their private one is
 * theirs no more than anyone's) and an admin; for a public, a private, a hidden, a failed, a
 * processing and a deleted edit. Then bad input: ids, garbage and forged cookies (the owner's own
 * session id with a wrong signature among them), and the other methods. Every answer is checked for its exact status and
 * body, and no answer changes a row.
 */
const ADMIN_EMAIL = 'issue15-boss@example.com';
const PUBLIC_URL = 'http://magic.example.com';
const NOT_FOUND = { message: 'Image not found', error: 'Image not found', code: 'IMAGE.NOT_FOUND' };
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Magic Editor</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;
const UNAVAILABLE_TITLE = '<title>Edit not available · Magic Editor</title>';

type EditKey = 'public' | 'private' | 'hidden' | 'failed' | 'processing' | 'deleted' | 'suspendedOwnersPublic' | 'suspendedOwnersPrivate';
type ActorKey = 'anonymous' | 'owner' | 'verified non-owner' | 'unverified non-owner' | 'suspended viewer' | 'suspended owner' | 'admin';
/** What an actor is answered for an edit: 404, or the edit as `visibility` with `isOwner`. */
type Answer = 404 | { visibility: 'public' | 'private' | 'hidden'; isOwner: boolean };

const PROMPTS: Record<EditKey, string> = {
  public: 'add snow falling',
  private: 'make it black and white',
  hidden: 'make it sepia',
  failed: 'add a red umbrella',
  processing: 'add a rainbow',
  deleted: 'make it a cartoon',
  suspendedOwnersPublic: 'make the colors warmer',
  suspendedOwnersPrivate: 'add rain falling',
};

const PUBLIC: Answer = { visibility: 'public', isOwner: false };
const OWN_PUBLIC: Answer = { visibility: 'public', isOwner: true };
const OWN_PRIVATE: Answer = { visibility: 'private', isOwner: true };
const OWN_HIDDEN: Answer = { visibility: 'hidden', isOwner: true };
const ADMIN_PRIVATE: Answer = { visibility: 'private', isOwner: false };
const ADMIN_HIDDEN: Answer = { visibility: 'hidden', isOwner: false };

/**
 * The whole matrix. The suspended owner made the last two edits and is signed out by the
 * suspension: their own public edit is answered as to anyone (isOwner false), their private one 404.
 */
const MATRIX: Record<EditKey, Record<ActorKey, Answer>> = {
  public: {
    anonymous: PUBLIC,
    owner: OWN_PUBLIC,
    'verified non-owner': PUBLIC,
    'unverified non-owner': PUBLIC,
    'suspended viewer': PUBLIC,
    'suspended owner': PUBLIC,
    admin: PUBLIC,
  },
  private: {
    anonymous: 404,
    owner: OWN_PRIVATE,
    'verified non-owner': 404,
    'unverified non-owner': 404,
    'suspended viewer': 404,
    'suspended owner': 404,
    admin: ADMIN_PRIVATE,
  },
  hidden: {
    anonymous: 404,
    owner: OWN_HIDDEN,
    'verified non-owner': 404,
    'unverified non-owner': 404,
    'suspended viewer': 404,
    'suspended owner': 404,
    admin: ADMIN_HIDDEN,
  },
  failed: allActors(404),
  processing: allActors(404),
  deleted: allActors(404),
  suspendedOwnersPublic: allActors(PUBLIC),
  suspendedOwnersPrivate: { ...allActors(404), admin: ADMIN_PRIVATE },
};

function allActors(answer: Answer): Record<ActorKey, Answer> {
  return {
    anonymous: answer,
    owner: answer,
    'verified non-owner': answer,
    'unverified non-owner': answer,
    'suspended viewer': answer,
    'suspended owner': answer,
    admin: answer,
  };
}

interface Known {
  timestamp: string;
  originalRenditions: unknown[];
  generatedRenditions: unknown[];
}

describe('issue 15 share page as each actor', () => {
  let t: TestApp;
  let dist: string;
  let images: ImagesApi;
  let owner: TestUser;
  let verified: TestUser;
  let unverified: TestUser;
  let suspendedViewer: TestUser;
  let suspendedOwner: TestUser;
  let admin: TestUser;
  const ids = {} as Record<EditKey, string>;
  /** What the images module stored for each completed edit: the parts of the answer that are not about access. */
  const known = new Map<string, Known>();

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'magic-share-actors-'));
    fs.writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
    t = await createGenerationApp({ env: { FRONTEND_DIST_DIR: dist, PUBLIC_URL, ADMIN_EMAILS: ADMIN_EMAIL } });
    images = t.app.get<ImagesApi>(IMAGES_API, { strict: false });
    [owner, verified, suspendedViewer, suspendedOwner, admin, unverified] = await Promise.all([
      newUser(t, { credits: 10 }),
      newUser(t),
      newUser(t),
      newUser(t, { credits: 10 }),
      newUser(t, { admin: true }),
      newUser(t, { verified: false }),
    ]);
    expect((await admin.agent.get('/api/user').expect(200)).body.isAdmin).toBe(true);
    expect((await unverified.agent.get('/api/user').expect(200)).body.emailVerified).toBe(false);

    const made = async (agent: Agent, key: EditKey, share = 'true') => {
      const body = (await generate(agent, { image: photoJpeg(), prompt: PROMPTS[key], share }).expect(200)).body;
      ids[key] = body.id as string;
    };
    await made(owner.agent, 'public');
    await made(owner.agent, 'private', 'false');
    await made(owner.agent, 'hidden');
    expect(await images.setHiddenByAdmin(ids.hidden, true)).toBe(true);
    // A generation that never finished, and one that failed (its bytes dropped), as generation leaves them.
    for (const key of ['processing', 'failed'] as const) {
      ids[key] = randomUUID();
      await images.createProcessing({
        id: ids[key],
        userId: owner.id,
        originalFilename: 'photo.jpg',
        originalBytes: photoJpeg(),
        originalMimeType: 'image/jpeg',
        prompt: PROMPTS[key],
        style: 'realistic',
        isPublic: true,
      });
    }
    await images.markFailed(ids.failed);
    // An edit whose account went (D35): the row and its bytes are deleted.
    const leaver = await signedInUser(t, { regular: 1 });
    await made(leaver.agent, 'deleted');
    await anonymous().get(`/api/images/${ids.deleted}/share`).expect(200);
    expect(await images.deleteAllOf(leaver.id)).toBe(1);

    await made(suspendedOwner.agent, 'suspendedOwnersPublic');
    await made(suspendedOwner.agent, 'suspendedOwnersPrivate', 'false');
    for (const key of ['public', 'private', 'hidden', 'suspendedOwnersPublic', 'suspendedOwnersPrivate'] as const) {
      const [row] = await sql<{ timestamp: Date }>(t, `SELECT "timestamp" FROM image WHERE id = $1`, [ids[key]]);
      const seen = (await admin.agent.get(`/api/images/${ids[key]}/share`).expect(200)).body;
      known.set(ids[key], { timestamp: row.timestamp.toISOString(), originalRenditions: seen.originalRenditions, generatedRenditions: seen.generatedRenditions });
    }

    // Both suspended actors' sessions were open before the suspension (D21: they stop at once).
    for (const suspended of [suspendedViewer, suspendedOwner]) {
      await suspended.agent.get('/api/user').expect(200);
      await t.app.get<IdentityApi>(IDENTITY_API).suspend(suspended.id);
      await suspended.agent.get('/api/user').expect(401);
    }
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const anonymous = () => request(t.http);
  const actors = (): Record<ActorKey, Agent | ReturnType<typeof request>> => ({
    anonymous: anonymous(),
    owner: owner.agent,
    'verified non-owner': verified.agent,
    'unverified non-owner': unverified.agent,
    'suspended viewer': suspendedViewer.agent,
    'suspended owner': suspendedOwner.agent,
    admin: admin.agent,
  });

  /** Every row a read could have changed. */
  const imageRows = () =>
    sql(t, `SELECT id, user_id, status, is_public, is_hidden_by_admin, prompt, laugh_count, renditions, is_saved FROM image ORDER BY id`);

  /** The exact answer body of an edit this actor may see. */
  function shareBody(key: EditKey, answer: Exclude<Answer, 404>) {
    const id = ids[key];
    const stored = known.get(id)!;
    return {
      id,
      prompt: PROMPTS[key],
      style: 'realistic',
      timestamp: stored.timestamp,
      laughCount: 0,
      imageUrl: `/api/images/${id}`,
      originalUrl: `/api/images/${id}/original`,
      originalRenditions: stored.originalRenditions,
      generatedRenditions: stored.generatedRenditions,
      // D42: the model that made it (these edits are the local engine's).
      model: 'local-engine',
      ...answer,
    };
  }

  it('the completed edits have renditions of both images, so the answers below compare them too', () => {
    for (const stored of known.values()) {
      expect(stored.originalRenditions.length).toBeGreaterThan(0);
      expect(stored.generatedRenditions.length).toBeGreaterThan(0);
    }
  });

  describe('GET /api/images/{id}/share', () => {
    it.each(Object.keys(MATRIX) as EditKey[])('answers each actor exactly for the %s edit, changing nothing', async (key) => {
      const before = await imageRows();
      for (const [name, agent] of Object.entries(actors()) as Array<[ActorKey, Agent]>) {
        const answer = MATRIX[key][name];
        const res = await agent.get(`/api/images/${ids[key]}/share`);
        if (answer === 404) expect([name, res.status, res.body]).toEqual([name, 404, NOT_FOUND]);
        else expect([name, res.status, res.body]).toEqual([name, 200, shareBody(key, answer)]);
        // Per viewer, so never kept by a shared cache.
        if (answer !== 404) expect([name, res.headers['cache-control']]).toEqual([name, 'private, no-cache']);
      }
      expect(await imageRows()).toEqual(before);
    });

    it('answers the same id in capitals as the edit itself (ids are UUIDs, compared as such)', async () => {
      const res = await anonymous().get(`/api/images/${ids.public.toUpperCase()}/share`);
      expect([res.status, res.body]).toEqual([200, shareBody('public', PUBLIC)]);
    });

    it.each<[string, string]>([
      ['a 5,000-character id', 'a'.repeat(5000)],
      ['a 5,000-character id that starts as a real one', `${'0b6c7f64-4b36-4f2c-9a1e-1f5e0f2a9c11'}${'f'.repeat(4964)}`],
      ['unicode letters', 'ünïcödé-ïd'],
      ['a UUID in full-width digits', '０b6c7f64-4b36-4f2c-9a1e-1f5e0f2a9c11'],
      ['an emoji', '😂'],
      ['a right-to-left mark', '\u202e0b6c7f64-4b36-4f2c-9a1e-1f5e0f2a9c11'],
      ['a NUL character', '\u0000'],
      ['a UUID with a NUL after it', '0b6c7f64-4b36-4f2c-9a1e-1f5e0f2a9c11\u0000'],
      ['a UUID with a space before it', ' 0b6c7f64-4b36-4f2c-9a1e-1f5e0f2a9c11'],
      ["x' OR '1'='1", "x' OR '1'='1"],
      ['a statement after a quote', "'; DELETE FROM image; --"],
      ['a UNION', "0' UNION SELECT id FROM \"user\" --"],
      ['a cast', '1::uuid'],
      ['a wildcard', '%'],
      ['an encoded slash', '../../admin/stats'],
      ['a UUID of nothing', '0b6c7f64-4b36-4f2c-9a1e-1f5e0f2a9c11'],
    ])('answers %s 404 IMAGE.NOT_FOUND to every actor, changing nothing', async (_what, id) => {
      const before = await imageRows();
      for (const [name, agent] of Object.entries(actors()) as Array<[ActorKey, Agent]>) {
        const res = await agent.get(`/api/images/${encodeURIComponent(id)}/share`);
        expect([name, res.status, res.body]).toEqual([name, 404, NOT_FOUND]);
      }
      expect(await imageRows()).toEqual(before);
    });

    it.each<[what: string, cookie: string]>([
      ['a garbage session cookie', `${SESSION_COOKIE}=garbage`],
      ['a forged signed session cookie', `${SESSION_COOKIE}=s%3Aforged.bad`],
      ["the owner's own session id with a wrong signature", '<tampered>'],
      ['an empty session cookie', `${SESSION_COOKIE}=`],
      ['a huge cookie', `${SESSION_COOKIE}=${'x'.repeat(6000)}`],
    ])('answers %s as someone signed out: the public edit not as the owner\'s, the private one 404, no cookie set', async (_what, cookie) => {
      let header = cookie;
      if (cookie === '<tampered>') {
        // The owner signed in once more (the password every fixture user signs up with): that cookie opens the private edit; altered, it must not.
        const login = await anonymous().post('/api/login').send({ email: owner.email, password: 'secret-pass-1' }).expect(200);
        const own = (login.headers['set-cookie'] as unknown as string[]).map((c) => c.split(';')[0]).find((c) => c.startsWith(`${SESSION_COOKIE}=`))!;
        expect((await anonymous().get(`/api/images/${ids.private}/share`).set('Cookie', own).expect(200)).body).toEqual(shareBody('private', OWN_PRIVATE));
        header = `${own.slice(0, -3)}${own.endsWith('abc') ? 'xyz' : 'abc'}`;
      }
      const before = await imageRows();
      const pub = await anonymous().get(`/api/images/${ids.public}/share`).set('Cookie', header);
      expect([pub.status, pub.body, pub.headers['set-cookie']]).toEqual([200, shareBody('public', PUBLIC), undefined]);
      const priv = await anonymous().get(`/api/images/${ids.private}/share`).set('Cookie', header);
      expect([priv.status, priv.body, priv.headers['set-cookie']]).toEqual([404, NOT_FOUND, undefined]);
      expect(await imageRows()).toEqual(before);
    });

    it.each(['post', 'put', 'patch', 'delete'] as const)('answers %s with the API 404 (no such endpoint) to every actor, changing nothing', async (method) => {
      const before = await imageRows();
      const path = `/api/images/${ids.private}/share`;
      for (const [name, agent] of Object.entries(actors()) as Array<[ActorKey, Agent]>) {
        const res = await agent[method](path).set('Origin', PUBLIC_URL).send({ isPublic: true });
        expect([name, res.status, res.body]).toEqual([
          name,
          404,
          { message: `No API endpoint ${method.toUpperCase()} ${path}`, error: 'Not found', code: 'HTTP.NOT_FOUND' },
        ]);
      }
      expect(await imageRows()).toEqual(before);
    });

    it("answers a UUID with another edit's id after it 404, not that edit", async () => {
      const res = await admin.agent.get(`/api/images/${ids.public}${ids.private}/share`);
      expect([res.status, res.body]).toEqual([404, NOT_FOUND]);
    });
  });

  describe('the HTML the server sends for /share/{id}', () => {
    /** The HTML is the same for every actor (no session outside /api): asked with each one's cookie. */
    async function pages(id: string) {
      const answers: Array<{ name: ActorKey; status: number; html: string }> = [];
      for (const [name, agent] of Object.entries(actors()) as Array<[ActorKey, Agent]>) {
        const res = await agent.get(`/share/${id}`).set('Accept', 'text/html');
        answers.push({ name, status: res.status, html: res.text });
      }
      return answers;
    }

    it.each(['public', 'suspendedOwnersPublic'] as const)("carries the %s edit's title and picture, whoever asks", async (key) => {
      // The picture is the edit itself, not the photo it was made from: its largest generated rendition (D31).
      const largest = (known.get(ids[key])!.generatedRenditions as Array<{ url: string; width: number; height: number }>).reduce((a, b) =>
        b.width > a.width ? b : a,
      );
      for (const { name, status, html } of await pages(ids[key])) {
        expect([name, status]).toEqual([name, 200]);
        expect(html).toContain(`<title>\u201c${PROMPTS[key]}\u201d · Magic Editor</title>`);
        expect(html).toContain(`<meta property="og:url" content="${PUBLIC_URL}/share/${ids[key]}" />`);
        expect(html).toContain(`<meta property="og:image" content="${PUBLIC_URL}${largest.url}" />`);
        expect(html).toContain(`<meta property="og:image:type" content="image/webp" />`);
        expect(html).toContain(`<meta property="og:image:width" content="${largest.width}" />`);
        expect(html).toContain(`<meta property="og:image:height" content="${largest.height}" />`);
        expect(html).toContain(`<meta name="twitter:image" content="${PUBLIC_URL}${largest.url}" />`);
        expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
        expect(html).not.toContain('name="robots"');
      }
    });

    it('names one canonical page for the public edit, whatever the case of the id in the address', async () => {
      const res = await anonymous().get(`/share/${ids.public.toUpperCase()}`).set('Accept', 'text/html');
      expect(res.status).toBe(200);
      expect(res.text).toContain(`<link rel="canonical" href="${PUBLIC_URL}/share/${ids.public}" />`);
      expect(res.text).toContain(`<meta property="og:url" content="${PUBLIC_URL}/share/${ids.public}" />`);
    });

    it.each(['private', 'hidden', 'failed', 'processing', 'deleted', 'suspendedOwnersPrivate'] as const)(
      'sends 404 and nothing of the %s edit to every actor, its owner and an admin too',
      async (key) => {
        for (const { name, status, html } of await pages(ids[key])) {
          expect([name, status]).toEqual([name, 404]);
          expect(html).toContain(UNAVAILABLE_TITLE);
          expect(html).toContain('<meta name="robots" content="noindex" />');
          expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/share/${ids[key]}" />`);
          expect(html).not.toContain(PROMPTS[key]);
          expect(html).not.toContain('/api/images/');
        }
      },
    );

    it.each<[string, string, string]>([
      ['a long id', 'a'.repeat(5000), `/share/${'a'.repeat(5000)}`],
      ['unicode', encodeURIComponent('ünïcödé'), `/share/${encodeURIComponent('ünïcödé')}`],
      ['an emoji', encodeURIComponent('😂'), `/share/${encodeURIComponent('😂')}`],
      ['SQL', encodeURIComponent("x' OR '1'='1"), `/share/x'%20OR%20'1'%3D'1`],
      ['markup', encodeURIComponent('"><script>alert(1)</script>'), '/share/%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E'],
      ['a NUL character', '%00', '/share/%00'],
      ['a broken escape', '%E0%A4%A', '/share/%25E0%25A4%25A'],
    ])('sends 404 and the generic page for %s, its address escaped', async (_what, id, canonical) => {
      const before = await imageRows();
      const res = await anonymous().get(`/share/${id}`).set('Accept', 'text/html');
      expect(res.status).toBe(404);
      expect(res.text).toContain(UNAVAILABLE_TITLE);
      expect(res.text).toContain(`<link rel="canonical" href="${PUBLIC_URL}${canonical.replace(/'/g, '&#39;')}" />`);
      expect(res.text).not.toContain('<script>');
      expect(await imageRows()).toEqual(before);
    });
  });
});
