import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { signUpThroughApi, subscribeToStarter } from './support/accounts';
import { axeViolations } from './support/axe';
import { expectLoaded, useBrowserContexts, watchErrors } from './support/browser';
import { openPromptStep, PHOTO } from './support/editor';

const baseUrl = inject('baseUrl');
const outboxDir = inject('outboxDir');
const adminEmail = inject('adminEmail');
const PHOTO_BYTES = fs.readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'public', 'assets', 'original.jpg'));

let counter = 0;
/** A prompt the local engine understands ("snow falling"), findable by the rest. */
function uniquePrompt(word: string): string {
  counter += 1;
  return `add snow falling ${word} ${Date.now().toString(36)}${counter}`;
}

async function generatePublic(request: APIRequestContext, prompt: string, image: Buffer = PHOTO_BYTES): Promise<string> {
  const res = await request.post(`${baseUrl}/api/generate`, {
    multipart: { image: { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: image }, prompt, style: 'realistic', share: 'true' },
  });
  if (res.status() !== 200) throw new Error(`generate answered ${res.status()}: ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

/** Expected answers, not errors: a visitor's 401 from GET /api/user, the refused upload's 422. */
function unexpected(errors: string[]): string[] {
  return errors.filter((e) => !/\b(401|422)\b|Unauthorized|Unprocessable/.test(e));
}

/** The "AI-edited" label inside `scope`: shown, and within the page's width. */
async function expectLabel(page: Page, scope: Locator, where: string): Promise<void> {
  const label = scope.getByText('AI-edited', { exact: true }).first();
  await label.waitFor({ timeout: 15_000 });
  const box = await label.boundingBox();
  const width = page.viewportSize()!.width;
  expect([where, box !== null && box.width > 0 && box.x >= 0 && box.x + box.width <= width]).toEqual([where, true]);
}

/**
 * D43 in a real browser, on a server of its own (a takedown blocks the photo the other files
 * edit): a visitor reports an edit from the landing page, the admin takes it down from the
 * Reports tab, the page no longer shows it, and the same photo is refused. And D42's label on
 * every surface that lists or shows an edit, at 1280 and 360 px.
 */
describe('reports, takedown and the AI-edited label in a real browser', () => {
  const { newContext } = useBrowserContexts();

  it('the "AI-edited" label on the result step, the landing card, the community edits, the Hall of Fame, My Edits and the share page, at 1280 and 360 px', { timeout: 120_000 }, async () => {
    const api = await newContext();
    await signUpThroughApi(api.request, baseUrl, outboxDir, { verify: true });
    await subscribeToStarter(api.request, baseUrl);
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 360, height: 740 },
    ]) {
      const context = await newContext({ viewport, storageState: await api.storageState() });
      const page = await context.newPage();
      const errors = watchErrors(page);

      // The result step, saved to My Edits.
      await openPromptStep(page, baseUrl);
      await page.getByRole('textbox').fill('add snow falling');
      await page.getByRole('button', { name: 'Generate Image' }).click();
      const step = page.getByRole('region', { name: 'Download Results' });
      await step.waitFor({ timeout: 30_000 });
      await expectLabel(page, step, `result step at ${viewport.width}`);
      await page.getByRole('button', { name: 'Save to My Edits' }).click();
      await page.getByText('Saved to My Edits!').waitFor();

      // A public edit of its own, laughed at, for the lists.
      const prompt = uniquePrompt('label');
      const id = await generatePublic(api.request, prompt);
      const laugh = await api.request.post(`${baseUrl}/api/images/${id}/add-laugh`, { data: { userIdentifier: `e2e_label_${viewport.width}` } });
      expect(laugh.status()).toBe(200);

      await page.goto(`${baseUrl}/`);
      const live = page.getByRole('article', { name: 'Latest community edit' });
      await live.getByText(`“${prompt}”`).waitFor({ timeout: 10_000 });
      await expectLabel(page, live, `landing card at ${viewport.width}`);

      await page.goto(`${baseUrl}/dashboard#community`);
      const feedCard = page.getByRole('region', { name: 'Recent Community Edits' }).getByRole('article', { name: prompt });
      await feedCard.waitFor({ timeout: 10_000 });
      await expectLabel(page, feedCard, `community edits at ${viewport.width}`);

      await page.goto(`${baseUrl}/leaderboard`);
      const entry = page.getByRole('list', { name: 'Most laughed-at edits' }).getByRole('listitem').filter({ hasText: prompt });
      await entry.waitFor({ timeout: 10_000 });
      await expectLabel(page, entry, `Hall of Fame at ${viewport.width}`);

      await page.goto(`${baseUrl}/my-edits`);
      const saved = page.getByRole('article').filter({ hasText: 'add snow falling' }).first();
      await saved.waitFor();
      await expectLabel(page, saved, `My Edits at ${viewport.width}`);

      await page.goto(`${baseUrl}/share/${id}`);
      await page.getByRole('heading', { name: 'Content Credentials' }).waitFor();
      await expectLabel(page, page.locator('main'), `share page at ${viewport.width}`);
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

      expect(unexpected(errors)).toEqual([]);
      await context.close();
    }
  });

  it('a visitor reports an edit from the landing page; the admin takes it down; it is gone and its photo refused', { timeout: 120_000 }, async () => {
    // The owner: verified, 2 watermarked credits (D1); one public edit of the photo.
    const ownerContext = await newContext();
    await signUpThroughApi(ownerContext.request, baseUrl, outboxDir, { verify: true });
    const prompt = uniquePrompt('report me');
    await generatePublic(ownerContext.request, prompt);

    // A visitor (no account) on the landing page: Report on the latest edit.
    const visitorContext = await newContext();
    const visitor = await visitorContext.newPage();
    const visitorErrors = watchErrors(visitor);
    await visitor.goto(`${baseUrl}/`);
    const card = visitor.getByRole('article', { name: 'Latest community edit' });
    await card.getByText(`“${prompt}”`).waitFor({ timeout: 10_000 });
    await expectLoaded(card);
    await card.getByRole('button', { name: 'Report image' }).click();
    const dialog = visitor.getByRole('dialog', { name: 'Report this image' });
    await dialog.waitFor();
    expect(await axeViolations(visitor)).toEqual([]);
    await dialog.getByRole('radio', { name: 'Impersonation or deepfake of me' }).check();
    await dialog.getByLabel('Details (optional)').fill('This is my face, I never agreed to this.');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await visitor.getByText(/We'll review this image within 48 hours/).first().waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // The admin's Reports tab: the image with its deadline; Take down with a reason.
    const adminContext = await newContext();
    await signUpThroughApi(adminContext.request, baseUrl, outboxDir, { verify: true, email: adminEmail });
    const admin = await adminContext.newPage();
    const adminErrors = watchErrors(admin);
    await admin.goto(`${baseUrl}/admin?tab=reports`);
    const reported = admin.getByRole('article', { name: prompt });
    await reported.waitFor({ timeout: 10_000 });
    await reported.getByText(/Due in 4[78] h/).waitFor();
    await reported.getByText('Impersonation or deepfake of me', { exact: false }).first().waitFor();
    await reported.getByText('This is my face, I never agreed to this.').waitFor();
    expect(await axeViolations(admin)).toEqual([]);
    await reported.getByRole('button', { name: 'Take down' }).click();
    const confirm = admin.getByRole('dialog', { name: 'Take down this image?' });
    await confirm.waitFor();
    await confirm.getByLabel('Reason').fill('Impersonation confirmed by the reporter');
    expect(await axeViolations(admin)).toEqual([]);
    await confirm.getByRole('button', { name: 'Take down' }).click();
    await admin.getByText(/Image taken down: \d+ images? removed\./).waitFor();
    await reported.waitFor({ state: 'detached' });

    // The landing page no longer shows it.
    await visitor.reload();
    await card.waitFor();
    await card.locator('[aria-busy="true"]').waitFor({ state: 'detached' });
    expect(await card.getByText(`“${prompt}”`).count()).toBe(0);

    // The owner tries the same photo again: refused, no credit spent.
    const before = (await (await ownerContext.request.get(`${baseUrl}/api/user/credits`)).json()) as unknown;
    const owner = await ownerContext.newPage();
    const ownerErrors = watchErrors(owner);
    await openPromptStep(owner, baseUrl, PHOTO);
    await owner.getByRole('textbox').fill('make it black and white');
    await owner.getByRole('button', { name: 'Generate Image' }).click();
    await owner.getByText("This image can't be used.").first().waitFor({ timeout: 20_000 });
    expect(await (await ownerContext.request.get(`${baseUrl}/api/user/credits`)).json()).toEqual(before);

    expect(unexpected(visitorErrors)).toEqual([]);
    expect(unexpected(adminErrors)).toEqual([]);
    expect(unexpected(ownerErrors)).toEqual([]);
  });
});
