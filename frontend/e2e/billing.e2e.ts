import * as fs from 'node:fs';
import type { APIRequestContext, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signUpThroughApi } from './support/accounts';
import { editWithChip, PHOTO } from './support/editor';
import { axeViolations } from './support/axe';
import { useBrowserContexts, watchErrors } from './support/browser';

const baseUrl = inject('baseUrl');
const outboxDir = inject('outboxDir');
// A real JPEG the project ships (the editor's example "before" photo, CC0).

/** The local test checkout's cards (D30). */
const PAYING_CARD = '4242 4242 4242 4242';
const DECLINED_CARD = '4000 0000 0000 0002';

/** Spends one credit through the API, as community.e2e.ts makes its edits (not shared). */
async function spendCredit(request: APIRequestContext): Promise<void> {
  const res = await request.post(`${baseUrl}/api/generate`, {
    multipart: {
      image: { name: 'original.jpg', mimeType: 'image/jpeg', buffer: fs.readFileSync(PHOTO) },
      prompt: 'add snow falling',
      style: 'realistic',
      share: 'false',
    },
  });
  if (res.status() !== 200) throw new Error(`generate answered ${res.status()}: ${await res.text()}`);
}

async function balance(request: APIRequestContext): Promise<number> {
  const res = await request.get(`${baseUrl}/api/user/credits`);
  if (!res.ok()) throw new Error(`credits answered ${res.status()}`);
  return ((await res.json()) as { balance: number }).balance;
}


/** Fills the local checkout's card form (any future expiry, any CVC) and presses Pay. */
async function payWithCard(page: Page, cardNumber: string, amount: string): Promise<void> {
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('E2E Tester');
  await page.getByRole('button', { name: `Pay ${amount}` }).click();
}

/** A fact of a page's facts list ("Purchased", "Your balance", "Access until"): its value. */
function fact(scope: Page | Locator, label: string): Locator {
  return scope.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
}

/**
 * Browser errors other than the answers these flows expect: a visitor's 401 from GET /api/user,
 * the 402 of a generation with no credits and of a declined card.
 */
function unexpected(errors: string[]): string[] {
  return errors.filter((e) => !/\b(401|402)\b|Unauthorized|Payment Required/.test(e));
}

