import { randomBytes } from 'node:crypto';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { signUpThroughApi } from './support/accounts';
import { axeViolations } from './support/axe';
import { expectLoaded, useBrowserContexts, watchErrors } from './support/browser';
import { uploadAndChooseEditor } from './support/editor';

const baseUrl = inject('baseUrl');
const outboxDir = inject('outboxDir');

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 360, height: 740 };

/** Browser errors other than a visitor's expected 401 from GET /api/user. */
function unexpected(errors: string[]): string[] {
  return errors.filter((e) => !/401|Unauthorized/.test(e));
}

/**
 * Each test browser is a new device: the same headless Chromium gives every context the same
 * fingerprint, and D19 allows one account per device, so the registration says it is another one.
 */
async function asNewDevice(page: Page): Promise<void> {
  await page.route('**/api/register', async (route) => {
    const body = JSON.parse(route.request().postData() ?? '{}') as Record<string, unknown>;
    await route.continue({ postData: JSON.stringify({ ...body, deviceFingerprint: randomBytes(32).toString('hex') }) });
  });
}

function demo(page: Page): Locator {
  return page.getByRole('region', { name: 'See It in Action' });
}

/** The width of the page's content, and what sticks out past the viewport (for a readable failure). */
function measure(page: Page, width: number): Promise<{ scrollWidth: number; overflowing: string[] }> {
  return page.evaluate((viewport) => {
    const overflowing: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const rect = el.getBoundingClientRect();
      if (rect.width > 0 && rect.right > viewport + 0.5) overflowing.push(`${el.tagName.toLowerCase()}.${String(el.className).split(' ')[0]} right=${Math.round(rect.right)}`);
    }
    return { scrollWidth: document.documentElement.scrollWidth, overflowing: overflowing.slice(0, 8) };
  }, width);
}

