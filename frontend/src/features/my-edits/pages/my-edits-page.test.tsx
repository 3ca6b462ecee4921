import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AI_EDITED_DESCRIPTION } from '../../../shared/ui/ai-edited-badge';
import { aiEditedBadgeOn } from '../../../test/ai-edited';
import { heldAnswer, json, signedOut, stubApi } from '../../../test/fetch-stub';
import { renderRoute } from '../../../test/render-route';
import { reloadPage } from '../lib/reload-page';
import {
  calls,
  inDays,
  listAnswer,
  openMyEdits,
  PAID_USER,
  savedImage,
  toastTitle,
} from '../my-edits-test-kit';
import { REMOVE_CONFIRMATION, UPGRADE_TEXT } from './my-edits-page';

vi.mock('../lib/reload-page', () => ({ reloadPage: vi.fn() }));

function card(id: string) {
  return screen.getByRole('article', { name: `“prompt of ${id}”` });
}

async function findCard(id: string) {
  return screen.findByRole('article', { name: `“prompt of ${id}”` });
}

function star(id: string) {
  return within(card(id)).getByRole('button', { name: 'Favorite' });
}

function laugh(id: string) {
  return within(card(id)).getByRole('button', { name: /^Laugh, / });
}

describe('My Edits list (001 §2)', () => {
  it('shows the filter with the counts from the headers and a card per saved image', async () => {
    const { requests } = await openMyEdits({
      'GET /api/my-edits': () =>
        listAnswer(
          [
            savedImage('a', { expiresAt: inDays(3) }),
            savedImage('b', { isFavorite: true, expiresAt: inDays(2) }),
            savedImage('c', { expiresAt: inDays(0) }),
          ],
          { total: 42, favorites: 5 },
        ),
    });

    expect(await screen.findByRole('tab', { name: 'All Images (42)' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Favorites (5)' })).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByText(/Images are saved for 60 days; favorites are kept longer\./)).toBeInTheDocument();
    expect(document.title).toBe('My Edits · Magic Editor');

    const a = within(card('a'));
    const image = a.getByRole('img', { name: 'AI-edited: prompt of a' });
    expect(image).toHaveAttribute('srcset', expect.stringContaining('generated-320-aaaaaaaaaaaaaaaa.webp 320w'));
    expect(image).toHaveAttribute('sizes', '(max-width: 639px) 100vw, (max-width: 1023px) 50vw, 33vw');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('width', '640');
    expect(image).toHaveAttribute('height', '480');
    const link = a.getByRole('link', { name: /^AI-edited: prompt of a\W+opens the full image in a new tab/ });
    expect(link).toHaveAttribute('href', '/api/images/a');
    expect(link).toHaveAttribute('target', '_blank');
    // D42: the image is labelled "AI-edited" over its corner, beside the link (not in its name).
    const label = aiEditedBadgeOn(image);
    expect(label).toHaveTextContent('AI-edited');
    expect(label).toHaveAccessibleDescription(AI_EDITED_DESCRIPTION);
    expect(link).not.toContainElement(label);
    expect(a.getByText('May 1, 2030')).toBeInTheDocument();
    expect(a.getByText('realistic')).toBeInTheDocument();
    expect(a.getByText('3d left')).toBeInTheDocument();
    expect(a.queryByText('Favorite', { selector: 'span' })).not.toBeInTheDocument();
    for (const name of ['Download', 'Remove']) expect(a.getByRole('button', { name })).toBeInTheDocument();
    expect(a.getByRole('button', { name: 'Favorite' })).toHaveAttribute('aria-pressed', 'false');
    expect(a.getByRole('button', { name: 'Laugh, 2 laughs' })).toHaveAttribute('aria-pressed', 'false');

    // A favorite: the heart marker, the pressed star, no expiry badge.
    const b = within(card('b'));
    expect(b.getByText('Favorite', { selector: 'span' })).toBeInTheDocument();
    expect(b.getByRole('button', { name: 'Favorite' })).toHaveAttribute('aria-pressed', 'true');
    expect(b.queryByText(/left$/)).not.toBeInTheDocument();

    expect(within(card('c')).getByText('Expires today')).toBeInTheDocument();

    const [call] = calls(requests, 'GET', '/api/my-edits');
    const params = new URL(call!.url).searchParams;
    expect(params.get('limit')).toBe('30');
    expect(params.has('favorites')).toBe(false);
    expect(params.has('cursor')).toBe(false);
  });

  it('labels every saved image "AI-edited" (D42), its alt "AI-edited image" when it has no prompt', async () => {
    await openMyEdits({ 'GET /api/my-edits': () => listAnswer([savedImage('a'), savedImage('n', { prompt: '  ' })]) });

    await findCard('a');
    const untitled = screen.getByRole('article', { name: 'No prompt' });
    const image = within(untitled).getByRole('img', { name: 'AI-edited image' });
    expect(aiEditedBadgeOn(image)).toHaveAccessibleDescription(AI_EDITED_DESCRIPTION);
    expect(screen.getAllByText('AI-edited')).toHaveLength(2);
  });

  it('shows a spinner while the user loads, then 6 skeleton cards while the list loads', async () => {
    const list = heldAnswer();
    const user = heldAnswer();
    stubApi({ 'GET /api/user': user.handler, 'GET /api/my-edits': list.handler });
    renderRoute('/my-edits');

    expect(await screen.findByText('Loading My Edits...')).toBeInTheDocument();

    user.release(json(PAID_USER));

    const loading = await screen.findByText('Loading your saved images...');
    const region = loading.closest('[aria-busy="true"]');
    expect(region).not.toBeNull();
    expect(region!.querySelectorAll('li')).toHaveLength(6);

    list.release(listAnswer([savedImage('a')]));
    expect(await findCard('a')).toBeInTheDocument();
    expect(screen.queryByText('Loading your saved images...')).not.toBeInTheDocument();
  });

  it('loads the next page with the cursor of X-Next-Cursor', async () => {
    const user = userEvent.setup();
    const { requests } = await openMyEdits({
      'GET /api/my-edits': (request) =>
        new URL(request.url).searchParams.get('cursor') === 'page-2'
          ? listAnswer([savedImage('c')], { total: 3 })
          : listAnswer([savedImage('a'), savedImage('b')], { total: 3, next: 'page-2' }),
    });
    await findCard('a');

    await user.click(screen.getByRole('button', { name: 'Load more' }));

    expect(await findCard('c')).toBeInTheDocument();
    expect(card('a')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    const last = calls(requests, 'GET', '/api/my-edits').at(-1)!;
    expect(new URL(last.url).searchParams.get('cursor')).toBe('page-2');
  });
});

describe('My Edits states (001 §2)', () => {
  it('says "No saved images yet" with a link to make one', async () => {
    await openMyEdits({ 'GET /api/my-edits': () => listAnswer([], { total: 0, favorites: 0 }) });

    expect(await screen.findByText('No saved images yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Your First Image' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('tab', { name: 'All Images (0)' })).toBeInTheDocument();
  });

  it('says "No favorite images yet" on the Favorites filter, which asks for favorites only', async () => {
    const user = userEvent.setup();
    const { requests } = await openMyEdits({
      'GET /api/my-edits': (request) =>
        new URL(request.url).searchParams.get('favorites') === 'true'
          ? listAnswer([], { total: 1, favorites: 0 })
          : listAnswer([savedImage('a')], { total: 1, favorites: 0 }),
    });
    await findCard('a');

    await user.click(screen.getByRole('tab', { name: 'Favorites (0)' }));

    expect(await screen.findByText('No favorite images yet')).toBeInTheDocument();
    expect(screen.getByText('Star your favorite images to see them here.')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Favorites (0)' })).toHaveAttribute('aria-selected', 'true');
    const last = calls(requests, 'GET', '/api/my-edits').at(-1)!;
    expect(new URL(last.url).searchParams.get('favorites')).toBe('true');

    // Back to All Images: the list is there again.
    await user.click(screen.getByRole('tab', { name: 'All Images (1)' }));
    expect(await findCard('a')).toBeInTheDocument();
  });

  it('shows the upgrade prompt on a 403', async () => {
    await openMyEdits({
      'GET /api/my-edits': () =>
        json({ message: UPGRADE_TEXT, error: 'Forbidden', code: 'IMAGES.UPGRADE_REQUIRED' }, { status: 403 }),
    });

    expect(await screen.findByText(UPGRADE_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade Now' })).toHaveAttribute('href', '/pricing');
    expect(screen.getByRole('link', { name: 'Back to Editor' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByText('Error Loading My Edits')).not.toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });

  it('shows "Error Loading My Edits" on any other failure, with Try Again reloading the page', async () => {
    const user = userEvent.setup();
    await openMyEdits({ 'GET /api/my-edits': () => json({ message: 'boom' }, { status: 500 }) });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error Loading My Edits');
    expect(screen.queryByText(UPGRADE_TEXT)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Try Again' }));

    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('asks a signed-out visitor to sign in, without asking for the list', async () => {
    const { requests } = stubApi({ 'GET /api/user': signedOut });
    renderRoute('/my-edits');

    expect(await screen.findByRole('heading', { level: 2, name: 'Sign in to see My Edits' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
    expect(calls(requests, 'GET', '/api/my-edits')).toHaveLength(0);
  });
});

describe('favorites (001 §2, §4, §8)', () => {
  it('stars an image at once, sends the wanted state and says "Updated favorites"', async () => {
    const user = userEvent.setup();
    const answer = heldAnswer();
    const { requests } = await openMyEdits({
      'GET /api/my-edits': () => listAnswer([savedImage('a', { expiresAt: inDays(3) })], { total: 1, favorites: 0 }),
      'POST /api/images/a/favorite': answer.handler,
    });
    await findCard('a');
    expect(within(card('a')).getByText('3d left')).toBeInTheDocument();

    await user.click(star('a'));

    // Optimistic: the star, the heart, the count and the badge change before the answer.
    await waitFor(() => expect(star('a')).toHaveAttribute('aria-pressed', 'true'));
    expect(within(card('a')).getByText('Favorite', { selector: 'span' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Favorites (1)' })).toBeInTheDocument();
    expect(within(card('a')).queryByText('3d left')).not.toBeInTheDocument();

    answer.release(json({ id: 'a', isFavorite: true, expiresAt: inDays(365) }));

    expect(await toastTitle('Updated favorites')).toBeInTheDocument();
    expect(screen.getByText('Image favorite status has been updated.')).toBeInTheDocument();
    expect(star('a')).toHaveAttribute('aria-pressed', 'true');
    const [call] = calls(requests, 'POST', '/api/images/a/favorite');
    expect(await call!.json()).toEqual({ isFavorite: true });
  });

  it('puts the star back and says "Error updating favorite" with the server message when the request fails', async () => {
    const user = userEvent.setup();
    const answer = heldAnswer();
    await openMyEdits({
      'GET /api/my-edits': () => listAnswer([savedImage('a', { isFavorite: true })], { total: 1, favorites: 1 }),
      'POST /api/images/a/favorite': answer.handler,
    });
    await findCard('a');

    await user.click(star('a'));
    await waitFor(() => expect(star('a')).toHaveAttribute('aria-pressed', 'false'));
    expect(screen.getByRole('tab', { name: 'Favorites (0)' })).toBeInTheDocument();

    answer.release(json({ message: 'Image not found in My Edits', error: 'Not Found' }, { status: 404 }));

    expect(await toastTitle('Error updating favorite')).toBeInTheDocument();
    expect(screen.getByText('Image not found in My Edits')).toBeInTheDocument();
    await waitFor(() => expect(star('a')).toHaveAttribute('aria-pressed', 'true'));
    expect(screen.getByRole('tab', { name: 'Favorites (1)' })).toBeInTheDocument();
  });
});

describe('removing (001 §5, §8)', () => {
  it('asks first, then removes the image and says "Image removed"', async () => {
    const user = userEvent.setup();
    const { requests } = await openMyEdits({
      'GET /api/my-edits': () =>
        listAnswer([savedImage('a', { isFavorite: true }), savedImage('b')], { total: 2, favorites: 1 }),
      'DELETE /api/images/a/save': () => json({ isSaved: false }),
    });
    await findCard('a');

    await user.click(within(card('a')).getByRole('button', { name: 'Remove' }));

    const dialog = screen.getByRole('dialog', { name: 'Remove from My Edits' });
    expect(dialog).toHaveAccessibleDescription(REMOVE_CONFIRMATION);
    expect(REMOVE_CONFIRMATION).toBe('Are you sure you want to remove this image from My Edits?');

    // Cancel keeps it.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls(requests, 'DELETE', '/api/images/a/save')).toHaveLength(0);

    await user.click(within(card('a')).getByRole('button', { name: 'Remove' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }));

    expect(await toastTitle('Image removed')).toBeInTheDocument();
    expect(screen.getByText('Image has been removed from My Edits.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('article', { name: '“prompt of a”' })).not.toBeInTheDocument());
    expect(card('b')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'All Images (1)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Favorites (0)' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls(requests, 'DELETE', '/api/images/a/save')).toHaveLength(1);
  });

  it('says "Error removing image" with the server message and keeps the image', async () => {
    const user = userEvent.setup();
    await openMyEdits({
      'GET /api/my-edits': () => listAnswer([savedImage('a')]),
      'DELETE /api/images/a/save': () => json({ message: 'Image not found', error: 'Not Found' }, { status: 404 }),
    });
    await findCard('a');

    await user.click(within(card('a')).getByRole('button', { name: 'Remove' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }));

    expect(await toastTitle('Error removing image')).toBeInTheDocument();
    expect(screen.getByText('Image not found')).toBeInTheDocument();
    expect(card('a')).toBeInTheDocument();
  });
});

describe('laughs (001 §2, §8; 000 §3)', () => {
  it('counts the laugh at once, sends the user id, and says "Added laugh"', async () => {
    const user = userEvent.setup();
    const answer = heldAnswer();
    const { requests } = await openMyEdits({
      'GET /api/my-edits': () => listAnswer([savedImage('a', { laughCount: 2 })]),
      'POST /api/images/a/add-laugh': answer.handler,
    });
    await findCard('a');

    await user.click(laugh('a'));

    // Optimistic: counted before the answer.
    await waitFor(() => expect(laugh('a')).toHaveAccessibleName('Laugh, 3 laughs'));
    expect(laugh('a')).toHaveAttribute('aria-pressed', 'true');

    answer.release(json({ laughCount: 5, hasLaughed: true }));

    expect(await toastTitle('Added laugh')).toBeInTheDocument();
    expect(screen.getByText('You laughed at this image!')).toBeInTheDocument();
    // The server's count replaces the optimistic one.
    await waitFor(() => expect(laugh('a')).toHaveAccessibleName('Laugh, 5 laughs'));
    const [call] = calls(requests, 'POST', '/api/images/a/add-laugh');
    expect(await call!.json()).toEqual({ userIdentifier: '7' });
  });

  it('starts from what the community API says the user id laughed at, and takes a laugh back with remove-laugh', async () => {
    const user = userEvent.setup();
    const { requests } = await openMyEdits({
      'GET /api/my-edits': () => listAnswer([savedImage('a', { laughCount: 4 }), savedImage('b', { laughCount: 1 })]),
      'GET /api/community/laughed': () => json({ laughed: ['a'] }),
      'POST /api/images/a/remove-laugh': () => json({ laughCount: 3, hasLaughed: false }),
    });
    await findCard('a');
    await waitFor(() => expect(laugh('a')).toHaveAttribute('aria-pressed', 'true'));
    expect(laugh('b')).toHaveAttribute('aria-pressed', 'false');
    const [asked] = calls(requests, 'GET', '/api/community/laughed');
    expect(new URL(asked!.url).searchParams.get('userIdentifier')).toBe('7');
    expect(new URL(asked!.url).searchParams.get('ids')).toBe('a,b');

    await user.click(laugh('a'));

    await waitFor(() => expect(calls(requests, 'POST', '/api/images/a/remove-laugh')).toHaveLength(1));
    await waitFor(() => expect(laugh('a')).toHaveAccessibleName('Laugh, 3 laughs'));
    expect(laugh('a')).toHaveAttribute('aria-pressed', 'false');
  });

  it('puts the count back and says "Error adding laugh" with the server message when the request fails', async () => {
    const user = userEvent.setup();
    const answer = heldAnswer();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await openMyEdits({
      'GET /api/my-edits': () => listAnswer([savedImage('a', { laughCount: 2 })]),
      'POST /api/images/a/add-laugh': answer.handler,
    });
    await findCard('a');

    await user.click(laugh('a'));
    await waitFor(() => expect(laugh('a')).toHaveAccessibleName('Laugh, 3 laughs'));
    expect(laugh('a')).toHaveAttribute('aria-pressed', 'true');

    answer.release(json({ message: 'Too many laughs', error: 'Too Many Requests' }, { status: 429 }));

    expect(await toastTitle('Error adding laugh')).toBeInTheDocument();
    expect(screen.getByText('Too many laughs')).toBeInTheDocument();
    await waitFor(() => expect(laugh('a')).toHaveAccessibleName('Laugh, 2 laughs'));
    expect(laugh('a')).toHaveAttribute('aria-pressed', 'false');
  });
});

describe('download (001 §7, §8)', () => {
  function stubSaving() {
    const saved: { name: string; href: string }[] = [];
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:image'), revokeObjectURL: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.href });
    });
    return saved;
  }

  it('saves the image under the name the server gives', async () => {
    const user = userEvent.setup();
    const saved = stubSaving();
    await openMyEdits({
      'GET /api/my-edits': () => listAnswer([savedImage('a')]),
      'GET /api/images/a/download': () =>
        new Response(new Uint8Array([1, 2, 3]), {
          headers: { 'Content-Type': 'image/png', 'Content-Disposition': 'attachment; filename="magic-editor-a.png"' },
        }),
    });
    await findCard('a');

    await user.click(within(card('a')).getByRole('button', { name: 'Download' }));

    await waitFor(() => expect(saved).toEqual([{ name: 'magic-editor-a.png', href: 'blob:image' }]));
  });

  it('says "Download failed" when the image cannot be fetched', async () => {
    const user = userEvent.setup();
    const saved = stubSaving();
    await openMyEdits({
      'GET /api/my-edits': () => listAnswer([savedImage('a')]),
      'GET /api/images/a/download': () => new Response(null, { status: 500 }),
    });
    await findCard('a');

    await user.click(within(card('a')).getByRole('button', { name: 'Download' }));

    expect(await toastTitle('Download failed')).toBeInTheDocument();
    expect(screen.getByText('Could not download the image. Please try again.')).toBeInTheDocument();
    expect(saved).toEqual([]);
  });
});

describe('edit chains (issue 26, D38)', () => {
  it('links a card of a chain to its history in the editor: "3 versions"', async () => {
    const user = userEvent.setup();
    const { router } = await openMyEdits({
      'GET /api/my-edits': () => listAnswer([savedImage('a', { versions: 3 }), savedImage('b')]),
      'GET /api/user/credits': () => json({ balance: 3, regular: 3, watermarked: 0 }),
      'GET /api/community/recent': () => json([]),
      'GET /api/images/a/history': () =>
        json({
          chain: [
            {
              id: 'a',
              parentImageId: null,
              rootImageId: 'a',
              variantGroupId: null,
              prompt: 'prompt of a',
              style: 'realistic',
              seed: 1,
              model: 'local',
              watermarked: false,
              isPublic: true,
              createdAt: '2030-05-01T10:00:00.000Z',
              imageUrl: '/api/images/a',
              originalUrl: '/api/images/a/original',
              downloadUrl: '/api/images/a/download',
              originalRenditions: [],
              generatedRenditions: [],
            },
          ],
          children: [],
        }),
    });
    await findCard('a');

    const link = within(card('a')).getByRole('link', { name: '3 versions: open the edit history of prompt of a' });
    expect(link).toHaveAttribute('href', '/dashboard?image=a');
    expect(link).toHaveTextContent('3 versions');
    // A single edit has no history to open.
    expect(within(card('b')).queryByRole('link', { name: /versions/ })).not.toBeInTheDocument();

    await user.click(link);

    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/dashboard?image=a'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Download Results' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Versions' })).toBeInTheDocument();
  });
});
