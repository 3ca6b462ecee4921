import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Locator } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { signUpThroughApi } from './support/accounts';
import { expectLoaded, useBrowserContexts, watchErrors } from './support/browser';

const baseUrl = inject('baseUrl');
const outboxDir = inject('outboxDir');
// A real JPEG the project ships (the editor's example "before" photo, CC0).
const PHOTO = fs.readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'public', 'assets', 'original.jpg'));

let counter = 0;
function uniquePrompt(): string {
  counter += 1;
  // The local engine reads "snow falling" from it; the rest makes the prompt findable.
  return `add snow falling take ${Date.now().toString(36)}${counter}`;
}

/** POST /api/generate as the signed-in user of `request`: a public, realistic edit of the photo. */
async function generatePublic(request: APIRequestContext, prompt: string): Promise<string> {
  const res = await request.post(`${baseUrl}/api/generate`, {
    multipart: {
      image: { name: 'original.jpg', mimeType: 'image/jpeg', buffer: PHOTO },
      prompt,
      style: 'realistic',
      share: 'true',
    },
  });
  if (res.status() !== 200) throw new Error(`generate answered ${res.status()}: ${await res.text()}`);
  const { id } = (await res.json()) as { id: string };
  return id;
}

async function laughAs(request: APIRequestContext, imageId: string, userIdentifier: string): Promise<void> {
  const res = await request.post(`${baseUrl}/api/images/${imageId}/add-laugh`, { data: { userIdentifier } });
  if (res.status() !== 200) throw new Error(`add-laugh answered ${res.status()}: ${await res.text()}`);
}

async function pressed(button: Locator): Promise<string | null> {
  return button.getAttribute('aria-pressed');
}

/** Browser errors other than the visitor's expected 401 from GET /api/user. */
function unexpected(errors: string[]): string[] {
  return errors.filter((e) => !/401|Unauthorized/.test(e));
}