describe('the landing page in a real browser (issue 15)', () => {
  const { newContext } = useBrowserContexts({ viewport: DESKTOP });

  it('a visitor clicks an example prompt, signs up in the dialog and lands in the editor with the prompt written in', async () => {
    const context = await newContext();
    const page = await context.newPage();
    const errors = watchErrors(page);
    await asNewDevice(page);
    const stamp = Date.now().toString(36);
    const prompt = 'make the lighting more dramatic';

    await page.goto(`${baseUrl}/`);
    await page.getByRole('link', { name: 'Member Login' }).waitFor();
    await page.getByRole('region', { name: 'Try Prompts Like These' }).getByRole('button', { name: new RegExp(prompt) }).click();

    const dialog = page.getByRole('dialog', { name: 'Create your free account' });
    await dialog.getByLabel('Email').fill(`landing-${stamp}@example.com`);
    await dialog.getByLabel('Username').fill(`landing_${stamp}`);
    await dialog.getByLabel('Password', { exact: true }).fill('correct horse battery');
    await dialog.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Account created!').waitFor();

    await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 10_000 });
    expect(new URL(page.url()).searchParams.get('prompt')).toBe(prompt);
    await page.getByRole('heading', { name: 'Magic Editor', level: 1 }).waitFor();
    await uploadAndChooseEditor(page);
    expect(await page.getByRole('textbox', { name: 'Your prompt' }).inputValue()).toBe(prompt);

    expect(unexpected(errors)).toEqual([]);
  });

  it('plays a real demo: the editor screens with the sample photos and the engine output, pausable', async () => {
    const context = await newContext();
    // The page's clock is driven by the test (time still flows), so "it did not move" is proven
    // by running the timers on, not by sleeping.
    await context.clock.install();
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${baseUrl}/`);
    await page.getByRole('button', { name: 'Watch Demo' }).click();

    const section = demo(page);
    const pause = section.getByRole('button', { name: 'Pause demo' });
    await pause.waitFor();
    expect(await section.getByText('Demo video coming soon').count()).toBe(0);
    // It plays by itself: the upload screen turns into the prompt screen.
    await page.clock.runFor(3_000);
    await section.locator('[data-scene="prompt"]').waitFor();
    await expectLoaded(section.locator('[data-scene]'));
    // Endless animations (the caret's blink) while it plays.
    const endless = () =>
      section
        .locator('[data-scene]')
        .evaluate((el) => el.getAnimations({ subtree: true }).filter((a) => a.effect?.getComputedTiming().iterations === Infinity).length);
    expect(await endless()).toBeGreaterThan(0);

    await pause.click();
    await section.getByRole('button', { name: 'Play demo' }).waitFor();
    const still = await section.locator('[data-scene]').innerText();
    await page.clock.runFor(30_000);
    expect(await section.locator('[data-scene]').innerText()).toBe(still);
    // WCAG 2.2.2: paused, nothing keeps moving (the blinking caret, the sparkle), on any screen.
    expect(await endless()).toBe(0);
    await section.getByRole('button', { name: 'Show screen 3 Magic' }).click();
    await section.locator('[data-scene="progress"]').waitFor();
    expect(await endless()).toBe(0);

    // The result screen: the before picture and the local engine's after picture, both served.
    await section.getByRole('button', { name: 'Show screen 4 Result' }).click();
    const result = section.locator('[data-scene="result"]');
    await result.waitFor();
    expect(await result.locator('img').evaluateAll((all) => all.map((img) => new URL((img as HTMLImageElement).src).pathname))).toEqual([
      '/assets/demo/cat-before.webp',
      '/assets/demo/cat-after.webp',
    ]);
    await expectLoaded(result);
    expect(await section.locator('figcaption').innerText()).toContain('give it a cartoon comic look');

    expect(await axeViolations(page)).toEqual([]);
    expect(unexpected(errors)).toEqual([]);
  });

  it('shows a still before/after pair to a visitor who prefers reduced motion', async () => {
    const page = await (await newContext({ reducedMotion: 'reduce' })).newPage();
    await page.goto(`${baseUrl}/`);
    const section = demo(page);
    await section.getByRole('img', { name: /^Before: / }).scrollIntoViewIfNeeded();
    await section.getByRole('img', { name: /^After: / }).waitFor();
    expect(await section.getByRole('button', { name: /demo/ }).count()).toBe(0);
    expect(await section.locator('[data-scene]').count()).toBe(0);
    await expectLoaded(section);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('has no axe violations and does not scroll sideways at 360 px, on every demo screen', async () => {
    const context = await newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/`);
    await page.getByRole('heading', { level: 1, name: 'Edit any photo with one sentence' }).waitFor();
    await page.waitForLoadState('networkidle');
    const section = demo(page);
    await section.scrollIntoViewIfNeeded();

    const failures: string[] = [];
    for (const screen of ['1 Upload', '2 Prompt', '3 Magic', '4 Result']) {
      await section.getByRole('button', { name: `Show screen ${screen}` }).click();
      const { scrollWidth, overflowing } = await measure(page, PHONE.width);
      if (scrollWidth > PHONE.width) failures.push(`${screen}: ${scrollWidth}px (${overflowing.join(', ')})`);
      // The landing page clips what sticks out (overflow-x: clip), so look inside the demo too.
      const cut = overflowing.filter((entry) => !entry.startsWith('html') && !entry.startsWith('body'));
      if (cut.length > 0) failures.push(`${screen}: cut off at the right edge: ${cut.join(', ')}`);
    }
    expect(failures).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('lines Back links up with the content edge and gives tool pages the header width of every other page', async () => {
    const context: BrowserContext = await newContext();
    await signUpThroughApi(context.request, baseUrl, outboxDir, { verify: false });
    const page = await context.newPage();

    const topBarRow = async (path: string) => {
      await page.goto(`${baseUrl}${path}`);
      await page.getByRole('button', { name: 'Account menu' }).waitFor();
      return page.getByRole('navigation', { name: 'Primary' }).locator('xpath=..').boundingBox();
    };
    const pricing = await topBarRow('/pricing');
    const tool = await topBarRow('/tools/youtube-to-article');
    expect(tool).toEqual(pricing);
    expect(await topBarRow('/brains/youtube-script-gen')).toEqual(pricing);

    // The arrow starts where the heading starts (an icon's own blank edge of a few px aside).
    await page.goto(`${baseUrl}/tools/youtube-to-article`);
    const heading = await page.getByRole('heading', { level: 1, name: 'YouTube to Article' }).boundingBox();
    const arrow = await page.getByRole('link', { name: 'Back to Dashboard' }).locator('svg').boundingBox();
    expect(Math.abs(arrow!.x - heading!.x)).toBeLessThanOrEqual(4);

    const visitor = await (await newContext({ viewport: PHONE, isMobile: true, hasTouch: true })).newPage();
    await visitor.goto(`${baseUrl}/auth`);
    const welcome = await visitor.getByRole('heading', { level: 1 }).boundingBox();
    const back = await visitor.getByRole('link', { name: 'Back to Home' }).locator('svg').boundingBox();
    expect(Math.abs(back!.x - welcome!.x)).toBeLessThanOrEqual(4);
  });
});
