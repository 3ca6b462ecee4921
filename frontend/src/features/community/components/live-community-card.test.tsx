import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { USER_IDENTIFIER_KEY } from '../../../shared/lib/user-identifier';
import { AI_EDITED_DESCRIPTION } from '../../../shared/ui/ai-edited-badge';
import { aiEditedBadgeOn } from '../../../test/ai-edited';
import { json, signedOut, stubApi, type ApiRoutes } from '../../../test/fetch-stub';
import { resetPageVisibility, stubWebSocket } from '../../../test/websocket-stub';
import { laughMemory } from '../lib/laugh-memory';
import { calls, entry, entryWithRenditions, forgetLaughs, heldAnswer, renderWithStore } from './community-test-kit';
import { LIVE_EDIT_IMAGE_SIZES, LiveCommunityCard } from './live-community-card';

const ME = 'anon_1700000000000_visitor';
const LATEST = entry(1, { prompt: 'add snow falling', laughCount: 2 });
const NEWER = entry(0, { prompt: 'make it a cartoon', style: 'cartoon', timestamp: new Date(Date.UTC(2026, 2, 10, 13)).toISOString() });

beforeEach(() => {
  forgetLaughs();
  localStorage.setItem(USER_IDENTIFIER_KEY, ME);
});

afterEach(() => {
  vi.useRealTimers();
  resetPageVisibility();
});

function show(routes: ApiRoutes = {}) {
  const ws = stubWebSocket();
  const stub = stubApi({
    'GET /api/user': signedOut,
    'GET /api/community/recent': () => json([LATEST]),
    [`GET /api/images/${LATEST.id}/has-laughed`]: () => json({ hasLaughed: false }),
    ...routes,
  });
  return { ...ws, ...stub, ...renderWithStore(<LiveCommunityCard />) };
}

function card() {
  return screen.getByRole('article', { name: 'Latest community edit' });
}

function laughButton() {
  return within(card()).getByRole('button', { name: /^Laugh, / });
}

