import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { USER_IDENTIFIER_KEY } from '../../../shared/lib/user-identifier';
import { AI_EDITED_DESCRIPTION } from '../../../shared/ui/ai-edited-badge';
import { aiEditedBadgeOn } from '../../../test/ai-edited';
import { json, signedOut, stubApi, type ApiRoutes } from '../../../test/fetch-stub';
import { renderRoute } from '../../../test/render-route';
import { calls, entryWithRenditions, forgetLaughs, heldAnswer, rankedEntry } from '../components/community-test-kit';
import { LEADERBOARD_IMAGE_SIZES } from './leaderboard-page';

const ME = 'anon_1700000000000_fan';

beforeEach(() => {
  forgetLaughs();
  localStorage.setItem(USER_IDENTIFIER_KEY, ME);
});

afterEach(() => {
  vi.useRealTimers();
});

function ranks(from: number, to: number) {
  return Array.from({ length: to - from + 1 }, (_, index) => rankedEntry(from + index));
}

/** Pages of 10 from `all` (D16). */
function pages(all: ReturnType<typeof rankedEntry>[]) {
  return (request: Request) => {
    const page = Number(new URL(request.url).searchParams.get('page'));
    return json(all.slice((page - 1) * 10, page * 10));
  };
}

async function open(routes: ApiRoutes) {
  const stub = stubApi({ 'GET /api/user': signedOut, 'GET /api/community/recent': () => json([]), ...routes });
  const view = renderRoute('/leaderboard');
  await screen.findByRole('heading', { level: 1, name: 'Hall of Fame' });
  return { ...stub, ...view };
}

function board() {
  return screen.getByRole('list', { name: 'Most laughed-at edits' });
}

function entries() {
  return within(board()).getAllByRole('listitem');
}

function laughButton(prompt: string) {
  return within(screen.getByRole('article', { name: prompt })).getByRole('button', { name: /^Laugh, / });
}

