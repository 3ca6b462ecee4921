import * as fs from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, inject, it } from 'vitest';
import { signUpThroughApi, subscribeToStarter } from './support/accounts';
import { axeViolations } from './support/axe';
import { expectLoaded, useBrowserContexts, watchErrors } from './support/browser';
import { PHOTO, uploadAndChooseEditor } from './support/editor';

const baseUrl = inject('baseUrl');
const outboxDir = inject('outboxDir');

/** Local-engine edits of the shipped photo take a few seconds on a busy machine. */
const GENERATION = { timeout: 60_000 };

interface Generated {
  id: string;
  variants?: Array<{ id: string; status: string }>;
}

/** Presses the step's Generate button and waits for the answer and the result step. */
async function generateAndWait(page: Page, button: string | RegExp = 'Generate Image'): Promise<Generated> {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/generate') && r.request().method() === 'POST', GENERATION),
    page.getByRole('button', { name: button }).click(),
  ]);
  expect(response.status()).toBe(200);
  await page.getByRole('heading', { name: 'Download Results', level: 2 }).waitFor(GENERATION);
  return (await response.json()) as Generated;
}

/**
 * "Edit this result", once the compare view's pictures have loaded. The view has the answer's
 * shape from the start now; before it had (4:3 until the picture loaded), a click on a 360 px
 * phone landed ~200 px above the moved button once in the whole suite. Waiting keeps the journey
 * a person's: they press the button under a result they have seen.
 */
async function editThisResult(page: Page): Promise<void> {
  await expectLoaded(page.locator('[data-zoomed]'));
  await page.getByRole('button', { name: 'Edit this result' }).click();
}

/** Types a prompt on the prompt step (no chip: chips need not be the local engine's). */
async function prompt(page: Page, text: string): Promise<void> {
  await page.getByRole('heading', { name: 'Add Prompt', level: 2 }).waitFor();
  await page.getByRole('textbox').fill(text);
}

/** A Starter subscriber (47 credits) on the prompt step with the shipped photo uploaded. */
async function subscriberOnPromptStep(context: BrowserContext): Promise<{ page: Page; errors: string[] }> {
  await signUpThroughApi(context.request, baseUrl, outboxDir, { verify: true });
  await subscribeToStarter(context.request, baseUrl);
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(`${baseUrl}/dashboard`);
  await uploadAndChooseEditor(page);
  return { page, errors };
}

function position(page: Page) {
  return page.getByRole('region', { name: 'Versions' }).locator('[aria-live="polite"]');
}

/** The whole page fits the viewport's width (no sideways scrolling on a phone). */
async function fitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

interface Area {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

/** The mean absolute channel difference of two pictures of the same size within two areas of them (fractions of the size). */
async function differences(a: Buffer, b: Buffer, painted: Area, untouched: Area): Promise<{ inside: number; outside: number }> {
  const raw = (x: Buffer) => sharp(x).removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  const [pa, pb] = [await raw(a), await raw(b)];
  if (pa.info.width !== pb.info.width || pa.info.height !== pb.info.height) throw new Error('sizes differ');
  const { width, height, channels } = pa.info;
  let inside = 0;
  let nInside = 0;
  let outside = 0;
  let nOutside = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const fx = x / width;
      const fy = y / height;
      const i = (y * width + x) * channels;
      let d = 0;
      for (let c = 0; c < channels; c++) d += Math.abs(pa.data[i + c]! - pb.data[i + c]!);
      d /= channels;
      const within = (r: Area) => fx >= r.x0 && fx <= r.x1 && fy >= r.y0 && fy <= r.y1;
      if (within(painted)) {
        inside += d;
        nInside++;
      } else if (within(untouched)) {
        outside += d;
        nOutside++;
      }
    }
  }
  return { inside: inside / nInside, outside: outside / nOutside };
}