describe('the live community card (000 §2 landing page, §4)', () => {
  it('shows a skeleton of the same card while loading, then the latest edit with both images', async () => {
    const feed = heldAnswer();
    const { requests } = show({ 'GET /api/community/recent': feed.handler });

    expect(within(card()).getByText('Loading the latest community edit...')).toBeInTheDocument();
    expect(within(card()).queryByRole('button', { name: /^Laugh/ })).not.toBeInTheDocument();
    feed.release(json([LATEST]));

    expect(await within(card()).findByText('“add snow falling”')).toBeInTheDocument();
    expect(new URL(calls(requests, 'GET', '/api/community/recent')[0]!.url).search).toBe('?limit=1');
    const original = within(card()).getByRole('img', { name: 'Original photo for “add snow falling”' });
    const edited = within(card()).getByRole('img', { name: 'AI-edited: add snow falling' });
    // D42: the generated image is labelled, the original is not.
    expect(aiEditedBadgeOn(edited)).toHaveAccessibleDescription(AI_EDITED_DESCRIPTION);
    expect(aiEditedBadgeOn(original)).toBeNull();
    expect(original.closest('a')).toHaveAttribute('href', `/api/images/${LATEST.id}/original`);
    expect(edited.closest('a')).toHaveAttribute('href', `/api/images/${LATEST.id}`);
    expect(edited.closest('a')).toHaveAttribute('target', '_blank');
    expect(laughButton()).toHaveAccessibleName('Laugh, 2 laughs');
  });

  it("loads the renditions with the card's sizes, at once (D31), from the feed and from live messages", async () => {
    const withRenditions = entryWithRenditions(1, { prompt: 'add snow falling' });
    const { latest } = show({ 'GET /api/community/recent': () => json([withRenditions]) });

    const edited = await within(card()).findByRole('img', { name: 'AI-edited: add snow falling' });
    const original = within(card()).getByRole('img', { name: 'Original photo for “add snow falling”' });
    for (const image of [original, edited]) {
      expect(image).toHaveAttribute('sizes', LIVE_EDIT_IMAGE_SIZES);
      expect(image.getAttribute('srcset')).toContain(' 320w');
      expect(image).toHaveAttribute('loading', 'eager');
      expect(image).toHaveAttribute('decoding', 'async');
    }
    expect(edited.getAttribute('srcset')).toContain(`/api/images/${LATEST.id}/renditions/generated-640-`);
    expect(edited.closest('a')).toHaveAttribute('href', `/api/images/${LATEST.id}`);

    act(() => latest().open());
    act(() => latest().receive({ type: 'new_community_edit', data: entryWithRenditions(0, { prompt: 'make it a cartoon', timestamp: NEWER.timestamp }) }));
    const newer = within(card()).getByRole('img', { name: 'AI-edited: make it a cartoon' });
    expect(newer.getAttribute('srcset')).toContain(`/api/images/${NEWER.id}/renditions/generated-320-`);
    expect(newer).toHaveAttribute('sizes', LIVE_EDIT_IMAGE_SIZES);
  });

  it('takes its first laugh state from has-laughed, asked with the identifier', async () => {
    const { requests } = show({ [`GET /api/images/${LATEST.id}/has-laughed`]: () => json({ hasLaughed: true }) });

    await waitFor(() => expect(laughButton()).toHaveAttribute('aria-pressed', 'true'));
    const [asked] = calls(requests, 'GET', `/api/images/${LATEST.id}/has-laughed`);
    expect(new URL(asked!.url).searchParams.get('userIdentifier')).toBe(ME);
  });

  it('shows "not laughed" and only logs it when has-laughed fails (000 §8)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    show({ [`GET /api/images/${LATEST.id}/has-laughed`]: () => new Response('down', { status: 500 }) });

    await waitFor(() => expect(warn).toHaveBeenCalledWith(expect.stringContaining('500: down')));
    expect(laughButton()).toHaveAttribute('aria-pressed', 'false');
    expect(document.querySelector('[data-sonner-toast]')).toBeNull();
  });

  it('prefers the laugh state remembered in the last 30 seconds', async () => {
    laughMemory.remember(LATEST.id, true);
    show();

    expect(await within(card()).findByRole('button', { name: /^Laugh, / })).toHaveAttribute('aria-pressed', 'true');
  });

  it('changes the count only once the server has answered (not optimistic)', async () => {
    const user = userEvent.setup();
    const answer = heldAnswer();
    const { requests } = show({ [`POST /api/images/${LATEST.id}/add-laugh`]: answer.handler });
    await waitFor(() => expect(calls(requests, 'GET', `/api/images/${LATEST.id}/has-laughed`)).toHaveLength(1));
    await within(card()).findByText('“add snow falling”');

    await user.click(laughButton());
    await waitFor(() => expect(calls(requests, 'POST', `/api/images/${LATEST.id}/add-laugh`)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));

    expect(laughButton()).toHaveAccessibleName('Laugh, 2 laughs');
    expect(laughButton()).toHaveAttribute('aria-pressed', 'false');
    expect(await calls(requests, 'POST', `/api/images/${LATEST.id}/add-laugh`)[0]!.json()).toEqual({ userIdentifier: ME });

    // The server's own count, which may include other people's laughs.
    answer.release(json({ laughCount: 5, hasLaughed: true }));

    await waitFor(() => expect(laughButton()).toHaveAccessibleName('Laugh, 5 laughs'));
    expect(laughButton()).toHaveAttribute('aria-pressed', 'true');
  });

  it('takes a laugh back with remove-laugh', async () => {
    const user = userEvent.setup();
    show({
      [`GET /api/images/${LATEST.id}/has-laughed`]: () => json({ hasLaughed: true }),
      [`POST /api/images/${LATEST.id}/remove-laugh`]: () => json({ laughCount: 1, hasLaughed: false }),
    });
    await waitFor(() => expect(laughButton()).toHaveAttribute('aria-pressed', 'true'));

    await user.click(laughButton());

    await waitFor(() => expect(laughButton()).toHaveAccessibleName('Laugh, 1 laugh'));
    expect(laughButton()).toHaveAttribute('aria-pressed', 'false');
  });

  it('leaves the count and the button as they were when the laugh fails, and only logs it', async () => {
    const user = userEvent.setup();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    show({ [`POST /api/images/${LATEST.id}/add-laugh`]: () => new Response('slow down', { status: 429 }) });
    await within(card()).findByText('“add snow falling”');

    await user.click(laughButton());

    await waitFor(() => expect(warn).toHaveBeenCalledWith(expect.stringContaining('429: slow down')));
    expect(laughButton()).toHaveAccessibleName('Laugh, 2 laughs');
    expect(laughButton()).toHaveAttribute('aria-pressed', 'false');
    expect(laughButton()).not.toHaveAttribute('aria-disabled');
  });

  it('shows a new edit from the live connection at once, with its count and not laughed', async () => {
    const { latest } = show({ [`GET /api/images/${LATEST.id}/has-laughed`]: () => json({ hasLaughed: true }) });
    await waitFor(() => expect(laughButton()).toHaveAttribute('aria-pressed', 'true'));
    act(() => latest().open());

    act(() => latest().receive({ type: 'new_community_edit', data: { ...NEWER, laughCount: 4 } }));

    expect(within(card()).getByText('“make it a cartoon”')).toBeInTheDocument();
    expect(within(card()).queryByText('“add snow falling”')).not.toBeInTheDocument();
    expect(within(card()).getByRole('img', { name: 'AI-edited: make it a cartoon' })).toHaveAttribute('src', `/api/images/${NEWER.id}`);
    expect(laughButton()).toHaveAccessibleName('Laugh, 4 laughs');
    expect(laughButton()).toHaveAttribute('aria-pressed', 'false');
  });

  it('drops an edit a report withdrew (D43: community_edit_removed) and asks the feed again', async () => {
    let feed = [LATEST];
    const { latest, requests } = show({ 'GET /api/community/recent': () => json(feed) });
    await within(card()).findByText('“add snow falling”');
    act(() => latest().open());
    act(() => latest().receive({ type: 'new_community_edit', data: NEWER }));
    expect(within(card()).getByText('“make it a cartoon”')).toBeInTheDocument();
    const asked = calls(requests, 'GET', '/api/community/recent').length;

    feed = [LATEST];
    act(() => latest().receive({ type: 'community_edit_removed', data: { id: NEWER.id } }));
    expect(await within(card()).findByText('“add snow falling”')).toBeInTheDocument();
    expect(within(card()).queryByText('“make it a cartoon”')).not.toBeInTheDocument();
    await waitFor(() => expect(calls(requests, 'GET', '/api/community/recent').length).toBeGreaterThan(asked));
  });

  it('counts 0 for a live edit without a laugh count, and resets "laughed" even for a known image', async () => {
    const user = userEvent.setup();
    const { latest } = show({ [`POST /api/images/${LATEST.id}/add-laugh`]: () => json({ laughCount: 3, hasLaughed: true }) });
    await within(card()).findByText('“add snow falling”');
    await user.click(laughButton());
    await waitFor(() => expect(laughButton()).toHaveAttribute('aria-pressed', 'true'));

    const { laughCount: _omitted, ...withoutCount } = LATEST;
    act(() => latest().receive({ type: 'new_community_edit', data: withoutCount }));

    expect(laughButton()).toHaveAccessibleName('Laugh, 0 laughs');
    expect(laughButton()).toHaveAttribute('aria-pressed', 'false');
  });

  it('shows a live edit even when the feed was empty', async () => {
    const { latest } = show({ 'GET /api/community/recent': () => json([]) });
    expect(
      await within(card()).findByText('No community creations yet. Be the first to create something amazing!'),
    ).toBeInTheDocument();

    act(() => latest().receive({ type: 'new_community_edit', data: NEWER }));

    expect(within(card()).getByText('“make it a cartoon”')).toBeInTheDocument();
    expect(within(card()).queryByText(/No community creations yet/)).not.toBeInTheDocument();
  });

  it('says so when the feed cannot be loaded, and tries again on request', async () => {
    const user = userEvent.setup();
    let fail = true;
    show({ 'GET /api/community/recent': () => (fail ? new Response('down', { status: 500 }) : json([LATEST])) });

    expect(
      await within(card()).findByText('Unable to load community edits. Please try again later.'),
    ).toBeInTheDocument();
    fail = false;
    await user.click(within(card()).getByRole('button', { name: 'Try again' }));

    expect(await within(card()).findByText('“add snow falling”')).toBeInTheDocument();
  });

  it('shows whether live updates are on', async () => {
    const { latest } = show();
    expect(within(card()).getByText('Live updates are off')).toBeInTheDocument();
    expect(within(card()).getByText('Offline')).toBeInTheDocument();

    act(() => latest().open());
    expect(within(card()).getByText('Live updates are on')).toBeInTheDocument();
    expect(within(card()).getByText('Live')).toBeInTheDocument();

    act(() => latest().drop());
    expect(within(card()).getByText('Live updates are off')).toBeInTheDocument();
  });

  it('links to the Hall of Fame', async () => {
    show();
    expect(within(card()).getByRole('link', { name: /Hall of Fame/ })).toHaveAttribute('href', '/leaderboard');
  });
});
