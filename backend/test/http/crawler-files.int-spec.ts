import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import request from 'supertest';
import { createTestApp, TestApp } from '../support/test-app';

/**
 * Issue 15: /robots.txt and /sitemap.xml are the server's own answers (made from PUBLIC_URL), not
 * the app's HTML that the SPA fallback sends for every other path.
 */
describe('robots.txt and sitemap.xml', () => {
  let t: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'magic-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
    t = await createTestApp({ env: { FRONTEND_DIST_DIR: dist, PUBLIC_URL: 'https://magic.example.com' } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('keeps crawlers out of the admin, the API and the private or token pages, and points at the sitemap', async () => {
    const res = await request(t.http).get('/robots.txt').set('Accept', 'text/html,*/*').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.text).not.toContain('id="root"');
    const lines = res.text.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const p of ['/admin', '/api/', '/profile', '/my-edits', '/checkout', '/order', '/reset-password', '/confirm-email']) {
      expect(lines).toContain(`Disallow: ${p}`);
    }
    expect(lines).toContain('Sitemap: https://magic.example.com/sitemap.xml');
    // Public pages are not disallowed.
    expect(lines.filter((l) => /^Disallow: \/?$/.test(l))).toEqual([]);
  });

  it('lists the public pages with absolute URLs', async () => {
    const res = await request(t.http).get('/sitemap.xml').set('Accept', 'text/html,*/*').expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    expect(res.text).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const locs = [...res.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(
      ['/', '/pricing', '/leaderboard', '/about', '/contact', '/privacy', '/terms', '/tools/youtube-to-article'].map(
        (p) => `https://magic.example.com${p}`,
      ),
    );
  });

  it('answers HEAD and leaves every other path to the app', async () => {
    await request(t.http).head('/robots.txt').expect(200).expect('content-type', /^text\/plain/);
    await request(t.http).get('/robots.txt.bak').set('Accept', 'text/html').expect(200).expect(/id="root"/);
    await request(t.http).get('/').set('Accept', 'text/html').expect(200).expect(/id="root"/);
  });
});
