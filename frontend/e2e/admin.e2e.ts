import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signUpThroughApi, type TestAccount } from './support/accounts';
import { axeViolations } from './support/axe';
import { useBrowserContexts, watchErrors } from './support/browser';

const baseUrl = inject('baseUrl');
const outboxDir = inject('outboxDir');
const adminEmail = inject('adminEmail');

const ACCESS_DENIED = 'Access Denied - You do not have permission to access this page.';

/** A visitor's 401 from GET /api/user and a non-admin's 403s are expected answers, not errors. */
function unexpected(errors: string[]): string[] {
  return errors.filter((e) => !/\b(401|403)\b|Unauthorized|Forbidden/.test(e));
}

/**
 * One admin journey in steps that run in order on the same two browsers: the user with the editor
 * open in their own browser, and the admin. Each step has the test's own time budget.
 */
describe('the admin dashboard in a real browser', () => {
  const { newContext } = useBrowserContexts();
  let userContext: BrowserContext;
  let userPage: Page;
  let user: TestAccount;
  let adminContext: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    userContext = await newContext();
    user = await signUpThroughApi(userContext.request, baseUrl, outboxDir, { verify: true });
    userPage = await userContext.newPage();
    // The admin: an ADMIN_EMAILS address, verified (D25).
    adminContext = await newContext();
    await signUpThroughApi(adminContext.request, baseUrl, outboxDir, { verify: true, email: adminEmail });
    page = await adminContext.newPage();
    errors = watchErrors(page);
  });
  afterAll(() => {
    expect(unexpected(errors)).toEqual([]);
  });

  it('a non-admin who opens /admin sees Access Denied, and the server refuses the calls (D22)', async () => {
    await userPage.goto(`${baseUrl}/dashboard`);
    await userPage.getByRole('button', { name: 'Account menu' }).waitFor();
    await userPage.goto(`${baseUrl}/admin`);
    await userPage.getByText(ACCESS_DENIED).waitFor();
    expect((await userContext.request.get(`${baseUrl}/api/admin/users`)).status()).toBe(403);
    await userPage.goto(`${baseUrl}/dashboard`);
    await userPage.getByRole('button', { name: 'Account menu' }).waitFor();
  });

  it('an admin finds the user by e-mail and gives them 5 regular credits', async () => {
    await page.goto(`${baseUrl}/admin`);
    await page.getByRole('tab', { name: 'User Management' }).waitFor();
    expect(await page.title()).toContain('Admin Dashboard - Internal Access Only');
    await page.getByRole('heading', { name: /^Users \(\d+\)$/ }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('searchbox', { name: 'Search users' }).fill(user.email);
    await page.getByRole('searchbox', { name: 'Search users' }).press('Enter');
    await page.getByRole('heading', { name: 'Users (1)' }).waitFor();
    const row = page.getByRole('article', { name: user.email });
    await row.waitFor();

    await row.getByRole('button', { name: 'View Details' }).click();
    const dialog = page.getByRole('dialog', { name: 'User Details' });
    await dialog.waitFor();
    await dialog.getByLabel('Credit type').selectOption('regular');
    await dialog.getByLabel('Amount').fill('5');
    await dialog.getByLabel('Reason').selectOption('gift');
    await dialog.getByRole('button', { name: 'Adjust Credits' }).click();
    await page.getByText('Regular credits adjusted successfully').waitFor();
    await dialog.getByRole('region', { name: 'Credit History' }).getByText('+5').first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    const credits = (await (await userContext.request.get(`${baseUrl}/api/user/credits`)).json()) as { regular: number };
    expect(credits.regular).toBe(5);
  });

  it("suspends them: the badge shows, and the user's open tab is signed out at its next call (D21)", async () => {
    const row = page.getByRole('article', { name: user.email });
    await row.getByRole('button', { name: 'Suspend' }).click();
    await page.getByText('User status updated successfully').waitFor();
    await row.getByText('Suspended', { exact: true }).waitFor();
    await row.getByRole('button', { name: 'Unsuspend' }).waitFor();
    await userPage.getByRole('link', { name: 'Members Area' }).first().waitFor({ timeout: 15_000 });
    expect((await userContext.request.get(`${baseUrl}/api/user`)).status()).toBe(401);
  });

  it('overrides the automatic fallback and sees the status change (the local engine has no fallback model, issue 24)', async () => {
    await page.getByRole('tab', { name: 'System Reliability' }).click();
    const status = page.getByRole('region', { name: 'System Status' });
    await status.getByText('Automatic').waitFor();
    expect(await page.getByRole('button', { name: 'Force Fallback On' }).getAttribute('aria-disabled')).toBe('true');
    await page.getByRole('button', { name: 'Force Fallback Off' }).click();
    await page.getByText('Fallback override updated').waitFor();
    await status.getByText('Forced off').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Return to Automatic' }).click();
    await status.getByText('Automatic').waitFor();
  });

  it('draws the other tabs, their figures and forms, without accessibility faults', async () => {
    for (const [tab, shown] of [
      ['Credit Transactions', page.getByText('+5').first()],
      ['Sales Analytics', page.getByText('Revenue per day (last 30 days)').first()],
      ['Platform Stats', page.getByText('Generations per day (last 30 days)').first()],
      ['Moderation', page.getByRole('form', { name: 'Add a whitelist entry' })],
    ] as const) {
      await page.getByRole('tab', { name: tab }).click();
      await shown.waitFor();
      expect([tab, await axeViolations(page)]).toEqual([tab, []]);
    }
  });

  it('has every action in the audit trail, newest first', async () => {
    await page.getByRole('tab', { name: 'Audit Log' }).click();
    await page.getByText(/fallback\.override|Fallback override/i).first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    const audit = (await (await adminContext.request.get(`${baseUrl}/api/admin/audit`)).json()) as Array<{ action: string; outcome: string }>;
    expect(audit.slice(0, 4).map((e) => [e.action, e.outcome])).toEqual([
      ['fallback.override', 'succeeded'],
      ['fallback.override', 'succeeded'],
      ['user.suspend', 'succeeded'],
      ['credits.adjust', 'succeeded'],
    ]);
  });

  it('loads the ledger past its first 50 rows by cursor (D44): every row once', async () => {
    const search = await adminContext.request.get(`${baseUrl}/api/admin/search-users?q=${encodeURIComponent(user.email)}`);
    const [found] = (await search.json()) as Array<{ id: string }>;
    if (!found) throw new Error('the user is not found');
    for (let i = 0; i < 55; i++) {
      const res = await adminContext.request.post(`${baseUrl}/api/admin/users/${found.id}/adjust-credits`, {
        data: { credits: 1, reason: 'gift' },
        headers: { 'Idempotency-Key': `e2e-load-more-${i}` },
      });
      expect(res.status()).toBe(200);
    }
    // This user's rows only: the other browser tests write to the same ledger meanwhile.
    const theirs = await adminContext.request.get(`${baseUrl}/api/admin/transactions?userId=${found.id}&limit=1`);
    const total = Number(theirs.headers()['x-total-count']);
    expect(total).toBeGreaterThan(55);
    expect(total).toBeLessThanOrEqual(100); // two pages

    await page.goto(`${baseUrl}/admin?tab=transactions`);
    await page.getByRole('heading', { name: /^Credit Transactions \(\d+\)$/ }).waitFor();
    await page.getByRole('searchbox', { name: 'User ID' }).fill(found.id);
    await page.getByRole('searchbox', { name: 'User ID' }).press('Enter');
    const heading = `Credit Transactions (${total})`;
    await page.getByRole('heading', { name: heading }).waitFor();
    const rows = page.getByRole('region', { name: heading }).locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(50);
    const byCursor = page.waitForRequest((r) => r.url().includes('/api/admin/transactions?') && new URL(r.url()).searchParams.has('cursor'));
    await page.getByRole('button', { name: 'Load more' }).click();
    await byCursor;
    // The rows shown are distinct (a repeated row is shown once): all of them means none was skipped.
    await expect.poll(() => rows.count()).toBe(total);
    await page.getByRole('button', { name: 'Load more' }).waitFor({ state: 'detached' });
    expect(await axeViolations(page)).toEqual([]);
  });
});
