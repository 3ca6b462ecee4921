import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createTestApp, TestApp } from '../support/test-app';
import { HEALTH_CHECK_FRESH_MS } from '../../src/health/health-check';

describe('HTTP basics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('GET /api/health answers 200 after checking the database', async () => {
    const res = await request(t.http).get('/api/health').expect(200);
    expect(res.body).toMatchObject({ status: 'ok', database: 'up' });
  });

  it('answers an unknown /api path with a JSON 404 in the {message, error, code} shape', async () => {
    const res = await request(t.http).get('/api/no-such-thing').set('Accept', 'text/html').expect(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body).toEqual({
      message: 'No API endpoint GET /api/no-such-thing',
      error: 'Not found',
      code: 'HTTP.NOT_FOUND',
    });
    await request(t.http).delete('/api/images/1/nothing-here').expect(404).expect('Content-Type', /json/);
  });

  it('refuses a JSON body over the limit with 413 and a readable message', async () => {
    const big = JSON.stringify({ text: 'x'.repeat(1024 * 1024 + 10) });
    const res = await request(t.http).post('/api/anything').set('Content-Type', 'application/json').send(big).expect(413);
    expect(res.body).toMatchObject({ message: 'The request body is too large.', code: 'HTTP.PAYLOAD_TOO_LARGE' });
  });

  it('answers malformed JSON with 400 and no parser internals', async () => {
    const res = await request(t.http).post('/api/anything').set('Content-Type', 'application/json').send('{"a":').expect(400);
    expect(res.body).toEqual({ message: 'The request body is not valid JSON.', error: 'The request body is not valid JSON.', code: 'HTTP.BAD_REQUEST' });
  });

  it('refuses state-changing requests from another origin (D18) and allows its own', async () => {
    const res = await request(t.http).post('/api/health').set('Origin', 'https://evil.example').expect(403);
    expect(res.body.code).toBe('HTTP.CROSS_SITE');
    await request(t.http).post('/api/health').set('Sec-Fetch-Site', 'cross-site').expect(403);
    // Same origin passes the check and reaches the router (no POST /api/health: 404).
    await request(t.http).post('/api/health').set('Origin', t.config.publicUrl.origin).expect(404);
    await request(t.http).get('/api/health').set('Origin', 'https://evil.example').expect(200);
  });

  it('gives every response a request id, keeping a well-formed incoming one', async () => {
    const fresh = await request(t.http).get('/api/health');
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await request(t.http).get('/api/health').set('X-Request-Id', 'lb-abcdef123456');
    expect(kept.headers['x-request-id']).toBe('lb-abcdef123456');
    const replaced = await request(t.http).get('/api/health').set('X-Request-Id', 'bad id with spaces');
    expect(replaced.headers['x-request-id']).not.toBe('bad id with spaces');
  });

  it('gives a request id to the answers refused before the request log runs (NUL, cross-site, bad JSON)', async () => {
    const nul = await request(t.http).post('/api/contact').set('Content-Type', 'application/json').send({ message: 'a\u0000b' }).expect(400);
    expect(nul.body.code).toBe('HTTP.NUL_CHARACTER');
    expect(nul.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const crossSite = await request(t.http).post('/api/health').set('Origin', 'https://evil.example').set('X-Request-Id', 'lb-0123456789').expect(403);
    expect(crossSite.headers['x-request-id']).toBe('lb-0123456789');
    const badJson = await request(t.http).post('/api/anything').set('Content-Type', 'application/json').send('{"a":').expect(400);
    expect(badJson.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends security headers with a content security policy and no X-Powered-By', async () => {
    const res = await request(t.http).get('/api/health');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
    // Plain http (the local default): no HSTS and no upgrade of requests to https.
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });

  it('allows no third-party script or frame while no captcha provider is configured (D20)', async () => {
    const csp = String((await request(t.http).get('/api/health')).headers['content-security-policy']);
    expect(csp).not.toContain('challenges.cloudflare.com');
    const withCaptcha = await createTestApp({ env: { TURNSTILE_SITE_KEY: 'site', TURNSTILE_SECRET_KEY: 'secret' } });
    try {
      const res = await request(withCaptcha.http).get('/api/health');
      expect(res.headers['content-security-policy']).toContain("script-src 'self' https://challenges.cloudflare.com");
      expect(res.headers['content-security-policy']).toContain("frame-src 'self' https://challenges.cloudflare.com");
    } finally {
      await withCaptcha.close();
    }
  });

  it('publishes the OpenAPI document at /api/docs', async () => {
    await request(t.http).get('/api/docs').expect(200).expect('Content-Type', /html/);
    const doc = await request(t.http).get('/api/docs-json').expect(200);
    expect(doc.body.info.title).toBe('Magic Editor API');
    expect(Object.keys(doc.body.paths)).toContain('/api/health');
  });

  it("keeps an idle keep-alive connection open past Node's 5 s default, so a client reusing it is not reset", async () => {
    // With Node's default, a client that sends its next request as the server closes the idle
    // connection gets ECONNRESET (the browser tier's request context did), and a proxy whose idle
    // timeout is longer (60 s is common) answers 502.
    const server = t.http;
    if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
        const req = http.get({ host: '127.0.0.1', port, path: '/api/health', agent }, (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, reused: req.reusedSocket }));
        });
        req.on('error', reject);
      });
    try {
      expect(await get()).toEqual({ status: 200, reused: false });
      await new Promise((r) => setTimeout(r, 6000));
      expect(await get()).toEqual({ status: 200, reused: true });
    } finally {
      agent.destroy();
    }
  });

  // Last: it breaks this app's database connection.
  it('GET /api/health answers 503 in the error shape when the database is gone', async () => {
    await t.app.get(DataSource).destroy();
    // A success answers for HEALTH_CHECK_FRESH_MS; the earlier checks of this file may be younger.
    await new Promise((r) => setTimeout(r, HEALTH_CHECK_FRESH_MS + 50));
    const res = await request(t.http).get('/api/health').expect(503);
    expect(res.body).toEqual({
      message: 'The database is not reachable',
      error: 'The database is not reachable',
      code: 'HEALTH.DATABASE_DOWN',
    });
  });
});