describe('Hall of Fame (000 §2 "Hall of Fame page")', () => {
  it('ranks the edits, with the badges Champion, Runner-up and Third Place on the top three', async () => {
    await open({ 'GET /api/leaderboard': pages(ranks(1, 5)) });

    await screen.findByRole('list', { name: 'Most laughed-at edits' });
    const items = entries();
    expect(items).toHaveLength(5);
    expect(within(items[0]!).getByText('Champion')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Runner-up')).toBeInTheDocument();
    expect(within(items[2]!).getByText('Third Place')).toBeInTheDocument();
    for (const item of items.slice(3)) {
      expect(within(item).queryByText(/Champion|Runner-up|Third Place/)).not.toBeInTheDocument();
    }
    expect(items[0]).toHaveTextContent('Rank #1');
    expect(items[4]).toHaveTextContent('Rank #5');

    // Each entry: both images, the prompt, the laugh count and the laugh control.
    const first = within(items[0]!).getByRole('article', { name: 'prompt number 1' });
    const original = within(first).getByRole('img', { name: 'Original photo for “prompt number 1”' });
    const edited = within(first).getByRole('img', { name: 'AI-edited: prompt number 1' });
    // D42: the generated image is labelled "AI-edited", the original is not.
    expect(aiEditedBadgeOn(edited)).toHaveAccessibleDescription(AI_EDITED_DESCRIPTION);
    expect(aiEditedBadgeOn(original)).toBeNull();
    expect(within(first).getAllByText('AI-edited')).toHaveLength(1);
    expect(within(first).getByRole('button', { name: 'Laugh, 99 laughs' })).toHaveAttribute('aria-pressed', 'false');
  });

  it("loads small renditions through srcset with the list's sizes (D31); the first card's at once and first (issue 24)", async () => {
    const top = { ...rankedEntry(1), ...entryWithRenditions(1, { laughCount: 99 }), rank: 1 };
    const next = { ...rankedEntry(2), ...entryWithRenditions(2, { laughCount: 98 }), rank: 2 };
    await open({ 'GET /api/leaderboard': () => json([top, next]) });

    const article = await screen.findByRole('article', { name: 'prompt number 1' });
    const edited = within(article).getByRole('img', { name: 'AI-edited: prompt number 1' });
    const original = within(article).getByRole('img', { name: 'Original photo for “prompt number 1”' });
    expect(edited.getAttribute('srcset')).toContain(`/api/images/${top.id}/renditions/generated-320-0123456789abcdef.webp 320w`);
    expect(original.getAttribute('srcset')).toContain(`/api/images/${top.id}/renditions/original-1000-0123456789abcdef.webp 1000w`);
    // The first card's pictures are the page's largest paint: not lazy, asked for first, sized.
    for (const image of [original, edited]) {
      expect(image).toHaveAttribute('sizes', LEADERBOARD_IMAGE_SIZES);
      expect(image).toHaveAttribute('loading', 'eager');
      expect(image).toHaveAttribute('fetchpriority', 'high');
      expect(Number(image.getAttribute('width'))).toBeGreaterThan(0);
      expect(Number(image.getAttribute('height'))).toBeGreaterThan(0);
    }
    expect(original.closest('a')).toHaveAttribute('href', `/api/images/${top.id}/original`);
    // The others load when scrolled near.
    const second = await screen.findByRole('article', { name: 'prompt number 2' });
    for (const image of within(second).getAllByRole('img')) {
      expect(image).toHaveAttribute('loading', 'lazy');
      expect(image).not.toHaveAttribute('fetchpriority');
    }
  });

  it('offers "Create Your Own Viral Edit" to /dashboard and Back to Top', async () => {
    await open({ 'GET /api/leaderboard': pages(ranks(1, 2)) });

    expect(screen.getByRole('link', { name: 'Create Your Own Viral Edit' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('button', { name: 'Back to Top' })).toBeInTheDocument();
  });

  it('appends the next page of 10 with Load More, and hides it after a short page', async () => {
    const user = userEvent.setup();
    const { requests } = await open({ 'GET /api/leaderboard': pages(ranks(1, 14)) });
    await screen.findByRole('list', { name: 'Most laughed-at edits' });
    expect(entries()).toHaveLength(10);

    await user.click(screen.getByRole('button', { name: 'Load More' }));

    await waitFor(() => expect(entries()).toHaveLength(14));
    expect(entries()[10]).toHaveTextContent('Rank #11');
    expect(entries()[10]).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
    expect(calls(requests, 'GET', '/api/leaderboard').map((r) => new URL(r.url).searchParams.get('page'))).toContain('2');
  });

  it('keeps Load More after a full page, and shows none when the first page is short', async () => {
    const user = userEvent.setup();
    await open({ 'GET /api/leaderboard': pages(ranks(1, 20)) });
    await screen.findByRole('list', { name: 'Most laughed-at edits' });

    await user.click(screen.getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(entries()).toHaveLength(20));

    // Page 2 was full, so there may be a page 3 (which is empty here).
    await user.click(screen.getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: /Load More|Loading/ })).not.toBeInTheDocument());
    expect(entries()).toHaveLength(20);
  });

  it('has no Load More when everything fits on the first page', async () => {
    await open({ 'GET /api/leaderboard': pages(ranks(1, 9)) });
    await screen.findByRole('list', { name: 'Most laughed-at edits' });

    expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
  });

  it('is refetched every 10 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let all = ranks(1, 2);
    const { requests } = await open({ 'GET /api/leaderboard': (request) => pages(all)(request) });
    await screen.findByRole('list', { name: 'Most laughed-at edits' });
    const before = calls(requests, 'GET', '/api/leaderboard').length;

    all = ranks(1, 3);
    await act(() => vi.advanceTimersByTimeAsync(10_000));

    await waitFor(() => expect(entries()).toHaveLength(3));
    expect(calls(requests, 'GET', '/api/leaderboard').length).toBe(before + 1);
  });

  it('shows skeletons while loading, and says so when there is nothing yet', async () => {
    const board = heldAnswer();
    await open({ 'GET /api/leaderboard': board.handler });

    expect(screen.getByText('Loading the Hall of Fame...')).toBeInTheDocument();
    board.release(json([]));

    expect(
      await screen.findByText('No laughs yet. Laugh at a community edit and it will take its place in the Hall of Fame!'),
    ).toBeInTheDocument();
  });

  it('says so when it cannot be loaded, and tries again on request', async () => {
    const user = userEvent.setup();
    let fail = true;
    await open({ 'GET /api/leaderboard': (request) => (fail ? new Response('down', { status: 500 }) : pages(ranks(1, 1))(request)) });

    expect(await screen.findByText('Unable to load the Hall of Fame. Please try again later.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('list', { name: 'Most laughed-at edits' })).toBeInTheDocument();
  });
});

describe('laughing in the Hall of Fame (000 §4, optimistic)', () => {
  it('counts the laugh at once, then refetches the leaderboard and the recent feed', async () => {
    const user = userEvent.setup();
    const answer = heldAnswer();
    const [first, second] = ranks(1, 2);
    const { requests } = await open({
      'GET /api/leaderboard': pages([first!, second!]),
      [`POST /api/images/${second!.id}/add-laugh`]: answer.handler,
    });
    await screen.findByRole('list', { name: 'Most laughed-at edits' });
    const boardCalls = calls(requests, 'GET', '/api/leaderboard').length;
    const feedCalls = calls(requests, 'GET', '/api/community/recent').length;

    await user.click(laughButton('prompt number 2'));

    await waitFor(() => expect(laughButton('prompt number 2')).toHaveAccessibleName('Laugh, 99 laughs'));
    expect(laughButton('prompt number 2')).toHaveAttribute('aria-pressed', 'true');
    expect(calls(requests, 'GET', '/api/leaderboard')).toHaveLength(boardCalls);

    answer.release(json({ laughCount: 99, hasLaughed: true }));

    await waitFor(() => expect(calls(requests, 'GET', '/api/leaderboard')).toHaveLength(boardCalls + 1));
    // The recent feed is not on this page; its cached data (none here) is stale now.
    expect(calls(requests, 'GET', '/api/community/recent')).toHaveLength(feedCalls);
    expect(laughButton('prompt number 2')).toHaveAttribute('aria-pressed', 'true');
  });

  it('puts the count and the button back when the laugh fails, and only logs it', async () => {
    const user = userEvent.setup();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const answer = heldAnswer();
    const [first] = ranks(1, 1);
    const { requests } = await open({
      'GET /api/leaderboard': pages([first!]),
      [`POST /api/images/${first!.id}/add-laugh`]: answer.handler,
    });
    await screen.findByRole('list', { name: 'Most laughed-at edits' });
    const boardCalls = calls(requests, 'GET', '/api/leaderboard').length;

    await user.click(laughButton('prompt number 1'));
    await waitFor(() => expect(laughButton('prompt number 1')).toHaveAccessibleName('Laugh, 100 laughs'));

    answer.release(new Response('', { status: 404 }));

    await waitFor(() => expect(laughButton('prompt number 1')).toHaveAccessibleName('Laugh, 99 laughs'));
    expect(laughButton('prompt number 1')).toHaveAttribute('aria-pressed', 'false');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('404'));
    expect(document.querySelector('[data-sonner-toast]')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls(requests, 'GET', '/api/leaderboard')).toHaveLength(boardCalls);
  });
});
