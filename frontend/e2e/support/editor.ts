import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** A real JPEG the project ships (the editor's example "before" photo, CC0). */
export const PHOTO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'public', 'assets', 'original.jpg');

/**
 * Steps 1-2 on the editor page: upload the photo, Continue, the Magic Image Editor; waits for the
 * prompt step in its final layout: the engine known (its answer may add the local engine's line and
 * reorder the chips, moving the step's lower half; the chips' region is busy until then). The
 * editor asks on step 1; on a busy machine the answer may still come after the step (a click on
 * the brush button once met the move).
 */
export async function uploadAndChooseEditor(page: Page, photo: string = PHOTO): Promise<void> {
  await page.getByLabel('Photo to edit').setInputFiles(photo);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.getByRole('button', { name: 'Continue with Magic Image Editor' }).click();
  await page.getByRole('heading', { name: 'Add Prompt', level: 2 }).waitFor();
  const chips = page.getByRole('region', { name: 'Need ideas? Try one:' });
  await expect.poll(() => chips.getAttribute('aria-busy')).toBeNull();
}

/** Opens /dashboard and goes to the prompt step with the photo. */
export async function openPromptStep(page: Page, baseUrl: string, photo: string = PHOTO): Promise<void> {
  await page.goto(`${baseUrl}/dashboard`);
  await page.getByRole('heading', { name: 'Magic Editor', level: 1 }).waitFor();
  await uploadAndChooseEditor(page, photo);
}

/** Steps 1-3 of the editor: upload the photo, choose the editor, pick a chip, generate. */
export async function editWithChip(page: Page, baseUrl: string, chip: string): Promise<void> {
  await openPromptStep(page, baseUrl);
  await page.getByRole('button', { name: chip }).click();
  expect(await page.getByRole('textbox').inputValue()).toBe(chip);
  await page.getByRole('button', { name: 'Generate Image' }).click();
}
