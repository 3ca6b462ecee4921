import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import request from 'supertest';
import { renditionUrl } from '../../src/modules/images/domain/rendition';
import { sharePicture } from '../../src/modules/images/domain/shared-edit';
import { createTestApp, TestApp } from '../support/test-app';

/**
 * Whether robots.txt lets a crawler fetch `path`, by RFC 9309 §2.2.2 (as Google reads it): the
 * longest matching rule wins, an allow wins a tie; `*` is any run of characters, a final `$` the end.
 */
function robotsAllows(robotsTxt: string, path: string): boolean {
  let best: { allow: boolean; length: number } | null = null;
  for (const line of robotsTxt.split('\n')) {
    const rule = /^(allow|disallow):\s*(\S*)\s*$/i.exec(line);
    if (!rule || rule[2] === '') continue;
    const pattern = rule[2];
    const anchored = pattern.endsWith('$');
    const body = (anchored ? pattern.slice(0, -1) : pattern)
      .split('*')
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*');
    if (!new RegExp(`^${body}${anchored ? '$' : ''}`).test(path)) continue;
    const allow = rule[1].toLowerCase() === 'allow';
    if (!best || pattern.length > best.length || (pattern.length === best.length && allow)) best = { allow, length: pattern.length };
  }
  return best?.allow ?? true;
}

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

  it("lets link-preview crawlers fetch a share page's og:image, and nothing else of the API (issue 24)", async () => {
    const robots = (await request(t.http).get('/robots.txt').expect(200)).text;
    const id = '0b6c7f64-4b36-4f2c-9a1e-1f5e0f2a9c11';
    const rendition = (file: 'original' | 'generated', w: number) => renditionUrl(id, file, { w, h: Math.round(w / 1.5), v: 'abcdef0123456789' });
    // What the share page's HTML names as og:image (the images context's own rule): the largest
    // rendition of the generated file, or the generated file when it has none yet.
    const previews = [
      sharePicture({ id, generatedMimeType: 'image/png', renditions: { originalRenditions: [], generatedRenditions: [320, 1280].map((w) => ({ url: rendition('generated', w), width: w, height: w })) } }),
      sharePicture({ id, generatedMimeType: 'image/jpeg', renditions: { originalRenditions: [], generatedRenditions: [] } }),
    ].map((picture) => picture!.path);
    expect(previews).toEqual([`/api/images/${id}/renditions/generated-1280-abcdef0123456789.webp`, `/api/images/${id}`]);
    const allowed = [...previews, rendition('generated', 320), '/', '/pricing', `/share/${id}`, '/assets/edited.jpg'];
    const disallowed = [
      `/api/images/${id}/original`,
      `/api/images/${id}/download`,
      `/api/images/${id}/share`,
      `/api/images/${id}/has-laughed?identifier=x`,
      rendition('original', 1280),
      '/api/user',
      '/api/user/credits',
      '/api/community/recent',
      '/api/my-edits',
      '/api/admin/images/hidden',
      '/api/docs',
      '/admin',
      '/my-edits',
      '/reset-password/abc',
    ];
    expect(allowed.filter((p) => !robotsAllows(robots, p))).toEqual([]);
    expect(disallowed.filter((p) => robotsAllows(robots, p))).toEqual([]);
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
    await request(t.http).get('/robots.txt.bak').set('Accept', 'text/html').expect(404).expect(/id="root"/);
    await request(t.http).get('/').set('Accept', 'text/html').expect(200).expect(/id="root"/);
  });
});
