import * as fs from 'node:fs';
import type { APIRequestContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { signUpThroughApi } from './support/accounts';
import { useBrowserContexts } from './support/browser';
import { openPromptStep, PHOTO, uploadAndChooseEditor } from './support/editor';

const baseUrl = inject('baseUrl');
const outboxDir = inject('outboxDir');

/** A small phone (issue 24). */
const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

interface Seen {
  /** A toast's title and where it was, each time it was seen. */
  toasts: Array<{ title: string; box: Box }>;
  /** A toast over a button in the same frame: what should never happen. */
  overlaps: string[];
  /** Toast titles seen in a frame together with the sticky bar's Generate Image button. */
  withStickyBar: string[];
}

/**
 * In the page, on every animation frame: every toast that shows (opacity above 0.05, on screen)
 * and every button that shows on a pinned surface (a sticky or fixed bar, a dialog or sheet).
 * A toast whose box meets such a button's box in the same frame is recorded as an overlap.
 * Runs from before the app's first script, so no frame in between is missed for lack of a wait.
 */
const WATCH_TOASTS = `(() => {
  const seen = { toasts: [], overlaps: [], withStickyBar: [] };
  window.__toastWatch = seen;
  const onScreen = (r) => r.width >= 1 && r.height >= 1 && r.bottom > 0 && r.right > 0 && r.top < innerHeight && r.left < innerWidth;
  const opacity = (el) => { let o = 1; for (let n = el; n && n.nodeType === 1; n = n.parentElement) o *= Number(getComputedStyle(n).opacity); return o; };
  const pinned = (el) => {
    if (el.closest('[role="dialog"]')) return true;
    for (let n = el.parentElement; n; n = n.parentElement) {
      const p = getComputedStyle(n).position;
      if (p === 'sticky' || p === 'fixed') return true;
    }
    return false;
  };
  const meet = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  const name = (el) => (el.getAttribute('aria-label') || el.textContent || '').trim().replace(/\\s+/g, ' ');
  const frame = () => {
    const toasts = Array.from(document.querySelectorAll('[data-sonner-toast]'))
      .map((el) => ({ el, box: el.getBoundingClientRect() }))
      .filter(({ el, box }) => onScreen(box) && opacity(el) > 0.05);
    if (toasts.length) {
      const buttons = Array.from(document.querySelectorAll('button, a[href], [role="button"]'))
        .filter((el) => !el.closest('[data-sonner-toaster]') && getComputedStyle(el).visibility === 'visible' && opacity(el) > 0.05 && pinned(el))
        .map((el) => ({ el, box: el.getBoundingClientRect() }))
        .filter(({ box }) => onScreen(box));
      const sticky = buttons.some(({ el }) => name(el) === 'Generate Image');
      for (const { el, box } of toasts) {
        const title = (el.querySelector('[data-title]')?.textContent || '').trim();
        seen.toasts.push({ title, box: { x: box.x, y: box.y, width: box.width, height: box.height } });
        if (sticky && !seen.withStickyBar.includes(title)) seen.withStickyBar.push(title);
        for (const button of buttons) {
          if (meet(box, button.box)) seen.overlaps.push(title + ' over "' + name(button.el) + '"');
        }
      }
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();`;

function seen(page: Page): Promise<Seen> {
  return page.evaluate(() => (window as unknown as { __toastWatch: Seen }).__toastWatch);
}

function meet(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/**
 * Buttons that a toast, where it was seen, would cover: by box, and by what a tap at each
 * button's middle reaches (elementFromPoint), for toasts still on screen.
 */
async function coveredButtons(page: Page, buttons: Array<{ name: string; box: Box }>, toastBoxes: Box[]): Promise<string[]> {
  const covered = buttons.filter((button) => toastBoxes.some((box) => meet(box, button.box))).map((button) => `${button.name} (box)`);
  const tapped = await page.evaluate(
    (points) =>
      points
        .filter(({ x, y }) => Boolean(document.elementFromPoint(x, y)?.closest('[data-sonner-toaster]')))
        .map(({ name }) => `${name} (tap)`),
    buttons.map(({ name, box }) => ({ name, x: box.x + box.width / 2, y: box.y + box.height / 2 })),
  );
  return [...covered, ...tapped];
}

/** Where each named button of `scope` is, once it shows and its entrance animation is over. */
async function buttonBoxes(page: Page, names: string[], scope = page.locator('body')): Promise<Array<{ name: string; box: Box }>> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity));
  const boxes = [];
  for (const name of names) {
    const button = scope.getByRole('button', { name, exact: true });
    await button.waitFor();
    const box = await button.boundingBox();
    expect(box, name).not.toBeNull();
    boxes.push({ name, box: box! });
  }
  return boxes;
}

