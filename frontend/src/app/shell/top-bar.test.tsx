import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, signedOut, stubApi, type RouteHandler } from '../../test/fetch-stub';
import { renderRoute } from '../../test/render-route';
import { userBody } from '../../test/contract-answers';

function userAnswer(overrides: Record<string, unknown> = {}): RouteHandler {
  return () =>
    json(userBody({ id: '7', email: 'zed.ocean@example.com', username: 'alice', ...overrides }));
}

function primaryNav() {
  return screen.getByRole('navigation', { name: 'Primary' });
}

async function openAccountMenu(user: ReturnType<typeof userEvent.setup>) {
  const trigger = await screen.findByRole('button', { name: 'Account menu' });
  await user.click(trigger);
  expect(trigger).toHaveAttribute('aria-expanded', 'true');
  return trigger;
}

describe('top bar (001 §2)', () => {
  it('shows Pricing and Members Area to a signed-out visitor', async () => {
    stubApi({ 'GET /api/user': signedOut });

    renderRoute('/pricing');

    const nav = await screen.findByRole('navigation', { name: 'Primary' });
    expect(await within(nav).findByRole('link', { name: 'Members Area' })).toHaveAttribute('href', '/auth');
    expect(within(nav).getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/pricing');
    expect(within(nav).queryByRole('link', { name: 'My Edits' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Account menu' })).not.toBeInTheDocument();
  });

  it('shows the signed-in links and the avatar initial of the e-mail', async () => {
    stubApi({ 'GET /api/user': userAnswer() });

    renderRoute('/leaderboard');

    // "Z" from zed.ocean@example.com, not "A" from the username.
    expect(await screen.findByRole('button', { name: 'Account menu' })).toHaveTextContent(/^Z$/);
    const nav = primaryNav();
    expect(within(nav).getByRole('link', { name: 'Magic Editor' })).toHaveAttribute('href', '/dashboard');
    expect(within(nav).getByRole('link', { name: 'Community Edits' })).toHaveAttribute('href', '/dashboard#community');
    expect(within(nav).getByRole('link', { name: 'Leaderboard' })).toHaveAttribute('href', '/leaderboard');
    expect(within(nav).getByRole('link', { name: 'My Edits' })).toHaveAttribute('href', '/my-edits');
    expect(within(nav).queryByRole('link', { name: 'Members Area' })).not.toBeInTheDocument();
  });

  it('shows "U" when the e-mail has no local part', async () => {
    stubApi({ 'GET /api/user': userAnswer({ email: '@example.com' }) });

    renderRoute('/leaderboard');

    expect(await screen.findByRole('button', { name: 'Account menu' })).toHaveTextContent(/^U$/);
  });

  it('offers Admin Dashboard in the avatar menu to an admin', async () => {
    stubApi({ 'GET /api/user': userAnswer({ isAdmin: true }) });
    const user = userEvent.setup();
    renderRoute('/leaderboard');

    await openAccountMenu(user);

    expect(screen.getByText('alice')).toBeInTheDocument();
    expect(screen.getByText('zed.ocean@example.com')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Profile' })).toHaveAttribute('href', '/profile');
    expect(screen.getByRole('link', { name: 'Upgrade/Buy Credits' })).toHaveAttribute('href', '/pricing');
    expect(screen.getByRole('link', { name: 'Admin Dashboard' })).toHaveAttribute('href', '/admin');
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });

  it('does not offer Admin Dashboard to a user who is not an admin', async () => {
    stubApi({ 'GET /api/user': userAnswer({ isAdmin: false }) });
    const user = userEvent.setup();
    renderRoute('/leaderboard');

    await openAccountMenu(user);

    expect(screen.getByRole('link', { name: 'My Profile' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Admin Dashboard' })).not.toBeInTheDocument();
  });

  it('closes the avatar menu on Escape and gives focus back to the avatar', async () => {
    stubApi({ 'GET /api/user': userAnswer() });
    const user = userEvent.setup();
    renderRoute('/leaderboard');
    const trigger = await openAccountMenu(user);

    await user.keyboard('{Escape}');

    expect(screen.queryByRole('link', { name: 'My Profile' })).not.toBeInTheDocument();
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(trigger).toHaveFocus();
  });

  it('reads "Signing out..." while signing out, then shows the landing page signed out', async () => {
    let finishLogout: (response: Response) => void = () => undefined;
    let signedIn = true;
    stubApi({
      'GET /api/user': (request) => (signedIn ? userAnswer()(request) : signedOut(request)),
      'POST /api/logout': () =>
        new Promise<Response>((resolve) => {
          finishLogout = (response) => {
            signedIn = false;
            resolve(response);
          };
        }),
    });
    const user = userEvent.setup();
    const { router } = renderRoute('/leaderboard');
    await openAccountMenu(user);

    await user.click(screen.getByRole('button', { name: 'Sign out' }));

    expect(await screen.findByRole('button', { name: 'Signing out...' })).toHaveAttribute('aria-disabled', 'true');
    expect(router.state.location.pathname).toBe('/leaderboard');

    finishLogout(new Response(null, { status: 204 }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByText('Logged out')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Member Login' })).toHaveAttribute('href', '/auth');
  });

  it('stays signed in and says so when signing out fails', async () => {
    stubApi({
      'GET /api/user': userAnswer(),
      'POST /api/logout': () => json({ message: 'Session store down' }, { status: 503, statusText: 'Service Unavailable' }),
    });
    const user = userEvent.setup();
    const { router } = renderRoute('/leaderboard');
    await openAccountMenu(user);

    await user.click(screen.getByRole('button', { name: 'Sign out' }));

    expect(await screen.findByText('Logout failed')).toBeInTheDocument();
    expect(screen.getByText('Session store down')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/leaderboard');
    expect(screen.getByRole('button', { name: 'Account menu' })).toBeInTheDocument();
  });

  it('opens the links in a drawer from the menu button; Escape closes it and restores focus', async () => {
    stubApi({ 'GET /api/user': userAnswer() });
    const user = userEvent.setup();
    renderRoute('/leaderboard');
    await screen.findByRole('button', { name: 'Account menu' });
    const menuButton = screen.getByRole('button', { name: 'Open menu' });

    await user.click(menuButton);

    const drawer = screen.getByRole('dialog', { name: 'Magic Editor' });
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    expect(within(drawer).getByRole('button', { name: 'Close menu' })).toHaveFocus();
    expect(within(drawer).getByRole('link', { name: 'My Edits' })).toHaveAttribute('href', '/my-edits');

    await user.keyboard('{Escape}');

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(menuButton).toHaveFocus();
  });

  it('keeps focus inside the open drawer', async () => {
    stubApi({ 'GET /api/user': signedOut });
    const user = userEvent.setup();
    renderRoute('/about');
    await within(await screen.findByRole('navigation', { name: 'Primary' })).findByRole('link', { name: 'Members Area' });

    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = screen.getByRole('dialog', { name: 'Magic Editor' });
    const close = within(drawer).getByRole('button', { name: 'Close menu' });
    const last = within(drawer).getByRole('link', { name: 'Members Area' });

    await user.tab();
    await user.tab();
    expect(last).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(last).toHaveFocus();
  });

  it('closes the drawer when one of its links is followed', async () => {
    stubApi({ 'GET /api/user': signedOut });
    const user = userEvent.setup();
    const { router } = renderRoute('/about');
    await within(await screen.findByRole('navigation', { name: 'Primary' })).findByRole('link', { name: 'Pricing' });
    await user.click(screen.getByRole('button', { name: 'Open menu' }));

    await user.click(within(screen.getByRole('dialog')).getByRole('link', { name: 'Pricing' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/pricing'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it.each([
    ['/dashboard#community', 'Community Edits'],
    ['/dashboard', 'Magic Editor'],
    ['/leaderboard', 'Leaderboard'],
  ])('at %s highlights one link only: %s (issue 15)', async (path, label) => {
    stubApi({ 'GET /api/user': userAnswer(), 'GET /api/user/credits': () => json({ balance: 2, regular: 0, watermarked: 2 }) });

    renderRoute(path);

    const nav = await screen.findByRole('navigation', { name: 'Primary' });
    await within(nav).findByRole('link', { name: 'My Edits' });
    const current = nav.querySelectorAll('[aria-current]');
    expect(Array.from(current, (link) => link.textContent)).toEqual([label]);
    expect(within(nav).getByRole('link', { name: label })).toHaveAttribute('aria-current', 'page');
  });

  it('highlights one link only in the drawer too', async () => {
    stubApi({ 'GET /api/user': userAnswer(), 'GET /api/user/credits': () => json({ balance: 2, regular: 0, watermarked: 2 }) });
    const user = userEvent.setup();
    renderRoute('/dashboard#community');
    await screen.findByRole('button', { name: 'Account menu' });

    await user.click(screen.getByRole('button', { name: 'Open menu' }));

    const drawer = screen.getByRole('dialog', { name: 'Magic Editor' });
    expect(Array.from(drawer.querySelectorAll('[aria-current]'), (link) => link.textContent)).toEqual(['Community Edits']);
  });

  it('is as wide on tool pages as on every other page (issue 15)', async () => {
    stubApi({ 'GET /api/user': userAnswer(), 'GET /api/user/credits': () => json({ balance: 2, regular: 0, watermarked: 2 }) });
    const widthClass = async (path: string) => {
      const view = renderRoute(path);
      await screen.findByRole('button', { name: 'Account menu' });
      // The top bar's row, which carries its width.
      const className = screen.getByRole('navigation', { name: 'Primary' }).parentElement?.className;
      view.unmount();
      return className;
    };

    const pricing = await widthClass('/pricing');
    expect(pricing).toBeTruthy();
    expect(await widthClass('/tools/youtube-to-article')).toBe(pricing);
    expect(await widthClass('/brains/youtube-script-gen')).toBe(pricing);
  });

  // /auth is seen signed out: a signed-in visitor is sent on to /dashboard (001 §2).
  it.each([
    ['/', 'Edit any photo with one sentence', userAnswer()],
    ['/auth', 'Welcome', signedOut],
  ])('is absent on %s', async (path, heading, answer) => {
    stubApi({ 'GET /api/user': answer });

    renderRoute(path);

    await screen.findByRole('heading', { level: 1, name: heading });
    // Give the user query time to settle, so a top bar that appears late would be seen.
    await waitFor(() => expect(screen.queryByText('Loading...')).not.toBeInTheDocument());
    expect(screen.queryByRole('navigation', { name: 'Primary' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open menu' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Account menu' })).not.toBeInTheDocument();
  });

  it('is present on the other pages, e.g. the 404 page', async () => {
    stubApi({ 'GET /api/user': userAnswer() });

    renderRoute('/no-such-page');

    await screen.findByRole('heading', { level: 1, name: '404 Page Not Found' });
    expect(await screen.findByRole('button', { name: 'Account menu' })).toBeInTheDocument();
    expect(primaryNav()).toBeInTheDocument();
  });
});

describe('credits balance in the top bar (000 §7, §9)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the balance as a link to /pricing, refreshed every 2 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let balance = 3;
    const { requests } = stubApi({
      'GET /api/user': userAnswer(),
      'GET /api/user/credits': () => json({ balance, regular: 0, watermarked: balance }),
    });
    renderRoute('/leaderboard');

    const pill = await screen.findByRole('link', { name: '3 credits. Buy more credits' });
    expect(pill).toHaveAttribute('href', '/pricing');

    balance = 1;
    await vi.advanceTimersByTimeAsync(2000);

    expect(await screen.findByRole('link', { name: '1 credit. Buy more credits' })).toBeInTheDocument();
    expect(requests.filter((request) => request.url.endsWith('/api/user/credits')).length).toBe(2);
  });

  it('does not ask for credits while signed out', async () => {
    const { requests } = stubApi({ 'GET /api/user': signedOut });
    renderRoute('/leaderboard');

    await within(await screen.findByRole('navigation', { name: 'Primary' })).findByRole('link', { name: 'Members Area' });

    expect(requests.some((request) => request.url.endsWith('/api/user/credits'))).toBe(false);
    expect(screen.queryByRole('link', { name: /credits?\. Buy more credits/ })).not.toBeInTheDocument();
  });
});
