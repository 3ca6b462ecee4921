import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, signedOut, stubApi, type ApiRoutes } from '../../../test/fetch-stub';
import { renderRoute } from '../../../test/render-route';
import { userBody } from '../../../test/contract-answers';

const ID = '0b6c7f64-4b36-4f2c-9a1e-1f5e0f2a9c11';

const EDIT = {
  id: ID,
  prompt: '"make it snow"',
  style: 'realistic',
  timestamp: '2030-06-01T12:00:00.000Z',
  laughCount: 3,
  imageUrl: `/api/images/${ID}`,
  originalUrl: `/api/images/${ID}/original`,
  originalRenditions: [{ url: `/api/images/${ID}/renditions/original-640-aaaaaaaaaaaaaaaa.webp`, width: 640, height: 427 }],
  generatedRenditions: [{ url: `/api/images/${ID}/renditions/generated-640-bbbbbbbbbbbbbbbb.webp`, width: 640, height: 427 }],
  visibility: 'public',
  isOwner: false,
};

const PAT = userBody({ id: 'u-7', email: 'pat@example.com', username: 'pat' });

function openShare(routes: ApiRoutes) {
  const stub = stubApi({ 'GET /api/user': signedOut, 'GET /api/user/credits': () => json({ balance: 2, regular: 0, watermarked: 2 }), ...routes });
  const view = renderRoute(`/share/${ID}`);
  return { ...stub, ...view };
}

function description(): string | null {
  return document.head.querySelector('meta[name="description"]')?.getAttribute('content') ?? null;
}

