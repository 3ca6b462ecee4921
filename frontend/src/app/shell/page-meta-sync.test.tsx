import { DEFAULT_PAGE_META, PAGE_META } from '@page-meta/page-meta';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, signedOut, stubApi } from '../../test/fetch-stub';
import { renderRoute } from '../../test/render-route';

function description(): string | null {
  return document.head.querySelector('meta[name="description"]')?.getAttribute('content') ?? null;
}

async function expectMetaOf(path: string) {
  const meta = PAGE_META[path]!;
  await waitFor(() => expect(document.title).toBe(meta.title));
  expect(description()).toBe(meta.description);
}

/** Issue 15: the title and description the server sends for a public page stay right as the app navigates. */
describe('title and description on client-side navigation', () => {
  it('follows the table of page meta from page to page, and falls back to the generic description elsewhere', async () => {
    stubApi({
      'GET /api/user': signedOut,
      'GET /api/billing/catalogue': () => json({ plans: [], packs: [] }),
      'GET /api/leaderboard': () => json([]),
      'GET /api/community/recent': () => json([]),
    });
    const { router } = renderRoute('/pricing');
    await screen.findByRole('heading', { level: 1, name: 'Pricing' });
    await expectMetaOf('/pricing');

    for (const [path, heading] of [
      ['/about', 'About'],
      ['/leaderboard', 'Hall of Fame'],
      ['/privacy', 'Privacy Policy'],
      ['/tools/youtube-to-article', 'YouTube to Article'],
    ] as const) {
      await act(() => router.navigate(path));
      await screen.findByRole('heading', { level: 1, name: heading });
      await expectMetaOf(path);
    }

    await act(() => router.navigate('/no-such-page'));
    await screen.findByRole('heading', { level: 1, name: '404 Page Not Found' });
    await waitFor(() => expect(description()).toBe(DEFAULT_PAGE_META.description));
    expect(document.title).toBe('404 Page Not Found · Magic Editor');

    await act(() => router.navigate('/contact'));
    await screen.findByRole('heading', { level: 1, name: 'Contact Us' });
    await expectMetaOf('/contact');
  });

  it("gives the landing page the table's title (the page sets none of its own)", async () => {
    stubApi({ 'GET /api/user': signedOut, 'GET /api/community/recent': () => json([]) });
    renderRoute('/');
    await screen.findByRole('heading', { level: 1 });
    await expectMetaOf('/');
  });
});
