import request from 'supertest';
import { signUpBody } from '../identity/identity-helpers';
import { balanceOf, createGenerationApp, generate, signedInUser, type TestUser } from '../generation/generation-helpers';
import { photoJpeg } from '../support/images';
import { createTestApp, type TestApp } from '../support/test-app';

/** Issue 9: the security review's findings on the HTTP pipeline. */

const NUL = {
  message: 'The request must not contain the NUL character (\\u0000).',
  error: 'The request must not contain the NUL character (\\u0000).',
  code: 'HTTP.NUL_CHARACTER',
};

const DEPTH = 100_000;
const deepArray = '['.repeat(DEPTH) + ']'.repeat(DEPTH);
const deepObject = '{"prompt":' + '{"a":'.repeat(DEPTH) + '1' + '}'.repeat(DEPTH + 1);

describe('issue 9: request bodies and headers', () => {
  let t: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    t = await createGenerationApp();
    user = await signedInUser(t, { regular: 1 });
  });
  afterAll(() => t.close());

  describe('a NUL character in any text is 400 in the error shape, never 500', () => {
    it.each([
      ['POST /api/login (email)', '/api/login', () => ({ email: 'ann\u0000@example.com', password: 'secret-pass-1' })],
      ['POST /api/register (username)', '/api/register', () => signUpBody({ username: 'ann\u0000' })],
      ['POST /api/register (email)', '/api/register', () => signUpBody({ email: 'ann\u0000@example.com' })],
      ['POST /api/content-filter (prompt)', '/api/content-filter', () => ({ prompt: 'add snow\u0000 falling' })],
      ['a key of a nested object', '/api/content-filter', () => ({ prompt: 'add snow', extra: [{ ['k\u0000']: 1 }] })],
    ])('%s', async (_name, path, body) => {
      const res = await request(t.http).post(path).send(body()).expect(400);
      expect(res.body).toEqual(NUL);
    });

    it('in the query string', async () => {
      const res = await request(t.http).get('/api/health?x=a%00b').expect(400);
      expect(res.body).toEqual(NUL);
    });

    it('in a multipart prompt (POST /api/generate), with no credit spent', async () => {
      const res = await generate(user.agent, { image: photoJpeg(), prompt: 'add snow\u0000 falling' }).expect(400);
      // Generation's own prompt rule may speak first; PostgreSQL's refusal is the net behind it.
      expect(res.body).toEqual({ message: expect.any(String), error: expect.any(String), code: expect.stringMatching(/^(HTTP\.NUL_CHARACTER|VALIDATION\.FAILED)$/) });
      expect((await balanceOf(t, user.id)).balance).toBe(1);
    });
  });

  describe('a body nested 100,000 levels deep is 400, never 500', () => {
    it.each(['/api/login', '/api/register', '/api/content-filter'])('%s', async (path) => {
      for (const body of [deepArray, deepObject]) {
        const res = await request(t.http).post(path).set('Content-Type', 'application/json').send(body).expect(400);
        expect(res.body).toEqual({
          message: 'The request body is nested too deeply (at most 32 levels).',
          error: 'The request body is nested too deeply (at most 32 levels).',
          code: 'HTTP.BODY_TOO_DEEP',
        });
      }
    });

    it('lets a body at the limit through to validation', async () => {
      const atLimit = { prompt: 'add snow', extra: JSON.parse('['.repeat(31) + ']'.repeat(31)) as unknown };
      const res = await request(t.http).post('/api/content-filter').send(atLimit).expect(400);
      expect(res.body.code).toBe('VALIDATION.FAILED');
    });
  });

  describe('cache headers', () => {
    it('account answers are never stored: GET /api/user and GET /api/user/credits', async () => {
      for (const path of ['/api/user', '/api/user/credits']) {
        const res = await user.agent.get(path).expect(200);
        expect(res.headers['cache-control']).toBe('no-store');
      }
    });

    it('a private image is revalidated on every use (private, no-cache) with its ETag', async () => {
      const owner = await signedInUser(t, { regular: 1 });
      const id = (await generate(owner.agent, { image: photoJpeg(), prompt: 'add snow falling', share: 'false' }).expect(200)).body.id;
      for (const path of ['', '/original', '/download']) {
        const res = await owner.agent.get(`/api/images/${id}${path}`).expect(200);
        expect(res.headers['cache-control']).toBe('private, no-cache');
        const etag = res.headers.etag as string;
        expect(etag).toMatch(/^"[^"]+"$/);
        const again = await owner.agent.get(`/api/images/${id}${path}`).set('If-None-Match', etag).expect(304);
        expect(again.headers['cache-control']).toBe('private, no-cache');
        expect(again.headers.etag).toBe(etag);
      }
    });

    it('a public image stays in shared caches a minute at most, and a hidden one is refused on revalidation', async () => {
      const owner = await signedInUser(t, { regular: 1 });
      const id = (await generate(owner.agent, { image: photoJpeg(), prompt: 'make it black and white' }).expect(200)).body.id;
      const res = await request(t.http).get(`/api/images/${id}`).expect(200);
      expect(res.headers['permissions-policy']).toContain('camera=()');
      const cacheControl = String(res.headers['cache-control']);
      expect(cacheControl).toMatch(/^public\b/);
      expect(cacheControl).toContain('must-revalidate');
      expect(Number(/max-age=(\d+)/.exec(cacheControl)?.[1])).toBeLessThanOrEqual(60);
      const etag = res.headers.etag as string;
      const revalidated = await request(t.http).get(`/api/images/${id}`).set('If-None-Match', etag).expect(304);
      expect(revalidated.headers['cache-control']).toBe(cacheControl);

      await owner.agent.post(`/api/images/${id}/visibility`).send({ isPublic: false }).expect(200);
      await request(t.http).get(`/api/images/${id}`).set('If-None-Match', etag).expect(404);
    });
  });

  describe('Permissions-Policy', () => {
    const valid = /^[a-z-]+=\((self|"[^"]+"|\s)*\)(, [a-z-]+=\((self|"[^"]+"|\s)*\))*$/;

    it('is sent on every response: API answers, errors, images and the cached hot paths', async () => {
      const responses = [
        await request(t.http).get('/api/health').expect(200),
        await request(t.http).get('/api/no-such-thing').expect(404),
        await request(t.http).post('/api/content-filter').send({ prompt: 'x\u0000' }).expect(400),
        await user.agent.get('/api/user').expect(200),
        // The first read fills the cache through Express; the second is served by the hot path.
        await request(t.http).get('/api/leaderboard').expect(200),
        await request(t.http).get('/api/leaderboard').expect(200),
      ];
      for (const res of responses) {
        const policy = String(res.headers['permissions-policy']);
        expect(policy).toMatch(valid);
        expect(policy).toContain('camera=()');
        expect(policy).toContain('microphone=()');
        expect(policy).toContain('geolocation=()');
        expect(policy).toContain('payment=(self)');
      }
    });
  });
});

