import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, watchErrors } from './support/browser';
import { waitForMail } from './support/outbox';

const baseUrl = inject('baseUrl');
const outboxDir = inject('outboxDir');

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/auth`);
  const panel = page.getByRole('tabpanel');
  await panel.getByLabel('Email').fill(email);
  await panel.getByLabel('Password', { exact: true }).fill(password);
  await panel.getByRole('button', { name: 'Sign In' }).click();
}

describe('a new user in a real browser', () => {
  let browser: Browser;
  let context: BrowserContext;
  beforeAll(async () => {
    browser = await launchBrowser();
    context = await browser.newContext();
  });
  afterAll(async () => {
    await context.close();
    await browser.close();
  });

  it('signs up, verifies from the outbox mail, gets 2 credits, signs out and back in', async () => {
    const page = await context.newPage();
    const errors = watchErrors(page);
    const stamp = Date.now().toString(36);
    const email = `e2e-${stamp}@example.com`;
    const password = 'correct horse battery staple';

    // Sign up on /auth.
    await page.goto(`${baseUrl}/auth`);
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    const panel = page.getByRole('tabpanel');
    await panel.getByLabel('Username').fill(`e2e_${stamp}`);
    await panel.getByLabel('Email').fill(email);
    await panel.getByLabel('Password', { exact: true }).fill(password);
    await panel.getByRole('button', { name: 'Create Account' }).click();

    // Signed in, unverified, no credits yet.
    await page.waitForURL(`${baseUrl}/dashboard`);
    await page.getByText('Verify your email to get 2 free credits', { exact: true }).waitFor();
    await page.getByRole('link', { name: /^0 credits/ }).waitFor();

    // The verification mail in the outbox, and its link.
    const mail = await waitForMail(outboxDir, email, /verify your email/i);
    const link = /https?:\/\/\S+\/confirm-email\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
    expect(link, 'verification link in the mail').toBeDefined();
    await page.goto(link!);
    await page.getByRole('heading', { name: 'Email Verified!' }).waitFor();

    // After 3 s the landing page shows the success toast, then the editor with 2 credits.
    await page.getByText('Email Verified Successfully!').waitFor({ timeout: 10_000 });
    await page.getByText('Welcome! You now have 2 free watermarked credits to start editing.').waitFor();
    await page.waitForURL(`${baseUrl}/dashboard`, { timeout: 10_000 });
    await page.getByRole('link', { name: /^2 credits/ }).waitFor();
    expect(await page.getByText('Verify your email to get 2 free credits').count()).toBe(0);

    // Sign out from the avatar menu.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.getByText('You have been successfully logged out').waitFor();
    expect((await page.request.get(`${baseUrl}/api/user`)).status()).toBe(401);

    // And back in: the credits are still there.
    await signIn(page, email, password);
    await page.getByText(`Logged in as ${email}`).waitFor();
    await page.waitForURL(`${baseUrl}/dashboard`);
    await page.getByRole('link', { name: /^2 credits/ }).waitFor();

    // Nothing secret reaches the page: the session cookie is HttpOnly, nothing is stored, and the
    // user object carries no password or token.
    expect(await page.evaluate(() => document.cookie)).not.toContain('magic.sid');
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'magic.sid')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    const storage = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
    expect(storage).not.toMatch(/argon2|magic\.sid|token/i);
    const user = await (await page.request.get(`${baseUrl}/api/user`)).json();
    expect(user).toMatchObject({ email, emailVerified: true });
    expect(JSON.stringify(user)).not.toMatch(/password|argon2|verification/i);

    // A signed-out visitor's 401 on /api/user is expected; nothing else may fail.
    expect(errors.filter((e) => !/401|Unauthorized/.test(e))).toEqual([]);
  });

  it('refuses a wrong password with the server message', async () => {
    const page = await context.newPage();
    await context.clearCookies();
    await signIn(page, 'nobody@example.com', 'wrong password');
    await page.getByText('Login failed').waitFor();
    await page.getByText(/Invalid email or password/).waitFor();
    expect(page.url()).toBe(`${baseUrl}/auth`);
  });
});