describe('the community in a real browser', () => {
  const { newContext } = useBrowserContexts();

  it('a visitor sees another user\'s new public edit arrive live on the landing page, and laughs at it', async () => {
    const visitorContext = await newContext();
    const visitor = await visitorContext.newPage();
    const errors = watchErrors(visitor);
    await visitor.goto(`${baseUrl}/`);
    const card = visitor.getByRole('article', { name: 'Latest community edit' });
    await card.waitFor();
    // The live connection is open (000 §4) and the feed has answered (an edit or the empty text).
    await card.locator('[data-state="open"]').waitFor();
    await card.locator('[aria-busy="true"]').waitFor({ state: 'detached' });

    // From now on the feed keeps giving its first answer: only the live connection can bring
    // the new edit.
    let feedCalls = 0;
    const firstFeed = await visitorContext.request.get(`${baseUrl}/api/community/recent?limit=1`);
    const snapshot = await firstFeed.body();
    await visitor.route('**/api/community/recent*', (route) => {
      feedCalls += 1;
      return route.fulfill({ status: 200, contentType: 'application/json', body: snapshot });
    });

    // Another user, signed up and verified (2 watermarked credits), shares a new edit.
    const creator = await newContext();
    await signUpThroughApi(creator.request, baseUrl, outboxDir, { verify: true });
    const prompt = uniquePrompt();
    const id = await generatePublic(creator.request, prompt);

    await card.getByText(`“${prompt}”`).waitFor({ timeout: 10_000 });
    const edited = card.getByRole('img', { name: `AI-edited: ${prompt}`, exact: true });
    await expect.poll(() => edited.evaluate((img) => (img as HTMLImageElement).naturalWidth), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await card.getByRole('link', { name: new RegExp(`^AI-edited: ${prompt}`) }).getAttribute('href')).toBe(`/api/images/${id}`);
    expect(await card.getByRole('link', { name: /^Original photo/ }).getAttribute('href')).toBe(`/api/images/${id}/original`);
    const laugh = card.getByRole('button', { name: /^Laugh, / });
    expect(await laugh.getAttribute('aria-label')).toBe('Laugh, 0 laughs');
    expect(await pressed(laugh)).toBe('false');

    // The visitor (no account) laughs: the count becomes 1 once the server agrees.
    await laugh.click();
    await card.getByRole('button', { name: 'Laugh, 1 laugh' }).waitFor();
    expect(await pressed(laugh)).toBe('true');
    const userIdentifier = await visitor.evaluate(() => localStorage.getItem('userIdentifier'));
    expect(userIdentifier).toMatch(/^anon_\d+_[a-z0-9]+$/);
    const check = await visitorContext.request.get(`${baseUrl}/api/images/${id}/has-laughed?userIdentifier=${userIdentifier}`);
    expect(await check.json()).toEqual({ hasLaughed: true });
    expect(feedCalls).toBeLessThanOrEqual(1);

    // After a reload (no memory left) the card asks has-laughed: still laughed.
    await visitor.unroute('**/api/community/recent*');
    await visitor.reload();
    await card.getByText(`“${prompt}”`).waitFor();
    await card.getByRole('button', { name: 'Laugh, 1 laugh', pressed: true }).waitFor();

    expect(unexpected(errors)).toEqual([]);
  });

  it('the Hall of Fame ranks laughed-at edits with badges, and Load More appends the next page', { timeout: 120_000 }, async () => {
    // Twelve more public edits from six verified users (2 free credits each), then laughs from
    // made-up visitors: the first gets 3, the second 2, the others 1 (60 laughs/min/IP is plenty).
    const api = (await newContext()).request;
    const edits: Array<{ id: string; prompt: string }> = [];
    for (let user = 0; user < 6; user += 1) {
      const creator = await newContext();
      await signUpThroughApi(creator.request, baseUrl, outboxDir, { verify: true });
      for (let n = 0; n < 2; n += 1) {
        const prompt = uniquePrompt();
        edits.push({ id: await generatePublic(creator.request, prompt), prompt });
      }
    }
    const [gold, silver] = edits;
    const stamp = Date.now().toString(36);
    for (const [index, edit] of edits.entries()) {
      const laughs = index === 0 ? 3 : index === 1 ? 2 : 1;
      for (let n = 0; n < laughs; n += 1) await laughAs(api, edit.id, `e2e_fan_${stamp}_${n}`);
    }

    const context = await newContext();
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${baseUrl}/leaderboard`);
    await page.getByRole('heading', { name: 'Hall of Fame', level: 1 }).waitFor();
    const board = page.getByRole('list', { name: 'Most laughed-at edits' });
    await board.waitFor();
    const entries = board.getByRole('listitem');

    // Ranks 1-3 carry their badges; the two most laughed-at edits lead.
    await expect.poll(() => entries.count()).toBe(10);
    const first = entries.nth(0);
    await first.getByText('Champion').waitFor();
    await entries.nth(1).getByText('Runner-up').waitFor();
    await entries.nth(2).getByText('Third Place').waitFor();
    expect(await entries.nth(3).getByText(/Champion|Runner-up|Third Place/).count()).toBe(0);
    expect(await first.getByRole('article').getAttribute('aria-label')).toBe(gold!.prompt);
    expect(await entries.nth(1).getByRole('article').getAttribute('aria-label')).toBe(silver!.prompt);
    await first.getByRole('button', { name: 'Laugh, 3 laughs' }).waitFor();
    expect(await first.getByRole('img').count()).toBe(2);
    expect(await page.getByRole('link', { name: 'Create Your Own Viral Edit' }).getAttribute('href')).toBe('/dashboard');

    // 13 laughed-at edits on this file's own server (12 here, 1 from the live-feed test above), or 12
    // when this test runs alone: page 2 is short.
    await page.getByRole('button', { name: 'Load More' }).click();
    await expect.poll(() => entries.count()).toBeGreaterThan(10);
    const total = await entries.count();
    expect(total).toBeGreaterThanOrEqual(12);
    expect(total).toBeLessThan(20);
    await page.getByRole('button', { name: 'Load More' }).waitFor({ state: 'detached' });
    expect(await entries.nth(10).textContent()).toContain('#11');

    // A laugh here counts at once (optimistic) and survives the refetch that follows it.
    const goldLaugh = first.getByRole('button', { name: /^Laugh, / });
    await goldLaugh.click();
    await first.getByRole('button', { name: 'Laugh, 4 laughs', pressed: true }).waitFor();
    await page.waitForResponse((res) => res.url().includes('/api/leaderboard?page=') && res.ok());
    await first.getByRole('button', { name: 'Laugh, 4 laughs', pressed: true }).waitFor();
    expect(await entries.count()).toBe(total);

    expect(unexpected(errors)).toEqual([]);
  });

  // The landing page's card shows the whole site's newest edit: this file has the site to itself.
  it('shows community images whole, a quoted prompt with its quotes once, and one current nav link at /dashboard#community', async () => {
    const creator = await newContext();
    await signUpThroughApi(creator.request, baseUrl, outboxDir, { verify: true });
    const caption = `Hi ${Date.now().toString(36)}`;
    const prompt = `add the caption "${caption}"`;
    await generatePublic(creator.request, prompt);
    const shown = `“add the caption ‘${caption}’”`;

    // The landing page's live card.
    const visitor = await (await newContext()).newPage();
    await visitor.goto(`${baseUrl}/`);
    const card = visitor.getByRole('article', { name: 'Latest community edit' });
    await card.getByText(shown, { exact: true }).waitFor({ timeout: 10_000 });
    await expectLoaded(card);
    expect(await card.locator('img').evaluateAll((all) => all.map((img) => getComputedStyle(img).objectFit))).toEqual(['contain', 'contain']);

    // The editor's Recent Community Edits, reached through the top bar's Community Edits link.
    const page = await creator.newPage();
    await page.goto(`${baseUrl}/dashboard#community`);
    const feed = page.getByRole('region', { name: 'Recent Community Edits' });
    const article = feed.getByRole('article', { name: prompt });
    await article.getByText(shown, { exact: true }).waitFor({ timeout: 10_000 });
    expect(await article.locator('img').evaluateAll((all) => all.map((img) => getComputedStyle(img).objectFit))).toEqual(['contain', 'contain']);
    expect(await article.textContent()).not.toMatch(/["“”]{2}/);

    const nav = page.getByRole('navigation', { name: 'Primary' });
    expect(await nav.locator('[aria-current]').allInnerTexts()).toEqual(['Community Edits']);
    await nav.getByRole('link', { name: 'Magic Editor' }).click();
    await page.waitForURL(`${baseUrl}/dashboard`);
    // The address changes before React draws the nav for it: the check waits for the redraw.
    await expect.poll(() => nav.locator('[aria-current]').allInnerTexts(), { timeout: 5_000 }).toEqual(['Magic Editor']);
  });
});
