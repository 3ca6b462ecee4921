import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { signUpThroughApi } from './support/accounts';
import { useBrowserContexts, watchErrors } from './support/browser';

const baseUrl = inject('baseUrl');
const outboxDir = inject('outboxDir');
// A real JPEG the project ships (the editor's example "before" photo, CC0).
const PHOTO = fs.readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'public', 'assets', 'original.jpg'));

const SIGNED_IN_HINT = 'magic.signed_in';

/**
 * What a page did wrong while it loaded and settled: console errors (a failed request logs one, as
 * does a CSP violation), uncaught errors, answers of 400 or more and requests that failed outright.
 */
function watchPage(page: Page): { problems: () => string[]; userCalls: () => number } {
  const errors = watchErrors(page);
  const failed: string[] = [];
  let userCalls = 0;
  page.on('response', (res) => {
    if (res.status() >= 400) failed.push(`${res.status()} ${res.request().method()} ${res.url()}`);
  });
  page.on('requestfailed', (req) => {
    // A navigation cancels the loads still under way (pictures of the page left): not a failure.
    const reason = req.failure()?.errorText ?? '';
    if (reason !== 'net::ERR_ABORTED') failed.push(`failed ${req.method()} ${req.url()}: ${reason}`);
  });
  page.on('request', (req) => {
    if (new URL(req.url()).pathname === '/api/user') userCalls += 1;
  });
  return { problems: () => [...errors, ...failed], userCalls: () => userCalls };
}

/** Opens `path` and waits until the page shows its heading and the network has settled. */
async function visit(page: Page, pagePath: string): Promise<void> {
  const res = await page.goto(`${baseUrl}${pagePath}`, { waitUntil: 'networkidle' });
  expect([pagePath, res?.status()]).toEqual([pagePath, 200]);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
}

/**
 * Issue 24: an anonymous visitor's pages make no request that fails (Lighthouse Best Practices
 * counted the 401 of GET /api/user on every page as a console error), while the app still knows a
 * signed-in user after a reload and forgets them after signing out.
 */
describe('an anonymous visitor in a real browser', () => {
  const { newContext } = useBrowserContexts();
  let shareId: string;

  beforeAll(async () => {
    // A public edit for its share page, made by someone else in a context of their own.
    const maker = await newContext();
    await signUpThroughApi(maker.request, baseUrl, outboxDir, { verify: true });
    const res = await maker.request.post(`${baseUrl}/api/generate`, {
      multipart: { image: { name: 'original.jpg', mimeType: 'image/jpeg', buffer: PHOTO }, prompt: 'add snow falling', style: 'realistic', share: 'true' },
    });
    if (res.status() !== 200) throw new Error(`generate answered ${res.status()}: ${await res.text()}`);
    shareId = ((await res.json()) as { id: string }).id;
  });

  it.each([
    '/',
    '/sales',
    '/pricing',
    '/leaderboard',
    '/about',
    '/contact',
    '/privacy',
    '/terms',
    '<share>',
    '/tools/youtube-to-article',
    '/tools/photoshop-ai',
    '/tools/photo-editor',
    '/brains/youtube-script-gen',
    '/auth',
  ])('%s logs no console error and gets no failed answer', async (pagePath) => {
    const page = await (await newContext()).newPage();
    const watch = watchPage(page);
    await visit(page, pagePath === '<share>' ? `/share/${shareId}` : pagePath);
    expect(watch.problems()).toEqual([]);
    // Nobody is signed in, so nobody is asked for.
    expect(watch.userCalls()).toBe(0);
  });

  it('is still known after a reload once signed in, and forgotten after signing out, with no failed request', async () => {
    const context: BrowserContext = await newContext();
    const account = await signUpThroughApi(context.request, baseUrl, outboxDir, { verify: false });
    await context.clearCookies();

    const page = await context.newPage();
    const watch = watchPage(page);
    await visit(page, '/auth');
    const panel = page.getByRole('tabpanel');
    await panel.getByLabel('Email').fill(account.email);
    await panel.getByLabel('Password', { exact: true }).fill(account.password);
    await panel.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${baseUrl}/dashboard`);
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    // The hint the page reads, next to the session cookie it cannot.
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === SIGNED_IN_HINT)).toMatchObject({ value: '1', httpOnly: false, sameSite: 'Lax', path: '/' });
    expect(cookies.find((c) => c.name === 'magic.sid')).toMatchObject({ httpOnly: true });
    expect(await page.evaluate(() => document.cookie)).toBe(`${SIGNED_IN_HINT}=1`);

    // A reload asks who is signed in, and still knows.
    const callsBefore = watch.userCalls();
    await page.reload({ waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    expect(watch.userCalls()).toBeGreaterThan(callsBefore);
    expect(watch.problems()).toEqual([]);

    // Sign out: both cookies go.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.getByText('You have been successfully logged out').waitFor();
    expect((await context.cookies()).map((c) => c.name).filter((n) => n === SIGNED_IN_HINT || n === 'magic.sid')).toEqual([]);

    // Loaded again, the app neither asks who is signed in nor knows them, and nothing fails.
    const after = await context.newPage();
    const afterWatch = watchPage(after);
    await visit(after, '/pricing');
    await after.getByRole('navigation', { name: 'Primary' }).getByRole('link', { name: 'Members Area' }).waitFor();
    expect(await after.getByRole('button', { name: 'Account menu' }).count()).toBe(0);
    expect(afterWatch.userCalls()).toBe(0);
    expect(afterWatch.problems()).toEqual([]);
  });

  it('keeps a session made before the hint existed: the first page load gives it the hint', async () => {
    const context = await newContext();
    await signUpThroughApi(context.request, baseUrl, outboxDir, { verify: false });
    // As a browser signed in before issue 24: the session cookie, no hint.
    await context.clearCookies({ name: SIGNED_IN_HINT });
    expect((await context.cookies()).map((c) => c.name)).toEqual(['magic.sid']);

    const page = await context.newPage();
    const watch = watchPage(page);
    await page.goto(`${baseUrl}/dashboard`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    expect((await context.cookies()).find((c) => c.name === SIGNED_IN_HINT)?.value).toBe('1');
    expect(watch.problems()).toEqual([]);
  });
});
