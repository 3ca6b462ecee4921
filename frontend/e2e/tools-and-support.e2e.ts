import * as fs from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { signUpThroughApi } from './support/accounts';
import { axeViolations } from './support/axe';
import { useBrowserContexts, watchErrors } from './support/browser';
import { waitForMail } from './support/outbox';

const baseUrl = inject('baseUrl');
const outboxDir = inject('outboxDir');
const youtubeVideoUrl = inject('youtubeVideoUrl');

/** SUPPORT_EMAIL's default (D34): the app runs with it unset. */
const SUPPORT_EMAIL = 'support@magic-editor.local';

/** A visitor's 401 from GET /api/user is an expected answer, not an error. */
function unexpected(errors: string[]): string[] {
  return errors.filter((e) => !/\b401\b|Unauthorized/.test(e));
}

describe('tools and support in a real browser (issue 13)', () => {
  const { newContext } = useBrowserContexts({ acceptDownloads: true });

  it('a signed-in user turns a video into an article with the local writer, edits it and downloads youtube-article.txt', async () => {
    const context = await newContext();
    await signUpThroughApi(context.request, baseUrl, outboxDir, { verify: false });
    const page = await context.newPage();
    const errors = watchErrors(page);

    await page.goto(`${baseUrl}/tools/youtube-to-article`);
    await page.getByLabel('YouTube URL').fill(youtubeVideoUrl);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Generate Article' }).click();

    // 001 §8: the success toast, then the editable result (the local writer says what it is).
    await page.getByText('Article generated successfully!').waitFor({ timeout: 20_000 });
    const article = page.getByRole('textbox', { name: 'Article' });
    await article.waitFor();
    const text = await article.inputValue();
    expect(text).toContain('How Sourdough Bread Rises');
    expect(text).toContain("I'm Sam"); // the captions' entities decoded
    expect(text).not.toContain('[Music]');
    expect((await article.boundingBox())!.height).toBeGreaterThanOrEqual(400);
    expect(await axeViolations(page)).toEqual([]);

    // The user edits it; Download saves exactly what is in the editor.
    await article.fill(`${text}\n\nMy own closing line.`);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download' }).click()]);
    expect(download.suggestedFilename()).toBe('youtube-article.txt');
    const saved = fs.readFileSync((await download.path())!, 'utf8');
    expect(saved).toContain('How Sourdough Bread Rises');
    expect(saved.trimEnd().endsWith('My own closing line.')).toBe(true);

    // Generate Another: back to an empty form.
    await page.getByRole('button', { name: 'Generate Another' }).click();
    expect(await page.getByLabel('YouTube URL').inputValue()).toBe('');
    expect(errors).toEqual([]);
  });

  it('a visitor sends the contact form, sees "Message sent!", and support gets it with reply-to', async () => {
    const context = await newContext();
    const page = await context.newPage();
    const errors = watchErrors(page);
    const stamp = Date.now().toString(36);
    const sender = `visitor-${stamp}@example.com`;

    await page.goto(`${baseUrl}/contact`);
    const form = page.getByRole('form', { name: 'Contact form' });
    await form.getByLabel('Name').fill('Vera Visitor');
    await form.getByLabel('Email').fill(sender);
    await form.getByLabel('Subject').fill(`Question ${stamp}`);
    await form.getByLabel('Message').fill('Can I use my credits on more than one device?');
    expect(await axeViolations(page)).toEqual([]);
    await form.getByRole('button', { name: 'Send Message' }).click();

    await page.getByText('Message sent!').waitFor();
    await page.getByText("Thank you for contacting us. We'll get back to you soon.").waitFor();
    expect(await form.getByLabel('Subject').inputValue()).toBe('');

    const mail = await waitForMail(outboxDir, SUPPORT_EMAIL, new RegExp(`Question ${stamp}`));
    expect((mail as { replyTo?: string }).replyTo).toContain(sender);
    expect(mail.text).toContain('Can I use my credits on more than one device?');
    expect(unexpected(errors)).toEqual([]);
  });

  it('a user who forgot their password resets it from the mailed link and signs in with the new one', async () => {
    const owner = await newContext();
    const account = await signUpThroughApi(owner.request, baseUrl, outboxDir, { verify: true });
    const context = await newContext();
    const page = await context.newPage();
    const errors = watchErrors(page);

    await page.goto(`${baseUrl}/auth`);
    const panel = page.getByRole('tabpanel');
    await panel.getByRole('button', { name: 'Forgot password?' }).click();
    await panel.getByLabel('Email').fill(account.email);
    await panel.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByText('If an account exists for that email, we have sent a link to reset its password.').waitFor();

    const mail = await waitForMail(outboxDir, account.email, /reset your/i);
    const link = /https?:\/\/\S+\/reset-password\/[A-Za-z0-9_-]{43}/.exec(mail.text)?.[0];
    expect(link, 'reset link in the mail').toBeDefined();
    await page.goto(link!);
    const newPassword = 'a much better passphrase';
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword);
    await page.getByRole('textbox', { name: 'Confirm new password' }).fill(newPassword);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Reset Password' }).click();

    // Sign In with a toast; the old password is refused and the new one works.
    await page.waitForURL(`${baseUrl}/auth`);
    await page.getByText('Password reset', { exact: true }).waitFor();
    expect((await context.request.post(`${baseUrl}/api/login`, { data: { email: account.email, password: account.password } })).status()).toBe(401);
    const signIn = page.getByRole('tabpanel');
    await signIn.getByLabel('Email').fill(account.email);
    await signIn.getByLabel('Password', { exact: true }).fill(newPassword);
    await signIn.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${baseUrl}/dashboard`);

    expect(unexpected(errors)).toEqual([]);

    // The link was single use (its check answers 400, which the page explains).
    await page.goto(link!);
    await page.getByText('This password reset link has expired or has already been used.').waitFor();
    await page.getByRole('button', { name: 'Send Reset Link' }).waitFor();
  });

  it('a user deletes their account and can no longer sign in', async () => {
    const context = await newContext();
    const account = await signUpThroughApi(context.request, baseUrl, outboxDir, { verify: true });
    const page = await context.newPage();
    const errors = watchErrors(page);

    await page.goto(`${baseUrl}/profile`);
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog');
    const confirm = dialog.getByRole('button', { name: 'Delete My Account' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Type your e-mail to confirm').fill(account.email.toUpperCase());
    expect(await axeViolations(page)).toEqual([]);
    await confirm.click();

    await page.waitForURL(`${baseUrl}/`);
    await page.getByText('Account deleted', { exact: true }).waitFor();
    expect((await context.request.get(`${baseUrl}/api/user`)).status()).toBe(401);

    // Sign In refuses the old account as it refuses any unknown one.
    await page.goto(`${baseUrl}/auth`);
    const panel = page.getByRole('tabpanel');
    await panel.getByLabel('Email').fill(account.email);
    await panel.getByLabel('Password', { exact: true }).fill(account.password);
    await panel.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText(/Invalid email or password|Login failed/i).first().waitFor();
    expect(page.url()).toBe(`${baseUrl}/auth`);
    expect((await context.request.post(`${baseUrl}/api/login`, { data: { email: account.email, password: account.password } })).status()).toBe(401);
    expect(unexpected(errors)).toEqual([]);
  });
});
