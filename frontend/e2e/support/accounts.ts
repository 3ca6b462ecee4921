import * as fs from 'node:fs';
import type { APIRequestContext } from 'playwright-core';
import { PHOTO } from './editor';
import { waitForMail } from './outbox';

export interface TestAccount {
  email: string;
  username: string;
  password: string;
}

let counter = 0;

/**
 * Signs a new account up through the API on the given request context (a browser context's
 * `request` shares its cookies, so the page is then signed in). With `verify`, follows the link
 * from the outbox mail, which grants the 2 free watermarked credits (D1).
 */
export async function signUpThroughApi(
  request: APIRequestContext,
  baseUrl: string,
  outboxDir: string,
  options: { verify: boolean; email?: string },
): Promise<TestAccount> {
  counter += 1;
  const stamp = `${Date.now().toString(36)}${counter}`;
  const account = { email: options.email ?? `e2e-${stamp}@example.com`, username: `e2e_${stamp}`, password: 'correct horse battery' };
  const res = await request.post(`${baseUrl}/api/register`, { data: account });
  if (res.status() !== 201) throw new Error(`register answered ${res.status()}: ${await res.text()}`);
  if (options.verify) {
    const mail = await waitForMail(outboxDir, account.email, /verify your email/i);
    const token = /\/confirm-email\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    if (!token) throw new Error('no verification link in the mail');
    const verified = await request.get(`${baseUrl}/api/confirm-email/${token}`);
    if (!verified.ok()) throw new Error(`verification answered ${verified.status()}`);
  }
  return account;
}

/**
 * Spends every credit of the signed-in account with local-engine generations through the API, so
 * its next Generate is answered 402: a verified user who is out of credits (an unverified one is
 * offered verification instead, issue 24).
 */
export async function spendAllCredits(request: APIRequestContext, baseUrl: string): Promise<void> {
  const photo = fs.readFileSync(PHOTO);
  for (let i = 0; i < 10; i++) {
    const credits = (await (await request.get(`${baseUrl}/api/user/credits`)).json()) as { balance: number };
    if (credits.balance === 0) return;
    const res = await request.post(`${baseUrl}/api/generate`, {
      multipart: { image: { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: photo }, prompt: 'make it black and white', style: 'realistic' },
    });
    if (res.status() !== 200) throw new Error(`generate answered ${res.status()}: ${await res.text()}`);
  }
  throw new Error('the account still has credits after 10 generations');
}

/**
 * Subscribes the signed-in account to Starter (45 credits a month, on top of the 2 free ones)
 * through the local test checkout's API (D30): the UI path is billing.e2e.ts's.
 */
export async function subscribeToStarter(request: APIRequestContext, baseUrl: string): Promise<void> {
  const opened = await request.post(`${baseUrl}/api/create-subscription`, { data: { tier: 'starter' } });
  if (opened.status() !== 200) throw new Error(`create-subscription answered ${opened.status()}: ${await opened.text()}`);
  const { checkoutUrl } = (await opened.json()) as { checkoutUrl: string };
  const sessionId = checkoutUrl.split('/').pop()!;
  const paid = await request.post(`${baseUrl}/api/local-checkout/sessions/${sessionId}/pay`, {
    data: { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', cardholderName: 'E2E Tester' },
  });
  if (paid.status() !== 200) throw new Error(`pay answered ${paid.status()}: ${await paid.text()}`);
}
