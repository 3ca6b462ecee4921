import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';

/**
 * Debian's Chromium (npx playwright install cannot download browsers on these machines): its old
 * headless shell (`chromium-headless-shell`, what Playwright itself runs headless) when installed,
 * else the full browser. The shell renders the same pages with none of the browser's UI machinery:
 * the browser tier took 345 CPU-s and 186 s with the full browser on 2 cores, 229 CPU-s and 125 s
 * with the shell (issue 25). CHROME_PATH overrides both.
 */
export const CHROME_PATH =
  process.env.CHROME_PATH ?? ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((p) => existsSync(p)) ?? '/usr/bin/chromium';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROME_PATH,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

/** Collects console errors and uncaught page errors (a CSP violation shows up as a console error). */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

/**
 * One Chromium for the enclosing describe block, and a way to open fresh contexts (a visitor,
 * another user). A context opened by a test is closed when that test ends: a page left open keeps
 * polling and animating, and on a 2-core machine the open pages of earlier tests cost more CPU
 * than the test that runs. Contexts opened by a beforeAll live until the block ends. Call it at
 * the top of a describe.
 */
export function useBrowserContexts(defaults: BrowserContextOptions = {}): { newContext: (options?: BrowserContextOptions) => Promise<BrowserContext> } {
  let browser: Browser;
  const shared: BrowserContext[] = [];
  let ofTest: BrowserContext[] | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  beforeEach(() => {
    ofTest = [];
  });
  afterEach(async () => {
    const done = ofTest ?? [];
    ofTest = undefined;
    await Promise.all(done.map((context) => context.close()));
  });
  afterAll(async () => {
    for (const context of shared) await context.close();
    await browser?.close();
  });
  return {
    newContext: async (options) => {
      const context = await browser.newContext({ ...defaults, ...options });
      (ofTest ?? shared).push(context);
      return context;
    },
  };
}

/** Every picture in `scope` has loaded (a real file behind each src). */
export async function expectLoaded(scope: Locator): Promise<void> {
  const images = scope.locator('img');
  await expect
    .poll(() => images.evaluateAll((all) => all.length > 0 && all.every((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0)), {
      timeout: 10_000,
    })
    .toBe(true);
}