/** Issue 15: an edit's public share page. */
describe('the share page /share/{id}', () => {
  it('shows a public edit: the prompt quoted once, before and after, its laughs, and its title and description', async () => {
    openShare({
      [`GET /api/images/${ID}/share`]: () => json(EDIT),
      [`GET /api/images/${ID}/has-laughed`]: () => json({ hasLaughed: false }),
    });

    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading).toHaveTextContent(/^\u201cmake it snow\u201d$/);
    expect(screen.getByText('Made with Magic Editor')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'The photo before the edit' })).toHaveAttribute('src', EDIT.originalRenditions[0]!.url);
    expect(screen.getByRole('img', { name: '"make it snow"' })).toHaveAttribute('src', EDIT.generatedRenditions[0]!.url);
    expect(screen.getByText('Before')).toBeInTheDocument();
    expect(screen.getByText('After')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Laugh, 3 laughs' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByText(/only you can see/i)).not.toBeInTheDocument();

    await waitFor(() => expect(document.title).toBe('\u201cmake it snow\u201d · Magic Editor'));
    expect(description()).toContain('\u201cmake it snow\u201d');
  });

  it('renders a prompt that holds markup as text', async () => {
    openShare({ [`GET /api/images/${ID}/share`]: () => json({ ...EDIT, prompt: '<img src=x onerror=alert(1)> add snow' }) });

    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent).toBe('\u201c<img src=x onerror=alert(1)> add snow\u201d');
    expect(heading.querySelector('img')).toBeNull();
  });

  it('laughs with this browser, the count going up at once', async () => {
    const user = userEvent.setup();
    let sent: unknown = null;
    openShare({
      [`GET /api/images/${ID}/share`]: () => json(EDIT),
      [`GET /api/images/${ID}/has-laughed`]: () => json({ hasLaughed: false }),
      [`POST /api/images/${ID}/add-laugh`]: async (request) => {
        sent = await request.json();
        return json({ laughCount: 4, hasLaughed: true });
      },
    });

    await user.click(await screen.findByRole('button', { name: 'Laugh, 3 laughs' }));

    const laughed = await screen.findByRole('button', { name: 'Laugh, 4 laughs' });
    expect(laughed).toHaveAttribute('aria-pressed', 'true');
    expect(sent).toEqual({ userIdentifier: expect.stringMatching(/^anon_/) });
  });

  it('puts the count back when the laugh fails', async () => {
    const user = userEvent.setup();
    openShare({
      [`GET /api/images/${ID}/share`]: () => json(EDIT),
      [`GET /api/images/${ID}/has-laughed`]: () => json({ hasLaughed: false }),
      [`POST /api/images/${ID}/add-laugh`]: () => json({ message: 'Too many laughs', error: 'Too Many Requests' }, { status: 429 }),
    });

    await user.click(await screen.findByRole('button', { name: 'Laugh, 3 laughs' }));

    await waitFor(() => expect(screen.getByRole('button', { name: 'Laugh, 3 laughs' })).toHaveAttribute('aria-pressed', 'false'));
  });

  it('signed out, "Make your own" opens the sign-up dialog', async () => {
    const user = userEvent.setup();
    openShare({ [`GET /api/images/${ID}/share`]: () => json(EDIT) });

    await user.click(await screen.findByRole('button', { name: 'Make your own' }));

    expect(await screen.findByRole('dialog', { name: 'Create your free account' })).toBeInTheDocument();
  });

  it('signed in, "Make your own" goes to the editor', async () => {
    openShare({ 'GET /api/user': () => json(PAT), [`GET /api/images/${ID}/share`]: () => json(EDIT) });

    expect(await screen.findByRole('link', { name: 'Make your own' })).toHaveAttribute('href', '/dashboard');
  });

  it('shows the loading state until the edit arrives', async () => {
    // Made before the request, so that releasing it cannot come before the request is sent.
    let release: (response: Response) => void = () => undefined;
    const answer = new Promise<Response>((resolve) => (release = resolve));
    openShare({ [`GET /api/images/${ID}/share`]: () => answer });

    expect(await screen.findByText('Loading the edit...')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();

    release(json(EDIT));
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('make it snow');
  });

  it('says an edit it may not see is not available, giving nothing of it away', async () => {
    openShare({ [`GET /api/images/${ID}/share`]: () => json({ message: 'Image not found', error: 'Not Found', code: 'IMAGE.NOT_FOUND' }, { status: 404 }) });

    expect(await screen.findByRole('heading', { level: 1, name: 'This edit is not available' })).toBeInTheDocument();
    expect(screen.getByText(/It may be private, or it may have been deleted/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the Hall of Fame instead' })).toHaveAttribute('href', '/leaderboard');
    expect(screen.getByRole('button', { name: 'Make your own' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Laugh/ })).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Edit not available · Magic Editor'));
  });

  it('shows an error with Try again when the edit cannot be loaded, and loads it on retry', async () => {
    const user = userEvent.setup();
    let fail = true;
    openShare({
      [`GET /api/images/${ID}/share`]: () =>
        fail ? json({ message: 'Database unavailable', error: 'Service Unavailable' }, { status: 503 }) : json(EDIT),
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Could not load this edit' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Database unavailable');

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: '\u201cmake it snow\u201d' })).toBeInTheDocument();
  });

  it("tells the owner of a private edit that only they can see it, and lets them make it public", async () => {
    const user = userEvent.setup();
    let visibility = 'private';
    openShare({
      'GET /api/user': () => json(PAT),
      [`GET /api/images/${ID}/share`]: () => json({ ...EDIT, visibility, isOwner: true }),
      [`GET /api/images/${ID}/has-laughed`]: () => json({ hasLaughed: false }),
      [`POST /api/images/${ID}/visibility`]: () => {
        visibility = 'public';
        return json({ id: ID, isPublic: true });
      },
    });

    expect(await screen.findByText(/This edit is private: only you can see this page/)).toBeInTheDocument();
    // A private edit is not laughed at from its share page.
    expect(screen.queryByRole('button', { name: /^Laugh/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Make it public' }));

    expect(await screen.findByRole('button', { name: 'Laugh, 3 laughs' })).toBeInTheDocument();
    expect(screen.queryByText(/only you can see this page/)).not.toBeInTheDocument();
  });

  it('tells the owner of an edit a moderator hid, with no way to publish it', async () => {
    openShare({ 'GET /api/user': () => json(PAT), [`GET /api/images/${ID}/share`]: () => json({ ...EDIT, visibility: 'hidden', isOwner: true }) });

    const notice = await screen.findByText(/A moderator has hidden this edit/);
    expect(within(notice.parentElement!).queryByRole('button')).not.toBeInTheDocument();
  });
});