describe('keep editing in a real browser (issue 26)', () => {
  const { newContext } = useBrowserContexts({ acceptDownloads: true });

  for (const viewport of [
    { name: 'desktop', width: 1280, height: 900 },
    { name: '360 px phone', width: 360, height: 780 },
  ]) {
    it(`${viewport.name}: edit, edit the result, edit again, Undo twice, continue from version 1, reload and find the chain; compare by mouse and keyboard`, async () => {
      const context = await newContext({ viewport });
      const { page, errors } = await subscriberOnPromptStep(context);

      await prompt(page, 'make it black and white');
      const first = await generateAndWait(page);
      await expect.poll(() => position(page).textContent()).toBe('Version 1 of 1');
      await editThisResult(page);
      await prompt(page, 'add snow falling');
      const second = await generateAndWait(page);
      await editThisResult(page);
      await prompt(page, 'make the colors warmer');
      const third = await generateAndWait(page);
      await expect.poll(() => position(page).textContent()).toBe('Version 3 of 3');
      await page.waitForURL(`${baseUrl}/dashboard?image=${third.id}`);
      expect(await fitsWidth(page)).toBe(true);
      expect(await axeViolations(page)).toEqual([]); // the result step with the strip and the compare slider

      // Undo twice: once by the keyboard (focus outside a text field), once by the button.
      await page.getByRole('heading', { name: 'Download Results', level: 2 }).focus();
      await page.keyboard.press('Control+z');
      await expect.poll(() => position(page).textContent()).toBe('Version 2 of 3');
      await page.getByRole('region', { name: 'Versions' }).getByRole('button', { name: 'Undo' }).click();
      await expect.poll(() => position(page).textContent()).toBe('Version 1 of 3');
      await page.waitForURL(`${baseUrl}/dashboard?image=${first.id}`);

      // The compare slider: keyboard in 5% steps, then a click on the picture.
      const slider = page.getByRole('slider', { name: 'Compare before and after' });
      await slider.focus();
      await page.keyboard.press('ArrowLeft');
      await expect.poll(() => slider.getAttribute('aria-valuenow')).toBe('45');
      await page.keyboard.press('End');
      await expect.poll(() => slider.getAttribute('aria-valuenow')).toBe('100');
      // The stage takes the picture's proportions once it has loaded: measured again before each
      // try, so a click measured before that shift (and landing outside) is made again. A click at
      // a quarter of the width always puts the divider there.
      await expect
        .poll(async () => {
          const box = (await slider.evaluate((el) => {
            const stage = el.parentElement!.getBoundingClientRect();
            return { x: stage.x, y: stage.y, width: stage.width, height: stage.height };
          })) as { x: number; y: number; width: number; height: number };
          await page.mouse.click(box.x + box.width * 0.25, box.y + box.height / 2);
          return Number(await slider.getAttribute('aria-valuenow'));
        })
        .toBeLessThan(35);

      // Continue from version 1: a new branch.
      await editThisResult(page);
      await prompt(page, 'add rain falling');
      const fourth = await generateAndWait(page);
      await page.waitForURL(`${baseUrl}/dashboard?image=${fourth.id}`);

      // A reload reopens the chain: Original, version 1, the new version 2.
      await page.reload();
      await expect.poll(() => position(page).textContent(), GENERATION).toBe('Version 2 of 2');
      const strip = page.getByRole('region', { name: 'Versions' });
      await strip.getByRole('button', { name: /^Original/ }).waitFor();
      expect(await strip.getByRole('button', { name: /^Version \d/ }).count()).toBe(2);
      const history = (await (await context.request.get(`${baseUrl}/api/images/${fourth.id}/history`)).json()) as { chain: Array<{ id: string }> };
      expect(history.chain.map((v) => v.id)).toEqual([first.id, fourth.id]);
      expect(second.id).not.toBe(fourth.id);
      expect(await fitsWidth(page)).toBe(true);
      expect(errors.filter((e) => !/401|Unauthorized/.test(e))).toEqual([]);
      // Four local-engine edits of the photo: about 10 s idle, more on a busy machine.
    }, 90_000);
  }

  it.each([
    { name: 'desktop', width: 1280, height: 900 },
    { name: '360 px phone', width: 360, height: 780 },
  ])('$name: 4 variants for 4 credits, pick the third, download it', async (viewport) => {
    const context = await newContext({ viewport });
    const { page } = await subscriberOnPromptStep(context);
    await prompt(page, 'make it black and white');
    // The segment a person clicks (its radio input is visually hidden).
    await page.locator('label').filter({ has: page.getByRole('radio', { name: '4 results' }) }).click();
    expect(await page.getByRole('radio', { name: '4 results' }).isChecked()).toBe(true);
    const made = await generateAndWait(page, 'Generate · 4 credits');
    expect(made.variants?.map((v) => v.status)).toEqual(['completed', 'completed', 'completed', 'completed']);
    const grid = page.getByRole('region', { name: 'Pick a result' });
    await grid.getByRole('img', { name: /^AI-edited variant 4 of 4/ }).waitFor();
    expect(await axeViolations(page)).toEqual([]); // the variants grid
    await grid.getByRole('button', { name: /Use this one\W+variant 3 of 4/ }).click();
    await expect.poll(() => grid.getByRole('button', { name: /Use this one\W+variant 3 of 4/ }).getAttribute('aria-pressed')).toBe('true');
    expect(await fitsWidth(page)).toBe(true);
    const third = made.variants![2]!.id;
    // Seconds when idle; once it took over 30 s on a machine running the whole suite.
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.getByRole('link', { name: 'Download' }).click()]);
    expect(download.suggestedFilename()).toBe(`magic-editor-${third}.jpg`);
    // Picked with "Share to community" on: the third is public, the others stay private.
    const visitor = await newContext();
    expect((await visitor.request.get(`${baseUrl}/api/images/${third}`)).status()).toBe(200);
    expect((await visitor.request.get(`${baseUrl}/api/images/${made.variants![1]!.id}`)).status()).toBe(404);
  }, 120_000);

  it('paints a mask on the photo: the output differs from the photo only there', async () => {
    const context = await newContext({ viewport: { width: 1280, height: 1000 } });
    // The brush on a phone: open, the tools wrap, nothing scrolls sideways.
    const phone = await (await newContext({ viewport: { width: 360, height: 780 } })).newPage();
    await signUpThroughApi(phone.context().request, baseUrl, outboxDir, { verify: true });
    await phone.goto(`${baseUrl}/dashboard`);
    await uploadAndChooseEditor(phone);
    await phone.getByRole('button', { name: /Paint the area to change/ }).click();
    await phone.getByRole('toolbar', { name: 'Brush tools' }).waitFor();
    expect(await fitsWidth(phone)).toBe(true);

    const { page } = await subscriberOnPromptStep(context);
    await prompt(page, 'make it black and white');
    await page.getByRole('button', { name: /Paint the area to change/ }).click();
    const painter = page.getByRole('group', { name: 'Paint the area to change' });
    await expectLoaded(painter); // the photo under the canvas, so the canvas has its final size
    // The brush first: clicking it may scroll the page, which would move the canvas under the mouse.
    await painter.getByRole('radio', { name: 'Large' }).or(painter.getByRole('button', { name: 'Large' })).first().click();
    const canvas = painter.locator('canvas');
    await canvas.scrollIntoViewIfNeeded();
    const size = async () => JSON.stringify(await canvas.boundingBox());
    let box = await size();
    // Laid out: the same box twice in a row (the step's layout settles as the photo comes in).
    await expect.poll(async () => box === (box = await size())).toBe(true);
    const { x, y, width, height } = (await canvas.boundingBox())!;
    // Paint the left third of the photo with the large brush, row by row.
    for (let fy = 0.1; fy <= 0.9; fy += 0.08) {
      await page.mouse.move(x + width * 0.05, y + height * fy);
      await page.mouse.down();
      await page.mouse.move(x + width * 0.28, y + height * fy, { steps: 8 });
      await page.mouse.up();
    }
    await page.getByText(/^Painted: \d+%/).waitFor();
    expect(await axeViolations(page)).toEqual([]); // the prompt step with the brush open
    const made = await generateAndWait(page);
    const [output, original] = await Promise.all([
      context.request.get(`${baseUrl}/api/images/${made.id}`).then((r) => r.body()),
      Promise.resolve(fs.readFileSync(PHOTO)),
    ]);
    const { inside, outside } = await differences(original, output, { x0: 0.08, x1: 0.25, y0: 0.15, y1: 0.85 }, { x0: 0.45, x1: 1, y0: 0, y1: 1 });
    expect(outside).toBeLessThan(2); // JPEG re-encoding only
    expect(inside).toBeGreaterThan(outside + 5);
    // Two accounts (a phone and a desktop), an edit and a pixel comparison: more than the default 30 s on a busy machine.
  }, 90_000);
});
