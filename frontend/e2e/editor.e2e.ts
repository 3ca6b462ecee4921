import { describe, expect, inject, it } from 'vitest';
import { signUpThroughApi, spendAllCredits } from './support/accounts';
import { editWithChip } from './support/editor';
import { waitForMails } from './support/outbox';
import { useBrowserContexts, watchErrors } from './support/browser';

const baseUrl = inject('baseUrl');
const outboxDir = inject('outboxDir');

describe('the Magic Editor in a real browser', () => {
  const { newContext } = useBrowserContexts({ acceptDownloads: true });

  it('a verified user uploads a JPEG, picks a chip, generates, downloads the result and pays one credit', async () => {
    const context = await newContext();
    await signUpThroughApi(context.request, baseUrl, outboxDir, { verify: true });
    const page = await context.newPage();
    const errors = watchErrors(page);

    await page.goto(`${baseUrl}/dashboard`);
    await page.getByRole('link', { name: /^2 credits/ }).waitFor();
    await editWithChip(page, baseUrl, 'add snow falling');

    // The progress screen, then the results side by side.
    await page.getByRole('heading', { name: 'Download Results', level: 2 }).waitFor({ timeout: 20_000 });
    const result = page.getByRole('img', { name: /add snow falling/i }).first();
    await result.waitFor();
    await expect.poll(() => result.evaluate((img) => (img as HTMLImageElement).naturalWidth), { timeout: 10_000 }).toBeGreaterThan(0);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^magic-editor-[0-9a-f-]{36}\.jpg$/);
    const file = await download.path();
    expect(file).toBeTruthy();

    // One credit spent: 2 → 1, in the top bar (polled every 2 s).
    await page.getByRole('link', { name: /^1 credit\b/ }).waitFor({ timeout: 10_000 });
    expect(errors.filter((e) => !/401|Unauthorized/.test(e))).toEqual([]);
  });

  it('an out-of-credits user gets the Out of Credits flow and lands on /pricing', async () => {
    const context = await newContext();
    await signUpThroughApi(context.request, baseUrl, outboxDir, { verify: true });
    await spendAllCredits(context.request, baseUrl);
    const page = await context.newPage();
    await editWithChip(page, baseUrl, 'make it black and white');

    // 000 §8: the toast at once, then (1 s later) the question; the toast gives way to the dialog.
    await page.getByText('Out of Credits!').waitFor();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: "You're out of credits!" }).waitFor();
    await dialog.getByText('Would you like to buy more credits to continue creating images?').waitFor();
    await dialog.getByRole('button', { name: 'Buy Credits' }).click();
    await page.waitForURL(`${baseUrl}/pricing`);
  });

  it('an unverified user who presses Generate is offered verification and Resend Email, not credits to buy (issue 24)', async () => {
    const context = await newContext();
    const account = await signUpThroughApi(context.request, baseUrl, outboxDir, { verify: false });
    const page = await context.newPage();
    await editWithChip(page, baseUrl, 'make it black and white');
    const dialog = page.getByRole('dialog', { name: 'Verify your email to get 2 free credits' });
    await dialog.waitFor();
    expect(await page.getByRole('dialog', { name: "You're out of credits!" }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Resend Email' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await waitForMails(outboxDir, account.email, /verify your email/i, 2)).length).toBe(2);
  });
});
