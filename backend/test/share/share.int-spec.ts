import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import request from 'supertest';
import { createGenerationApp, generate, signedInUser, sql, type TestUser } from '../generation/generation-helpers';
import { photoJpeg } from '../support/images';
import type { TestApp } from '../support/test-app';

// http: over https the session cookie is Secure and supertest (plain http) would not send it back.
const PUBLIC_URL = 'http://magic.example.com';
const ADMIN_EMAIL = 'share-admin@example.com';
const UNKNOWN_ID = '0b6c7f64-4b36-4f2c-9a1e-1f5e0f2a9c11';
const MALICIOUS = `"><script>alert('x')</script><img src=x onerror=alert(1)> & more`;

/** The built index.html as Vite writes it: its own default title and description, the app's script. */
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="description" content="Built default description." />
    <title>Magic Editor</title>
    <script type="module" crossorigin src="/assets/index-AbCd1234.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

/** The content of `<meta {attribute}="{key}" content="…">`, unescaped as a browser or crawler reads it. */
function metaContent(html: string, key: string): string | null {
  const match = new RegExp(`<meta (?:name|property)="${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}" content="([^"]*)" />`).exec(html);
  return match ? unescape(match[1]) : null;
}

function unescape(text: string): string {
  return text.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

function titleOf(html: string): string | null {
  const all = html.match(/<title>([^<]*)<\/title>/g) ?? [];
  if (all.length !== 1) throw new Error(`expected one <title>, found ${all.length}`);
  return unescape(/<title>([^<]*)<\/title>/.exec(html)![1]);
}

/**
 * Issue 15: an edit's share page. GET /api/images/{id}/share answers its data by D14's rules, and
 * the HTML the server sends for /share/{id} carries the edit's Open Graph and Twitter card tags
 * (link previews run no JavaScript), escaped, and nothing of an edit that is not public.
 */
describe('sharing an edit (/share/{id})', () => {
  let t: TestApp;
  let dist: string;
  let owner: TestUser;
  let stranger: TestUser;
  let admin: TestUser;
  let publicId: string;
  let privateId: string;
  let hiddenId: string;
  let generatedRenditions: Array<{ url: string; width: number; height: number }>;

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'magic-share-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
    fs.writeFileSync(path.join(dist, 'assets', 'edited.jpg'), Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
    t = await createGenerationApp({ env: { FRONTEND_DIST_DIR: dist, PUBLIC_URL, ADMIN_EMAILS: ADMIN_EMAIL } });
    owner = await signedInUser(t, { regular: 10 });
    stranger = await signedInUser(t, { regular: 0 });
    admin = await signedInUser(t, {}, { email: ADMIN_EMAIL });
    const made = (await generate(owner.agent, { image: photoJpeg(), prompt: 'add snow falling' }).expect(200)).body;
    publicId = made.id;
    generatedRenditions = made.generatedRenditions;
    privateId = (await generate(owner.agent, { image: photoJpeg(), prompt: 'make it black and white', share: 'false' }).expect(200)).body.id;
    hiddenId = (await generate(owner.agent, { image: photoJpeg(), prompt: 'make it sepia' }).expect(200)).body.id;
    await sql(t, `UPDATE image SET is_hidden_by_admin = true WHERE id = $1`, [hiddenId]);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const anonymous = () => request(t.http);

  describe('GET /api/images/{id}/share', () => {
    it('gives anyone a public edit: prompt, both images with renditions, laughs, visibility', async () => {
      await sql(t, `UPDATE image SET laugh_count = 4 WHERE id = $1`, [publicId]);
      const res = await anonymous().get(`/api/images/${publicId}/share`).expect(200);
      expect(res.body).toEqual({
        id: publicId,
        prompt: 'add snow falling',
        style: 'realistic',
        timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        laughCount: 4,
        imageUrl: `/api/images/${publicId}`,
        originalUrl: `/api/images/${publicId}/original`,
        originalRenditions: expect.any(Array),
        generatedRenditions,
        visibility: 'public',
        isOwner: false,
        model: 'local-engine',
      });
      expect(res.body.originalRenditions.length).toBeGreaterThan(0);
      expect(res.headers['cache-control']).toBe('private, no-cache');
      expect((await stranger.agent.get(`/api/images/${publicId}/share`).expect(200)).body.isOwner).toBe(false);
      expect((await owner.agent.get(`/api/images/${publicId}/share`).expect(200)).body.isOwner).toBe(true);
    });

    it.each([
      ['private (shared to the community off)', () => privateId, 'private'],
      ['hidden by an admin', () => hiddenId, 'hidden'],
    ])('shows a %s edit to its owner and admins only; anyone else gets the 404 of an unknown id', async (_what, id, visibility) => {
      for (const asker of [anonymous(), stranger.agent]) {
        const res = await asker.get(`/api/images/${id()}/share`).expect(404);
        expect(res.body).toMatchObject({ code: 'IMAGE.NOT_FOUND', message: 'Image not found' });
        expect(JSON.stringify(res.body)).not.toMatch(/black and white|sepia/);
      }
      expect((await owner.agent.get(`/api/images/${id()}/share`).expect(200)).body).toMatchObject({ visibility, isOwner: true });
      expect((await admin.agent.get(`/api/images/${id()}/share`).expect(200)).body).toMatchObject({ visibility, isOwner: false });
    });

    it('answers 404 to everyone, the owner too, for a failed or a deleted edit', async () => {
      const failed = (await generate(owner.agent, { image: photoJpeg(), prompt: 'add snow falling' }).expect(200)).body.id as string;
      await sql(t, `UPDATE image SET status = 'failed' WHERE id = $1`, [failed]);
      const deleted = (await generate(owner.agent, { image: photoJpeg(), prompt: 'make it sepia' }).expect(200)).body.id as string;
      await owner.agent.get(`/api/images/${deleted}/share`).expect(200);
      await sql(t, `DELETE FROM image WHERE id = $1`, [deleted]);
      for (const id of [failed, deleted]) {
        await owner.agent.get(`/api/images/${id}/share`).expect(404);
        await admin.agent.get(`/api/images/${id}/share`).expect(404);
        await anonymous().get(`/api/images/${id}/share`).expect(404);
      }
    });

    it.each(['nope', '1', UNKNOWN_ID, UNKNOWN_ID.slice(0, -1), `${UNKNOWN_ID}0`, "x' OR '1'='1", '../../user'])('answers 404 to the id %j', async (id) => {
      const res = await owner.agent.get(`/api/images/${encodeURIComponent(id)}/share`).expect(404);
      expect(res.body.code).toBe('IMAGE.NOT_FOUND');
    });

    it('follows the owner making an edit public: the share page then opens for everyone', async () => {
      const id = (await generate(owner.agent, { image: photoJpeg(), prompt: 'make it black and white', share: 'false' }).expect(200)).body.id as string;
      await anonymous().get(`/api/images/${id}/share`).expect(404);
      await owner.agent.post(`/api/images/${id}/visibility`).send({ isPublic: true }).expect(200);
      expect((await anonymous().get(`/api/images/${id}/share`).expect(200)).body.visibility).toBe('public');
    });
  });

  describe('the HTML the server sends for /share/{id}', () => {
    const page = (p: string) => anonymous().get(p).set('Accept', 'text/html');

    it("carries the public edit's Open Graph and Twitter card tags, its picture an absolute address that answers", async () => {
      const res = await page(`/share/${publicId}`).expect(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      const html = res.text;
      expect(html).toContain('<div id="root"></div>');
      expect(titleOf(html)).toBe('\u201cadd snow falling\u201d · Magic Editor');
      expect(metaContent(html, 'description')).toContain('\u201cadd snow falling\u201d');
      expect(html).not.toContain('Built default description.');
      expect(metaContent(html, 'og:title')).toBe('\u201cadd snow falling\u201d · Magic Editor');
      expect(metaContent(html, 'og:type')).toBe('article');
      expect(metaContent(html, 'og:url')).toBe(`${PUBLIC_URL}/share/${publicId}`);
      expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
      expect(metaContent(html, 'og:image:alt')).toBe('add snow falling');
      expect(metaContent(html, 'robots')).toBeNull();

      // D31: the largest rendition of the generated image, sized for previews.
      const largest = generatedRenditions.reduce((a, b) => (b.width > a.width ? b : a));
      const image = metaContent(html, 'og:image');
      expect(image).toBe(`${PUBLIC_URL}${largest.url}`);
      expect(metaContent(html, 'twitter:image')).toBe(image);
      expect(metaContent(html, 'og:image:width')).toBe(String(largest.width));
      expect(metaContent(html, 'og:image:type')).toBe('image/webp');
      const fetched = await anonymous().get(new URL(image!).pathname).expect(200);
      expect(fetched.headers['content-type']).toBe('image/webp');
    });

    it('falls back to the generated file when the edit has no renditions yet', async () => {
      const id = (await generate(owner.agent, { image: photoJpeg(), prompt: 'make it sepia' }).expect(200)).body.id as string;
      await sql(t, `UPDATE image SET renditions = NULL WHERE id = $1`, [id]);
      const html = (await page(`/share/${id}`).expect(200)).text;
      expect(metaContent(html, 'og:image')).toBe(`${PUBLIC_URL}/api/images/${id}`);
      expect(metaContent(html, 'og:image:type')).toMatch(/^image\/(jpeg|png|webp)$/);
      await anonymous().get(`/api/images/${id}`).expect(200);
    });

    it('escapes a malicious prompt everywhere it appears', async () => {
      const id = (await generate(owner.agent, { image: photoJpeg(), prompt: 'add snow falling' }).expect(200)).body.id as string;
      await sql(t, `UPDATE image SET prompt = $2 WHERE id = $1`, [id, MALICIOUS]);
      const html = (await page(`/share/${id}`).expect(200)).text;
      expect(html).not.toContain('<script>alert');
      expect(html).not.toContain('<img src=x');
      // No attribute was closed early: `"><` only where the built page itself has it.
      expect(html.split('"><').length).toBe(INDEX_HTML.split('"><').length);
      expect(html).toContain('&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;');
      // Read back as a crawler does, the text is the prompt as written.
      expect(metaContent(html, 'og:image:alt')).toBe(MALICIOUS);
      expect(metaContent(html, 'og:title')).toContain(`><script>alert('x')</script>`);
      // The only scripts are the app's own.
      expect(html.match(/<script/g)).toHaveLength(1);
      // The API gives the prompt as JSON: the page renders it as text.
      expect((await anonymous().get(`/api/images/${id}/share`).expect(200)).body.prompt).toBe(MALICIOUS);
    });

    it.each([
      ['private', () => privateId, 'black and white'],
      ['hidden', () => hiddenId, 'sepia'],
      ['unknown', () => UNKNOWN_ID, null],
      ['malformed', () => 'not-an-id', null],
    ])('sends generic tags and 404 for a %s edit, giving nothing of it away', async (_what, id, prompt) => {
      // With the owner's cookie too: the page's HTML is the same for everyone (no session outside /api).
      for (const asker of [anonymous(), owner.agent]) {
        const res = await asker.get(`/share/${id()}`).set('Accept', 'text/html').expect(404);
        const html = res.text;
        expect(html).toContain('<div id="root"></div>');
        expect(titleOf(html)).toBe('Edit not available · Magic Editor');
        expect(metaContent(html, 'robots')).toBe('noindex');
        expect(metaContent(html, 'og:image')).toBe(`${PUBLIC_URL}/assets/edited.jpg`);
        expect(html).not.toContain(`/api/images/`);
        if (prompt) expect(html).not.toContain(prompt);
      }
    });

    it('sends the HEAD of a share page like its GET, without a body', async () => {
      const res = await anonymous().head(`/share/${publicId}`).set('Accept', 'text/html').expect(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.text ?? '').toBe('');
    });
  });

  describe('title and description of the other pages', () => {
    it.each([
      ['/', 'Magic Editor: edit any photo with one sentence'],
      ['/pricing', 'Pricing · Magic Editor'],
      ['/pricing/', 'Pricing · Magic Editor'],
      ['/leaderboard', 'Hall of Fame · Magic Editor'],
      ['/about', 'About · Magic Editor'],
      ['/contact', 'Contact Us · Magic Editor'],
      ['/privacy', 'Privacy Policy · Magic Editor'],
      ['/terms', 'Terms of Service · Magic Editor'],
      ['/tools/youtube-to-article', 'YouTube to Article · Magic Editor'],
    ])('%s has its own title, description and og:url in the HTML', async (p, title) => {
      const html = (await anonymous().get(p).set('Accept', 'text/html').expect(200)).text;
      expect(titleOf(html)).toBe(title);
      const description = metaContent(html, 'description');
      expect(description!.length).toBeGreaterThan(40);
      expect(description).not.toBe('Built default description.');
      expect(html.match(/name="description"/g)).toHaveLength(1);
      expect(metaContent(html, 'og:title')).toBe(title);
      expect(metaContent(html, 'og:url')).toBe(`${PUBLIC_URL}${p.replace(/\/$/, '') || '/'}`);
    });

    it('gives signed-in and unknown pages the generic title, with no og:url made from the address', async () => {
      for (const p of ['/dashboard', '/no-such-page', '/%22%3E%3Cscript%3E']) {
        // Issue 24: an unknown page is the app all the same, answered 404.
        const html = (await anonymous().get(p).set('Accept', 'text/html').expect(p === '/dashboard' ? 200 : 404)).text;
        expect(titleOf(html)).toBe('Magic Editor');
        expect(metaContent(html, 'og:url')).toBeNull();
        expect(html).not.toContain('<script>');
      }
    });
  });
});
