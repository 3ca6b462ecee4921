import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import request from 'supertest';
import { CLIENT_ROUTES } from '../../src/shared/http/shared-with-client/client-routes';
import { createTestApp, TestApp } from '../support/test-app';

describe('serving the built React app', () => {
  let t: TestApp;
  let dist: string;
  const indexHtml = `<!doctype html><html><head><title>Magic Editor</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(200)}</body></html>`;

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'magic-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), indexHtml);
    fs.writeFileSync(path.join(dist, 'assets', 'index-AbCd1234.js'), 'console.log("app");'.repeat(200));
    fs.writeFileSync(path.join(dist, 'assets', 'original.jpg'), Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
    t = await createTestApp({ env: { FRONTEND_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('answers a deep link such as /dashboard with the app, never cached', async () => {
    const res = await request(t.http).get('/dashboard').set('Accept', 'text/html').expect(200);
    expect(res.text).toContain('<div id="root"></div>');
    expect(res.headers['cache-control']).toBe('no-cache');
    // Issue 9: the pages themselves carry the Permissions-Policy.
    expect(res.headers['permissions-policy']).toContain('camera=()');
    await request(t.http).get('/').set('Accept', 'text/html').expect(200).expect(/id="root"/);
    await request(t.http).get('/confirm-email/abc123').set('Accept', 'text/html').expect(200).expect(/id="root"/);
  });

  it('answers every client route with the app and 200, whatever its parameters (issue 24)', async () => {
    // A share page answers for its edit (404 for one nobody may see): the share tests cover it.
    const routes = CLIENT_ROUTES.filter((r) => r !== '/share/:id').map((r) => r.replace(/:\w+/g, 'abc-123_XYZ'));
    expect(routes).toEqual(expect.arrayContaining(['/confirm-email/abc-123_XYZ', '/reset-password/abc-123_XYZ', '/checkout/local/abc-123_XYZ', '/tools/youtube-to-article', '/dashboard']));
    for (const path of [...routes, '/pricing/', '/Dashboard']) {
      const res = await request(t.http).get(path).set('Accept', 'text/html');
      expect([path, res.status, res.text.includes('<div id="root"></div>')]).toEqual([path, 200, true]);
    }
  });

  it('answers any other path with the same app (which shows its not-found page) but status 404, never cached (issue 24)', async () => {
    const app = (await request(t.http).get('/dashboard').set('Accept', 'text/html').expect(200)).text;
    for (const path of ['/no-such-page', '/pricing/extra', '/tools/unknown', '/share', '/share/a/b', '/checkout', '/admin/users', '/index']) {
      const res = await request(t.http).get(path).set('Accept', 'text/html');
      expect([path, res.status, res.headers['cache-control'], res.headers['content-type']]).toEqual([path, 404, 'no-cache', 'text/html; charset=utf-8']);
      expect(res.text).toBe(app);
    }
    await request(t.http).head('/no-such-page').set('Accept', 'text/html').expect(404);
  });

  it('caches hashed assets for a year and plain ones briefly', async () => {
    const hashed = await request(t.http).get('/assets/index-AbCd1234.js').expect(200);
    expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const plain = await request(t.http).get('/assets/original.jpg').expect(200);
    expect(plain.headers['cache-control']).toBe('public, max-age=300');
  });

  it('answers a missing asset with 404, not with the app', async () => {
    const res = await request(t.http).get('/assets/gone-ZzZz9999.js').set('Accept', '*/*');
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('id="root"');
  });

  it('answers a public page or a share page asked for something other than HTML with 404, not with the app', async () => {
    for (const page of ['/', '/pricing', '/share/0b6c7f64-4b36-4f2c-9a1e-1f5e0f2a9c11']) {
      const res = await request(t.http).get(page).set('Accept', 'application/json');
      expect([page, res.status, res.text.includes('id="root"')]).toEqual([page, 404, false]);
    }
  });

  it('never answers /api paths with the app', async () => {
    const res = await request(t.http).get('/api/dashboard').set('Accept', 'text/html').expect(404);
    expect(res.body.code).toBe('HTTP.NOT_FOUND');
  });

  it('compresses responses when the client accepts it', async () => {
    const res = await request(t.http).get('/assets/index-AbCd1234.js').set('Accept-Encoding', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
  });
});
