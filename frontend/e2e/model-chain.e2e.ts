import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signUpThroughApi, subscribeToStarter } from './support/accounts';
import { axeViolations } from './support/axe';
import { useBrowserContexts, watchErrors } from './support/browser';
import { uploadAndChooseEditor } from './support/editor';

const baseUrl = inject('baseUrl');
const outboxDir = inject('outboxDir');
const adminEmail = inject('adminEmail');

const FLUX_2_PRO = 'black-forest-labs/flux-2-pro';
const NANO_BANANA = 'google/nano-banana';
const GENERATION = { timeout: 60_000 };

/** The editor's whole journey for one generation; answers the model that made it (the JSON's `model`). */
async function generateOnce(page: Page): Promise<string> {
  await page.goto(`${baseUrl}/dashboard`);
  await uploadAndChooseEditor(page);
  await page.getByRole('textbox').fill('change the background to a beach at sunset');
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/generate') && r.request().method() === 'POST', GENERATION),
    page.getByRole('button', { name: 'Generate Image' }).click(),
  ]);
  expect(response.status()).toBe(200);
  await page.getByRole('heading', { name: 'Download Results', level: 2 }).waitFor(GENERATION);
  return ((await response.json()) as { model: string }).model;
}

/** "$1,234.5678" or "−$0.04" as a number. */
function money(text: string): number {
  const negative = /^\s*[-−]/.test(text);
  const value = Number(text.replace(/[^0-9.]/g, ''));
  return negative ? -value : value;
}

/**
 * D41 in a real browser, on an app whose chain is FLUX.2 [pro] → Nano Banana → Kontext Pro (a local
 * fake of Replicate speaking each model's schema): the admin reorders the chain and the user's next
 * edit is made by the new first model; Sales Analytics then shows the spend of both models and the
 * margin of the day.
 */
describe('the model chain, steered by the admin', () => {
  const { newContext } = useBrowserContexts();
  let userContext: BrowserContext;
  let userPage: Page;
  let adminContext: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    userContext = await newContext();
    await signUpThroughApi(userContext.request, baseUrl, outboxDir, { verify: true });
    await subscribeToStarter(userContext.request, baseUrl); // today's revenue
    userPage = await userContext.newPage();
    adminContext = await newContext();
    await signUpThroughApi(adminContext.request, baseUrl, outboxDir, { verify: true, email: adminEmail });
    page = await adminContext.newPage();
    errors = watchErrors(page);
  });
  afterAll(() => {
    expect(errors).toEqual([]);
  });

  it('an edit is made by the first model of the chain', async () => {
    expect(await generateOnce(userPage)).toBe(FLUX_2_PRO);
  });

  it('the admin moves Nano Banana to the top of the chain; the next edit is made by it', async () => {
    await page.goto(`${baseUrl}/admin`);
    await page.getByRole('tab', { name: 'System Reliability' }).click();
    const chain = page.getByRole('list', { name: /model chain/i });
    await chain.waitFor();
    const rows = chain.getByRole('listitem');
    await expect.poll(() => rows.count()).toBe(3);
    await expect.poll(async () => (await rows.nth(0).innerText()).includes('In use')).toBe(true);
    expect(await rows.nth(0).innerText()).toContain(FLUX_2_PRO);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Move Nano Banana up' }).click();
    await page.getByText('Model chain reordered').first().waitFor();
    await expect.poll(async () => (await rows.nth(0).innerText()).includes(NANO_BANANA)).toBe(true);
    await expect.poll(async () => (await rows.nth(0).innerText()).includes('In use')).toBe(true);
    expect(await rows.nth(1).innerText()).toContain(FLUX_2_PRO);

    expect(await generateOnce(userPage)).toBe(NANO_BANANA);

    const audit = (await (await adminContext.request.get(`${baseUrl}/api/admin/audit`)).json()) as Array<{ action: string; outcome: string }>;
    expect(audit.slice(0, 1).map((e) => [e.action, e.outcome])).toEqual([['model.reorder', 'succeeded']]);
  });

  it('Sales Analytics shows the spend of both models and the gross margin of the day', async () => {
    await page.getByRole('tab', { name: 'Sales Analytics' }).click();
    const perModel = page.getByRole('table', { name: 'Model spend per model' });
    await perModel.waitFor();
    const modelRows = perModel.locator('tbody tr');
    await expect.poll(() => modelRows.count()).toBe(2);
    const modelText = await perModel.innerText();
    expect(modelText).toContain(FLUX_2_PRO);
    expect(modelText).toContain(NANO_BANANA);

    const perDay = page.getByRole('table', { name: 'Model spend per day' });
    const today = perDay.locator('tbody tr').first();
    const cells = await today.locator('td, th').allInnerTexts();
    // date, generations, spend, revenue, margin
    const [, generations = '', spend = '', revenue = '', margin = ''] = cells;
    expect(Number(generations)).toBe(2);
    expect(money(spend)).toBeGreaterThan(0.039); // Nano Banana's $0.039 plus FLUX.2's per-megapixel price
    expect(money(revenue)).toBeGreaterThan(0);
    // shown to the cent from $1 up: the margin is the revenue less the spend, as rounded for display
    expect(Math.abs(money(margin) - (money(revenue) - money(spend)))).toBeLessThan(0.006);
    expect(await axeViolations(page)).toEqual([]);
  });
});
