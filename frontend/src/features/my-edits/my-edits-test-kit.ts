/** Fixtures for the My Edits tests: answers shaped like the issue 11 contract. */
import { screen } from '@testing-library/react';
import { json, stubApi, type ApiRoutes } from '../../test/fetch-stub';
import { renderRoute } from '../../test/render-route';
import type { ApiSchema } from '../../shared/api/contract';
import { userBody, type UserAnswer } from '../../test/contract-answers';

const DAY = 24 * 60 * 60 * 1000;

export const PAID_USER = userBody({ id: '7', email: 'pat@example.com', username: 'pat', isSubscribed: true, subscriptionTier: 'creator' });

/** An ISO date `days` whole days (plus an hour, so that the floor is `days`) from now. */
export function inDays(days: number): string {
  return new Date(Date.now() + days * DAY + 60 * 60 * 1000).toISOString();
}

/** A saved image as GET /api/my-edits lists it (the server's SavedImageResponse). */
export function savedImage(id: string, overrides: Partial<ApiSchema<'SavedImageResponse'>> = {}): ApiSchema<'SavedImageResponse'> {
  return {
    id,
    prompt: `prompt of ${id}`,
    style: 'realistic',
    timestamp: '2030-05-01T10:00:00.000Z',
    savedAt: '2030-05-01T10:01:00.000Z',
    expiresAt: inDays(30),
    isFavorite: false,
    laughCount: 2,
    isPublic: true,
    isHiddenByAdmin: false,
    versions: 1,
    imageUrl: `/api/images/${id}`,
    originalUrl: `/api/images/${id}/original`,
    downloadUrl: `/api/images/${id}/download`,
    originalRenditions: [],
    generatedRenditions: [
      { url: `/api/images/${id}/renditions/generated-320-aaaaaaaaaaaaaaaa.webp`, width: 320, height: 240 },
      { url: `/api/images/${id}/renditions/generated-640-aaaaaaaaaaaaaaaa.webp`, width: 640, height: 480 },
    ],
    ...overrides,
  };
}

/** A GET /api/my-edits answer with the contract's headers. */
export function listAnswer(
  items: Array<ApiSchema<'SavedImageResponse'>>,
  { total = items.length, favorites = 0, next }: { total?: number; favorites?: number; next?: string } = {},
): Response {
  return json(items, {
    headers: {
      'X-Total-Count': String(total),
      'X-Favorites-Count': String(favorites),
      ...(next ? { 'X-Next-Cursor': next } : {}),
    },
  });
}

export { findToastTitle as toastTitle } from '../../test/toasts';

export function calls(requests: Request[], method: string, path: string): Request[] {
  return requests.filter((request) => request.method === method && new URL(request.url).pathname === path);
}

/** Opens /my-edits signed in as a paid user, with the given answers. */
export async function openMyEdits(routes: ApiRoutes, account: UserAnswer = PAID_USER) {
  const stub = stubApi({ 'GET /api/user': () => json(account), ...routes });
  const view = renderRoute('/my-edits');
  await screen.findByRole('heading', { level: 1, name: 'My Edits' });
  return { ...stub, ...view };
}
