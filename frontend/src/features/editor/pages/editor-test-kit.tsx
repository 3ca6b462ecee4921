/**
 * Shared set-up for the editor page tests: a signed-in user, stubbed API answers, a photo, and
 * the clicks that take the workflow to a given step.
 */
import { screen } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { expect, vi } from 'vitest';
import { json, stubApi, type ApiRoutes } from '../../../test/fetch-stub';
import { renderRoute } from '../../../test/render-route';
import type { ApiAnswer } from '../../../shared/api/contract';
import { userBody, type UserAnswer } from '../../../test/contract-answers';

export type User = ReturnType<typeof userEvent.setup>;

export const PAT = userBody({ id: '7', email: 'pat@example.com', username: 'pat' });

export const SUBSCRIBER = userBody({ ...PAT, isSubscribed: true, subscriptionTier: 'creator' });

export const GENERATED: ApiAnswer<'/api/generate', 'post'> = {
  id: 'img-1',
  imageUrl: '/api/images/img-1',
  originalUrl: '/api/images/img-1/original',
  downloadUrl: '/api/images/img-1/download',
  watermarked: false,
  model: 'local',
  seed: 1234,
  originalRenditions: [],
  generatedRenditions: [],
};

/** GET /api/images/img-1/share for GENERATED shared to the community (issue 15). */
export const SHARED_PUBLIC: ApiAnswer<'/api/images/{id}/share', 'get'> = {
  id: 'img-1',
  prompt: 'add snow falling',
  style: 'realistic',
  timestamp: '2030-06-01T12:00:00.000Z',
  laughCount: 0,
  imageUrl: '/api/images/img-1',
  originalUrl: '/api/images/img-1/original',
  originalRenditions: [],
  generatedRenditions: [],
  visibility: 'public',
  isOwner: true,
  model: 'local-engine',
};

export function jpeg(name = 'photo.jpg', size = 2048): File {
  return new File([new Uint8Array(size)], name, { type: 'image/jpeg' });
}

/** jsdom has no object URLs; the previews get a stand-in address. */
export function stubObjectUrls() {
  const create = vi.fn(() => 'blob:preview');
  const revoke = vi.fn();
  Object.assign(URL, { createObjectURL: create, revokeObjectURL: revoke });
  return { create, revoke };
}

export async function openEditor(routes: ApiRoutes = {}, account: UserAnswer = PAT) {
  stubObjectUrls();
  const stub = stubApi({
    'GET /api/user': () => json(account),
    'GET /api/user/credits': () => json({ balance: 3, regular: 3, watermarked: 0 }),
    'GET /api/community/recent': () => json([]),
    ...routes,
  });
  const view = renderRoute('/dashboard');
  await screen.findByRole('heading', { level: 2, name: 'Upload Photo' });
  return { ...stub, ...view };
}

export async function uploadPhoto(user: User, file: File = jpeg()) {
  await user.upload(screen.getByLabelText('Photo to edit'), file);
  await screen.findByRole('button', { name: `Remove ${file.name}` });
}

/** Upload → Continue → Continue with Magic Image Editor: the prompt step. */
export async function goToPrompt(user: User, file: File = jpeg()) {
  await uploadPhoto(user, file);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await user.click(await screen.findByRole('button', { name: 'Continue with Magic Image Editor' }));
  await screen.findByRole('heading', { level: 2, name: 'Add Prompt' });
}

export function promptField() {
  return screen.getByRole('textbox', { name: 'Your prompt' });
}

export function generateButton() {
  return screen.getByRole('button', { name: 'Generate Image' });
}

/** From an empty editor to pressing Generate Image with `prompt` (a chip's text). */
export async function generateWithChip(user: User, prompt = 'add snow falling') {
  await goToPrompt(user);
  await user.click(screen.getByRole('button', { name: prompt }));
  await user.click(generateButton());
}

/** From an empty editor to the results of a generation of `prompt` (a chip's text). */
export async function goToResults(user: User, prompt = 'add snow falling') {
  await generateWithChip(user, prompt);
  await screen.findByRole('heading', { level: 2, name: 'Download Results' });
}

export function calls(requests: Request[], method: string, path: string): Request[] {
  return requests.filter((request) => request.method === method && new URL(request.url).pathname === path);
}

export function currentStep(): string | null {
  const current = screen.getByRole('list', { name: /^Editor steps/ }).querySelector('[aria-current="step"]');
  expect(current).not.toBeNull();
  return current?.textContent ?? null;
}
