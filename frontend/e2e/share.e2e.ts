import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { signUpThroughApi } from './support/accounts';
import { axeViolations } from './support/axe';
import { useBrowserContexts, watchErrors } from './support/browser';
import { openPromptStep } from './support/editor';

const baseUrl = inject('baseUrl');
const outboxDir = inject('outboxDir');

const PHONE = { width: 360, height: 740 };
const SHARE_LINK = new RegExp(`^${baseUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/share/[0-9a-f-]{36}$`);

/** The content of a `<meta name|property="key" content="…">` in raw HTML, unescaped. */
function metaContent(html: string, key: string): string | null {
  const match = new RegExp(`<meta (?:name|property)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`).exec(html);
  if (!match) return null;
  return match[1]!.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

/** A verified user (2 free credits) whose page may read the clipboard. */
async function signedInPage(context: BrowserContext): Promise<Page> {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
  await signUpThroughApi(context.request, baseUrl, outboxDir, { verify: true });
  return context.newPage();
}

/** Steps 1-3 of the editor with a chip, Share to community as asked, then Generate and wait for the result. */
async function makeEdit(page: Page, chip: string, { share }: { share: boolean }): Promise<void> {
  await openPromptStep(page, baseUrl);
  await page.getByRole('button', { name: chip }).click();
  const toggle = page.getByRole('switch', { name: 'Share to community' });
  if ((await toggle.isChecked()) !== share) await page.getByText('Share to community', { exact: true }).click();
  expect(await toggle.isChecked()).toBe(share);
  await page.getByRole('button', { name: 'Generate Image' }).click();
  await page.getByRole('heading', { name: 'Download Results', level: 2 }).waitFor({ timeout: 30_000 });
}

/** Share, then the link the page put on the clipboard once it says so. */
async function copiedLink(page: Page): Promise<string> {
  await page.getByText('Link copied to clipboard').waitFor({ timeout: 10_000 });
  return page.evaluate(() => navigator.clipboard.readText());
}

describe('sharing an edit in a real browser (issue 15)', () => {
  const { newContext } = useBrowserContexts();

  it("Share on a public edit copies its /share/{id} link; the page shows the edit to a visitor, unfurls with og:image, and passes axe", async () => {
    const page = await signedInPage(await newContext());
    await makeEdit(page, 'add snow falling', { share: true });

    await page.getByRole('button', { name: 'Share' }).click();
    const link = await copiedLink(page);
    expect(link).toMatch(SHARE_LINK);
    expect(await page.getByRole('dialog').count()).toBe(0);

    // What a chat app's link preview reads: the HTML as the server sends it, no JavaScript run.
    const res = await fetch(link, { headers: { Accept: 'text/html' } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(metaContent(html, 'og:title')).toBe('\u201cadd snow falling\u201d · Magic Editor');
    expect(metaContent(html, 'og:url')).toBe(link);
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
    const image = metaContent(html, 'og:image');
    expect(image).toMatch(new RegExp(`^${baseUrl}/api/images/`));
    const picture = await fetch(image!);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toMatch(/^image\//);

    // A visitor, signed out, opens the link.
    const visitor = await (await newContext()).newPage();
    const errors = watchErrors(visitor);
    await visitor.goto(link);
    await visitor.getByRole('heading', { level: 1, name: '\u201cadd snow falling\u201d' }).waitFor();
    for (const name of ['The photo before the edit', 'AI-edited: add snow falling']) {
      const img = visitor.getByRole('img', { name, exact: true });
      await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth), { timeout: 10_000 }).toBeGreaterThan(0);
    }
    expect(await visitor.title()).toBe('\u201cadd snow falling\u201d · Magic Editor');
    const laugh = visitor.getByRole('button', { name: 'Laugh, 0 laughs' });
    await laugh.click();
    await visitor.getByRole('button', { name: 'Laugh, 1 laugh' }).waitFor();
    expect(await visitor.getByRole('button', { name: 'Laugh, 1 laugh' }).getAttribute('aria-pressed')).toBe('true');
    expect(await axeViolations(visitor)).toEqual([]);

    await visitor.getByRole('button', { name: 'Make your own' }).click();
    await visitor.getByRole('dialog', { name: 'Create your free account' }).waitFor();
    // The visitor's only failed request is the signed-out GET /api/user (401).
    expect(errors.filter((e) => !/401|Unauthorized/.test(e))).toEqual([]);
  }, 90_000);

  it('sharing a private edit asks first; made public, its link opens for anyone', async () => {
    const page = await signedInPage(await newContext());
    await makeEdit(page, 'make it black and white', { share: false });

    await page.getByRole('button', { name: 'Share' }).click();
    const dialog = page.getByRole('dialog', { name: 'Make this edit public?' });
    await dialog.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    const id = /\/api\/images\/([0-9a-f-]{36})/.exec((await page.getByRole('link', { name: 'Download' }).getAttribute('href')) ?? '')?.[1];
    expect(id).toBeDefined();
    // Still private: anyone else gets the generic, not-available page.
    const before = await fetch(`${baseUrl}/share/${id}`, { headers: { Accept: 'text/html' } });
    expect(before.status).toBe(404);
    const privateHtml = await before.text();
    expect(privateHtml).not.toContain('black and white');
    expect(metaContent(privateHtml, 'og:title')).toBe('Edit not available · Magic Editor');

    await dialog.getByRole('button', { name: 'Make public and share' }).click();
    const link = await copiedLink(page);
    expect(link).toBe(`${baseUrl}/share/${id}`);

    const visitor = await (await newContext()).newPage();
    await visitor.goto(link);
    await visitor.getByRole('heading', { level: 1, name: '\u201cmake it black and white\u201d' }).waitFor();
    expect(metaContent(await (await fetch(link, { headers: { Accept: 'text/html' } })).text(), 'og:image')).toMatch(/^http/);
  }, 90_000);

  it('an unknown edit says it is not available, and passes axe', async () => {
    const visitor = await (await newContext()).newPage();
    await visitor.goto(`${baseUrl}/share/0b6c7f64-4b36-4f2c-9a1e-1f5e0f2a9c11`);
    await visitor.getByRole('heading', { level: 1, name: 'This edit is not available' }).waitFor();
    expect(await visitor.title()).toBe('Edit not available · Magic Editor');
    expect(await axeViolations(visitor)).toEqual([]);
  }, 30_000);

  it('at 360 px the share page does not scroll sideways, and its images stack', async () => {
    const owner = await signedInPage(await newContext());
    await makeEdit(owner, 'add snow falling', { share: true });
    await owner.getByRole('button', { name: 'Share' }).click();
    const link = await copiedLink(owner);

    const phone = await (await newContext({ viewport: PHONE, isMobile: true, hasTouch: true })).newPage();
    await phone.goto(link);
    await phone.getByRole('heading', { level: 1 }).waitFor();
    await phone.waitForLoadState('networkidle');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    const before = await phone.getByRole('img', { name: 'The photo before the edit' }).boundingBox();
    const after = await phone.getByRole('img', { name: 'AI-edited: add snow falling', exact: true }).boundingBox();
    expect(after!.y).toBeGreaterThan(before!.y + before!.height - 1);
    expect(await axeViolations(phone)).toEqual([]);
  }, 90_000);
});