describe('issue 9: the same-origin check trusts PUBLIC_URL over the Host header', () => {
  it('refuses an Origin that only matches the Host header when PUBLIC_URL is set', async () => {
    const t = await createTestApp({ env: { PUBLIC_URL: 'https://magic.example' } });
    try {
      const res = await request(t.http).post('/api/health').set('Host', 'evil.example').set('Origin', 'http://evil.example').expect(403);
      expect(res.body).toEqual({
        message: 'Requests from other sites are not allowed.',
        error: 'Requests from other sites are not allowed.',
        code: 'HTTP.CROSS_SITE',
      });
      // The public origin passes the check and reaches the router (no POST /api/health: 404).
      await request(t.http).post('/api/health').set('Host', 'evil.example').set('Origin', 'https://magic.example').expect(404);
    } finally {
      await t.close();
    }
  });

  it('still accepts the Host-derived origin when PUBLIC_URL is unset (local runs)', async () => {
    const t = await createTestApp();
    try {
      await request(t.http).post('/api/health').set('Host', 'lan-box:3000').set('Origin', 'http://lan-box:3000').expect(404);
      await request(t.http).post('/api/health').set('Host', 'lan-box:3000').set('Origin', 'http://other:3000').expect(403);
    } finally {
      await t.close();
    }
  });
});

describe('issue 9: API docs', () => {
  const production = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), LOCAL_CHECKOUT_IN_PRODUCTION: 'true', C2PA_DEVELOPMENT_SIGNER_IN_PRODUCTION: 'true' };

  it('are off in production by default', async () => {
    const t = await createTestApp({ env: production });
    try {
      for (const path of ['/api/docs', '/api/docs-json']) {
        const res = await request(t.http).get(path).expect(404);
        expect(res.body.code).toBe('HTTP.NOT_FOUND');
      }
    } finally {
      await t.close();
    }
  });

  it('are on in production with API_DOCS=true, and off elsewhere with API_DOCS=false', async () => {
    const on = await createTestApp({ env: { ...production, API_DOCS: 'true' } });
    try {
      await request(on.http).get('/api/docs').expect(200).expect('Content-Type', /html/);
      expect((await request(on.http).get('/api/docs-json').expect(200)).body.info.title).toBe('Magic Editor API');
    } finally {
      await on.close();
    }
    const off = await createTestApp({ env: { API_DOCS: 'false' } });
    try {
      await request(off.http).get('/api/docs-json').expect(404);
    } finally {
      await off.close();
    }
  });
});