describe('billing with the local test checkout in a real browser', () => {
  const { newContext } = useBrowserContexts();

  // One journey in ordered steps on the same page, each in a test's own time budget.
  describe('an out-of-credits user buys 7 credits (a declined card first), then makes a watermark-free edit', () => {
    let context: BrowserContext;
    let page: Page;
    let errors: string[];
    let sessionId: string;

    beforeAll(async () => {
      context = await newContext();
      await signUpThroughApi(context.request, baseUrl, outboxDir, { verify: true });
      // The 2 free watermarked credits, spent.
      await spendCredit(context.request);
      await spendCredit(context.request);
      page = await context.newPage();
      errors = watchErrors(page);
    });
    afterAll(() => {
      expect(unexpected(errors)).toEqual([]);
    });

    it('at 0 credits a generation ends in the Out of Credits question, whose Buy Credits leads to the packs', async () => {
      await page.goto(`${baseUrl}/dashboard`);
      await page.getByRole('link', { name: /^0 credits/ }).waitFor();
      await editWithChip(page, baseUrl, 'make it black and white');
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('heading', { name: "You're out of credits!" }).waitFor();
      await dialog.getByRole('button', { name: 'Buy Credits' }).click();
      await page.waitForURL(`${baseUrl}/pricing`);

      // The Buy Credits tab, the 7-credit pack.
      await page.getByRole('note').getByText('Test mode: checkout uses a test card form').waitFor();
      expect(await axeViolations(page)).toEqual([]); // pricing
      await page.getByRole('tab', { name: 'Buy Credits' }).click();
      const packs = page.getByRole('list', { name: 'Credit packs' });
      await packs.getByRole('button', { name: 'Buy 7 credits' }).click();
      await page.waitForURL(/\/checkout\/local\/[^/?#]+$/);
      sessionId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    });

    it('the local checkout shows its order summary, and a declined card buys nothing', async () => {
      await page.getByText('Test checkout — no real payment is taken').waitFor();
      const summary = page.getByRole('region', { name: 'Order summary' });
      await summary.getByText('7 credits', { exact: true }).first().waitFor();
      await summary.getByText('$5.00').waitFor();
      await payWithCard(page, DECLINED_CARD, '$5.00');
      await page.getByRole('alert').getByText('Your card was declined.').waitFor();
      expect(await axeViolations(page)).toEqual([]); // the local checkout, with its error
      expect(page.url()).toBe(`${baseUrl}/checkout/local/${encodeURIComponent(sessionId)}`);
      expect(await balance(context.request)).toBe(0);
      const open = await context.request.get(`${baseUrl}/api/checkout/sessions/${encodeURIComponent(sessionId)}`);
      expect(await open.json()).toMatchObject({ fulfilled: false });
    });

    it('the paying card: the success page shows the purchase and the new balance', async () => {
      await payWithCard(page, PAYING_CARD, '$5.00');
      await page.waitForURL(`${baseUrl}/checkout/success?session_id=${encodeURIComponent(sessionId)}`);
      await page.getByRole('heading', { name: 'Payment successful' }).waitFor({ timeout: 10_000 });
      expect(await fact(page, 'Purchased').textContent()).toBe('7 credits');
      expect(await fact(page, 'Amount paid').textContent()).toBe('$5.00');
      expect(await fact(page, 'Your balance').textContent()).toBe('7 credits');
      await page.getByRole('link', { name: /^7 credits/ }).waitFor();
    });

    it('a paid credit makes a watermark-free edit and costs one: 7 → 6', async () => {
      await page.getByRole('link', { name: 'Start editing' }).click();
      await page.waitForURL(`${baseUrl}/dashboard`);
      const generated = page.waitForResponse((res) => res.url() === `${baseUrl}/api/generate` && res.request().method() === 'POST', {
        timeout: 20_000,
      });
      await editWithChip(page, baseUrl, 'add snow falling');
      expect(await (await generated).json()).toMatchObject({ watermarked: false });
      await page.getByRole('heading', { name: 'Download Results', level: 2 }).waitFor({ timeout: 20_000 });
      const result = page.getByRole('img', { name: /add snow falling/i }).first();
      await result.waitFor();
      await expect.poll(() => result.evaluate((img) => (img as HTMLImageElement).naturalWidth), { timeout: 10_000 }).toBeGreaterThan(0);
      expect(await page.getByText('made with a free credit').count()).toBe(0);
      expect(await page.getByRole('link', { name: 'Buy credits or a plan to remove watermarks' }).count()).toBe(0);
      await page.getByRole('link', { name: /^6 credits/ }).waitFor({ timeout: 10_000 });
      expect(await balance(context.request)).toBe(6);
    });
  });

  it('a visitor picks Starter, signs in, pays at once, sees the plan on the profile and cancels it', async () => {
    // The account exists and is verified beforehand; the visitor's own context is signed out.
    const account = await signUpThroughApi((await newContext()).request, baseUrl, outboxDir, { verify: true });
    const context = await newContext();
    const page = await context.newPage();
    const errors = watchErrors(page);

    // Subscribe while signed out: Login Required, then /auth.
    await page.goto(`${baseUrl}/pricing`);
    const plans = page.getByRole('list', { name: 'Monthly plans' });
    await plans.getByRole('button', { name: 'Subscribe to Starter' }).click();
    await page.getByText('Login Required').waitFor();
    await page.getByText('Please log in to subscribe to a plan').waitFor();
    await page.waitForURL(`${baseUrl}/auth`);

    // Sign in: the pending plan's checkout starts at once.
    const panel = page.getByRole('tabpanel');
    await panel.getByLabel('Email').fill(account.email);
    await panel.getByLabel('Password', { exact: true }).fill(account.password);
    await panel.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(/\/checkout\/local\/[^/?#]+$/, { timeout: 10_000 });
    const summary = page.getByRole('region', { name: 'Order summary' });
    await summary.getByText('Starter plan').waitFor();
    await summary.getByText('45 credits a month').waitFor();
    await summary.getByText('$19.00').waitFor();
    await summary.getByText(account.email).waitFor();
    expect(await page.evaluate(() => [localStorage.getItem('pendingSubscription'), localStorage.getItem('pendingCreditPack')])).toEqual([
      null,
      null,
    ]);

    await payWithCard(page, PAYING_CARD, '$19.00');
    await page.waitForURL(/\/checkout\/success\?session_id=/);
    await page.getByRole('heading', { name: 'Payment successful' }).waitFor({ timeout: 10_000 });
    expect(await fact(page, 'Purchased').textContent()).toBe('Starter plan: 45 credits a month');
    // The plan's 45 on top of the 2 free credits of the verification.
    expect(await fact(page, 'Your balance').textContent()).toBe('47 credits');
    await page.getByRole('link', { name: /^47 credits/ }).waitFor();

    // The profile's billing card: Starter, $19.00/month, active.
    await page.getByRole('link', { name: 'View billing' }).click();
    await page.waitForURL(`${baseUrl}/profile`);
    const card = page.getByRole('region', { name: 'Billing & Subscription' });
    const current = card.getByRole('region', { name: 'Current subscription' });
    await current.getByText('Active', { exact: true }).waitFor();
    await current.getByText('Starter', { exact: true }).waitFor();
    await current.getByText('$19.00/month').waitFor();
    await current.getByText('Next billing date').waitFor();
    expect(await axeViolations(page)).toEqual([]); // profile with the billing card

    // Cancel: the e-mail typed, the box ticked, confirmed.
    await card.getByRole('button', { name: 'Cancel Subscription' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel Subscription' });
    const confirm = dialog.getByRole('button', { name: 'Cancel Subscription' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Type your e-mail to confirm').fill(account.email);
    await dialog.getByLabel(/I understand that my subscription will end/).check();
    expect(await confirm.isEnabled()).toBe(true);
    await confirm.click();

    await page.getByText('Subscription Cancelled').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await current.getByRole('heading', { name: 'Subscription Ending' }).waitFor();
    const until = await fact(current, 'Access until').textContent();
    expect(until).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    await current.getByText(`Your subscription will end on ${until}. You'll retain access until then.`).waitFor();
    expect(await card.getByRole('button', { name: 'Cancel Subscription' }).count()).toBe(0);
    const billing = await (await context.request.get(`${baseUrl}/api/user/billing`)).json();
    expect(billing.subscription).toMatchObject({ tier: 'starter', status: 'active', cancelAtPeriodEnd: true });

    expect(unexpected(errors)).toEqual([]);
  });
});