/** Spends one credit through the API (a private edit), as billing.e2e.ts does. */
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

describe('toasts never cover a primary action on a 360 px phone (issue 24)', () => {
  const { newContext } = useBrowserContexts(PHONE);

  it('out of credits: the toast leaves the sticky Back / Generate Image bar and the sheet\'s buttons free', async () => {
    const context = await newContext();
    await signUpThroughApi(context.request, baseUrl, outboxDir, { verify: true });
    await spendCredit(context.request);
    await spendCredit(context.request);
    const page = await context.newPage();
    await page.addInitScript(WATCH_TOASTS);

    await openPromptStep(page, baseUrl);
    await page.getByRole('button', { name: 'add snow falling' }).click();
    await page.getByRole('button', { name: 'Generate Image' }).click();

    // "Out of Credits!" shows over the prompt step, whose sticky bar is on screen with it (seen
    // in the same frame by the watcher, whatever this process's own delays)...
    await expect.poll(async () => (await seen(page)).withStickyBar, { timeout: 15_000 }).toContain('Out of Credits!');
    // ...then the question comes up as a sheet (000 §8: after 1 second).
    const sheet = page.getByRole('dialog', { name: "You're out of credits!" });
    await sheet.waitFor();
    const sheetButtons = await buttonBoxes(page, ['Not now', 'Buy Credits'], sheet);
    // The bar behind the sheet is where it was when the toast came.
    const bar = await buttonBoxes(page, ['Back', 'Generate Image']);

    const watch = await seen(page);
    expect(watch.overlaps).toEqual([]);
    const toastBoxes = watch.toasts.filter((toast) => toast.title === 'Out of Credits!').map((toast) => toast.box);
    expect(toastBoxes.length).toBeGreaterThan(0);
    // Wherever that toast was, it was clear of both the bar and the sheet's buttons.
    expect(await coveredButtons(page, [...bar, ...sheetButtons], toastBoxes)).toEqual([]);

    await sheet.getByRole('button', { name: 'Not now' }).click();
    await sheet.waitFor({ state: 'detached' });
  }, 60_000);

  it('sign-in: "Welcome back!" leaves the editor\'s sticky Back / Generate Image bar free', async () => {
    const account = await signUpThroughApi((await newContext()).request, baseUrl, outboxDir, { verify: true });
    const context = await newContext();
    const page = await context.newPage();
    await page.addInitScript(WATCH_TOASTS);

    await page.goto(`${baseUrl}/auth`);
    const panel = page.getByRole('tabpanel');
    await panel.getByLabel('Email').fill(account.email);
    await panel.getByLabel('Password', { exact: true }).fill(account.password);
    await panel.getByRole('button', { name: 'Sign In' }).click();

    // Straight on to the editor's prompt step, as a quick user does while the toast shows.
    await expect.poll(async () => (await seen(page)).toasts.map((toast) => toast.title), { timeout: 15_000 }).toContain('Welcome back!');
    await page.waitForURL(`${baseUrl}/dashboard`);
    await page.getByRole('heading', { name: 'Magic Editor', level: 1 }).waitFor();
    await uploadAndChooseEditor(page);
    await page.getByRole('button', { name: 'add snow falling' }).click();
    const bar = await buttonBoxes(page, ['Back', 'Generate Image']);

    const watch = await seen(page);
    expect(watch.overlaps).toEqual([]);
    const toastBoxes = watch.toasts.filter((toast) => toast.title === 'Welcome back!').map((toast) => toast.box);
    expect(toastBoxes.length).toBeGreaterThan(0);
    // Where the toast shows for its 4 s is clear of the bar, whenever the bar comes up.
    expect(await coveredButtons(page, bar, toastBoxes)).toEqual([]);
  }, 60_000);
});
