import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders } from '../../../test/app-parts';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { baseApi } from '../../../shared/api/base-api';
import { USER_IDENTIFIER_KEY } from '../../../shared/lib/user-identifier';
import { AI_EDITED_DESCRIPTION } from '../../../shared/ui/ai-edited-badge';
import { aiEditedBadgeOn } from '../../../test/ai-edited';
import { json, signedOut, stubApi, type ApiRoutes } from '../../../test/fetch-stub';
import { laughMemory } from '../lib/laugh-memory';
import { calls, entry, entryWithRenditions, forgetLaughs, heldAnswer, renderWithStore } from './community-test-kit';
import { RECENT_EDIT_IMAGE_SIZES, RecentCommunityEdits } from './recent-community-edits';

const ME = 'anon_1700000000000_tester';
const FIRST = entry(1, { prompt: 'add snow falling', laughCount: 3 });
const SECOND = entry(2, { prompt: 'make it black and white', style: 'cartoon' });

beforeEach(() => {
  forgetLaughs();
  localStorage.setItem(USER_IDENTIFIER_KEY, ME);
});

afterEach(() => {
  vi.useRealTimers();
});

function show(routes: ApiRoutes = {}) {
  const stub = stubApi({
    'GET /api/user': signedOut,
    'GET /api/community/recent': () => json([FIRST, SECOND]),
    ...routes,
  });
  return { ...stub, ...renderWithStore(<RecentCommunityEdits />) };
}

function card(prompt: string) {
  return screen.getByRole('article', { name: prompt });
}

function laughButton(prompt: string) {
  return within(card(prompt)).getByRole('button', { name: /^Laugh, / });
}

describe('Recent Community Edits (000 §2 editor page)', () => {
  it('shows skeleton cards while loading, then each edit with its images, prompt, style and laughs', async () => {
    const feed = heldAnswer();
    show({ 'GET /api/community/recent': feed.handler });

    expect(screen.getByText('Loading community edits...')).toBeInTheDocument();
    await waitFor(() => expect(feed.waiting).toBe(1));
    feed.release(json([FIRST, SECOND]));

    const first = await screen.findByRole('article', { name: 'add snow falling' });
    expect(screen.queryByText('Loading community edits...')).not.toBeInTheDocument();
    const original = within(first).getByRole('img', { name: 'Original photo for “add snow falling”' });
    const edited = within(first).getByRole('img', { name: 'AI-edited: add snow falling' });
    expect(original).toHaveAttribute('src', `/api/images/${FIRST.id}/original`);
    // D42: the generated image is labelled, the original is not.
    expect(aiEditedBadgeOn(edited)).toHaveAccessibleDescription(AI_EDITED_DESCRIPTION);
    expect(aiEditedBadgeOn(original)).toBeNull();
    expect(within(first).getAllByText('AI-edited')).toHaveLength(1);
    expect(edited).toHaveAttribute('src', `/api/images/${FIRST.id}`);
    for (const image of [original, edited]) {
      expect(image).toHaveAttribute('loading', 'lazy');
      expect(image).toHaveAttribute('width');
      expect(image).toHaveAttribute('height');
    }
    // 000 §2 "Image links": each opens in a new tab.
    const links = within(first).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([`/api/images/${FIRST.id}/original`, `/api/images/${FIRST.id}`]);
    for (const link of links) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    expect(within(first).getByText('realistic')).toBeInTheDocument();
    expect(laughButton('add snow falling')).toHaveAttribute('aria-pressed', 'false');
    expect(laughButton('add snow falling')).toHaveAccessibleName('Laugh, 3 laughs');
    expect(within(card('make it black and white')).getByText('cartoon')).toBeInTheDocument();
    expect(laughButton('make it black and white')).toHaveAccessibleName('Laugh, 0 laughs');
  });

  it("loads small renditions through srcset with the list's sizes, and the full image only without them (D31)", async () => {
    const small = entryWithRenditions(3, { prompt: 'turn it into winter' });
    show({ 'GET /api/community/recent': () => json([small, FIRST]) });

    const withRenditions = await screen.findByRole('article', { name: 'turn it into winter' });
    const edited = within(withRenditions).getByRole('img', { name: 'AI-edited: turn it into winter' });
    const original = within(withRenditions).getByRole('img', { name: 'Original photo for “turn it into winter”' });
    expect(edited).toHaveAttribute(
      'srcset',
      small.generatedRenditions.map((r) => `${r.url} ${r.width}w`).join(', '),
    );
    expect(original.getAttribute('srcset')).toContain(`/api/images/${small.id}/renditions/original-320-0123456789abcdef.webp 320w`);
    for (const image of [original, edited]) {
      expect(image).toHaveAttribute('sizes', RECENT_EDIT_IMAGE_SIZES);
      expect(image).toHaveAttribute('width', '1000');
      expect(image).toHaveAttribute('height', '667');
      expect(image).toHaveAttribute('loading', 'lazy');
      expect(image).toHaveAttribute('decoding', 'async');
      expect(image.getAttribute('src')).not.toBe(image.closest('a')?.getAttribute('href'));
    }
    expect(edited.closest('a')).toHaveAttribute('href', `/api/images/${small.id}`);

    // An edit without renditions yet: its full image.
    const withoutRenditions = within(card('add snow falling')).getByRole('img', { name: 'AI-edited: add snow falling' });
    expect(withoutRenditions).toHaveAttribute('src', `/api/images/${FIRST.id}`);
    expect(withoutRenditions).not.toHaveAttribute('srcset');
  });

  it('says so when there are no community edits yet', async () => {
    show({ 'GET /api/community/recent': () => json([]) });

    expect(
      await screen.findByText('No community creations yet. Be the first to create something amazing!'),
    ).toBeInTheDocument();
  });

  it('says so when the edits cannot be loaded, and tries again on request', async () => {
    const user = userEvent.setup();
    let fail = true;
    show({ 'GET /api/community/recent': () => (fail ? new Response('down', { status: 500 }) : json([FIRST])) });

    expect(await screen.findByText('Unable to load community edits. Please try again later.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('article', { name: 'add snow falling' })).toBeInTheDocument();
  });

  it('shows the error state, as an alert, when the answer is not a list of edits', async () => {
    show({ 'GET /api/community/recent': () => json({ edits: [FIRST] }) });

    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to load community edits. Please try again later.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('is refetched every 15 seconds and when the editor says there is a new image', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let feed = [SECOND];
    const { requests, store } = show({ 'GET /api/community/recent': () => json(feed) });
    await screen.findByRole('article', { name: 'make it black and white' });
    expect(calls(requests, 'GET', '/api/community/recent')).toHaveLength(1);

    feed = [FIRST, SECOND];
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(await screen.findByRole('article', { name: 'add snow falling' })).toBeInTheDocument();
    expect(calls(requests, 'GET', '/api/community/recent')).toHaveLength(2);

    // 000 §4 "Community refresh": the editor invalidates the feed after a new image.
    act(() => {
      store.dispatch(baseApi.util.invalidateTags(['CommunityFeed']));
    });
    await waitFor(() => expect(calls(requests, 'GET', '/api/community/recent')).toHaveLength(3));
  });

  it('is fetched again when shown after 10 seconds, not before (stale after 10 s)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { requests, store } = show();
    await screen.findByRole('article', { name: 'add snow falling' });
    cleanup();
    const remount = () =>
      render(
        <AppProviders store={store}>
          <MemoryRouter>
            <RecentCommunityEdits />
          </MemoryRouter>
        </AppProviders>,
      );

    await act(() => vi.advanceTimersByTimeAsync(5_000));
    remount();
    await screen.findByRole('article', { name: 'add snow falling' });
    expect(calls(requests, 'GET', '/api/community/recent')).toHaveLength(1);
    cleanup();

    await act(() => vi.advanceTimersByTimeAsync(6_000));
    remount();
    await waitFor(() => expect(calls(requests, 'GET', '/api/community/recent')).toHaveLength(2));
  });
});

describe('laughing in the community list (000 §4 "Laugh toggle", optimistic)', () => {
  it('counts the laugh at once, sends the identifier, and keeps it when the server agrees', async () => {
    const user = userEvent.setup();
    const answer = heldAnswer();
    const { requests } = show({ [`POST /api/images/${FIRST.id}/add-laugh`]: answer.handler });
    await screen.findByRole('article', { name: 'add snow falling' });

    await user.click(laughButton('add snow falling'));

    // Before any answer (the store tells the screen on the next animation frame).
    await waitFor(() => expect(laughButton('add snow falling')).toHaveAccessibleName('Laugh, 4 laughs'));
    expect(laughButton('add snow falling')).toHaveAttribute('aria-pressed', 'true');
    const [call] = calls(requests, 'POST', `/api/images/${FIRST.id}/add-laugh`);
    expect(await call!.json()).toEqual({ userIdentifier: ME });

    answer.release(json({ laughCount: 4, hasLaughed: true }));
    await waitFor(() => expect(laughButton('add snow falling')).not.toHaveAttribute('aria-disabled'));
    expect(laughButton('add snow falling')).toHaveAccessibleName('Laugh, 4 laughs');
    expect(laughButton('add snow falling')).toHaveAttribute('aria-pressed', 'true');
    expect(laughMemory.get(FIRST.id)).toBe(true);
  });

  it('puts the count and the button back when the laugh fails, and only logs it (000 §8)', async () => {
    const user = userEvent.setup();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const answer = heldAnswer();
    show({ [`POST /api/images/${FIRST.id}/add-laugh`]: answer.handler });
    await screen.findByRole('article', { name: 'add snow falling' });

    await user.click(laughButton('add snow falling'));
    await waitFor(() => expect(laughButton('add snow falling')).toHaveAccessibleName('Laugh, 4 laughs'));

    answer.release(json({ message: 'Too many laughs, slow down', error: 'Too Many Requests' }, { status: 429 }));

    await waitFor(() => expect(laughButton('add snow falling')).toHaveAccessibleName('Laugh, 3 laughs'));
    expect(laughButton('add snow falling')).toHaveAttribute('aria-pressed', 'false');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('429: Too many laughs, slow down'));
    expect(document.querySelector('[data-sonner-toast]')).toBeNull();
    expect(laughMemory.get(FIRST.id)).toBeUndefined();
  });

  it('starts from the remembered state, takes the laugh back, and never counts below 0', async () => {
    const user = userEvent.setup();
    laughMemory.remember(SECOND.id, true);
    const { requests } = show({
      [`POST /api/images/${SECOND.id}/remove-laugh`]: () => json({ laughCount: 0, hasLaughed: false }),
    });
    await screen.findByRole('article', { name: 'make it black and white' });
    expect(laughButton('make it black and white')).toHaveAttribute('aria-pressed', 'true');

    await user.click(laughButton('make it black and white'));

    expect(laughButton('make it black and white')).toHaveAttribute('aria-pressed', 'false');
    expect(laughButton('make it black and white')).toHaveAccessibleName('Laugh, 0 laughs');
    await waitFor(() => expect(calls(requests, 'POST', `/api/images/${SECOND.id}/remove-laugh`)).toHaveLength(1));
    expect(laughMemory.get(SECOND.id)).toBe(false);
  });

  it('ignores a second click while the first laugh is on its way', async () => {
    const user = userEvent.setup();
    const answer = heldAnswer();
    const { requests } = show({ [`POST /api/images/${FIRST.id}/add-laugh`]: answer.handler });
    await screen.findByRole('article', { name: 'add snow falling' });

    await user.click(laughButton('add snow falling'));
    await user.click(laughButton('add snow falling'));

    expect(laughButton('add snow falling')).toHaveAttribute('aria-disabled', 'true');
    expect(laughButton('add snow falling')).toHaveFocus();
    expect(calls(requests, 'POST', `/api/images/${FIRST.id}/add-laugh`)).toHaveLength(1);
    expect(calls(requests, 'POST', `/api/images/${FIRST.id}/remove-laugh`)).toHaveLength(0);
    answer.release(json({ laughCount: 4, hasLaughed: true }));
    await waitFor(() => expect(laughButton('add snow falling')).not.toHaveAttribute('aria-disabled'));
  });
});
