import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedOut, stubApi } from '../test/fetch-stub';
import { renderRoute } from '../test/render-route';

describe('router', () => {
  it('shows "404 Page Not Found" with a link home for an unknown path', async () => {
    stubApi({ 'GET /api/user': signedOut });

    renderRoute('/no-such-page');

    expect(await screen.findByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Go back home' })).toHaveAttribute('href', '/');
  });

  // Every route of both spec documents (000 §2, 001 §2) with the heading its page shows.
  it.each([
    ['/', 'Edit any photo with one sentence'],
    ['/sales', 'Edit any photo with one sentence'],
    ['/dashboard', 'Magic Editor'],
    ['/auth', 'Welcome'],
    ['/leaderboard', 'Hall of Fame'],
    ['/my-edits', 'My Edits'],
    ['/profile', 'Access Denied'], // signed out (001 §2)
    ['/pricing', 'Pricing'],
    ['/order', 'Welcome'], // signed out: /order goes to /auth (001 §2)
    ['/checkout/success', 'Checkout not found'], // no session_id
    ['/checkout/local/cs_unknown', 'Checkout not found'], // the stub answers 404
    ['/about', 'About'],
    ['/contact', 'Contact Us'],
    ['/privacy', 'Privacy Policy'],
    ['/terms', 'Terms of Service'],
    ['/admin', 'Admin Dashboard - Internal Access Only'],
    ['/tools/youtube-to-article', 'YouTube to Article'],
    ['/tools/photoshop-ai', 'Photoshop AI'],
    ['/tools/photo-editor', 'Photoshop AI'],
    ['/brains/youtube-script-gen', 'YouTube Script Generator'],
    // The stub answers every unlisted call 404, so the verification of this made-up token fails.
    ['/confirm-email/abc123', 'Verification Failed'],
    ['/confirm-email', 'Verification Failed'],
    ['/reset-password/abc123', 'Reset Password'],
    ['/reset-password', 'Reset Password'],
  ])('%s shows the heading "%s"', async (path, heading) => {
    stubApi({ 'GET /api/user': signedOut });

    renderRoute(path);

    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: '404 Page Not Found' })).not.toBeInTheDocument();
  });

  it('shows the footer links on public pages', async () => {
    stubApi({ 'GET /api/user': signedOut });

    renderRoute('/about');

    const footer = await screen.findByRole('navigation', { name: 'Footer' });
    const hrefs = within(footer)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(hrefs.sort()).toEqual(['/about', '/contact', '/dashboard', '/pricing', '/privacy', '/terms']);
  });

  it('marks the admin page no-index', async () => {
    stubApi({ 'GET /api/user': signedOut });

    renderRoute('/admin');

    await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard - Internal Access Only' });
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  });
});

describe('tool-suite sidebar (001 §2)', () => {
  it('lists its sections and entries, with "Soon" entries shown but not links', async () => {
    stubApi({ 'GET /api/user': signedOut });

    renderRoute('/tools/photoshop-ai');

    await screen.findByRole('heading', { level: 1, name: 'Photoshop AI' });
    const sidebar = screen.getByRole('complementary', { name: 'Magic Editor AI Suite' });
    expect(within(sidebar).getByText('Magic Editor AI Suite')).toBeInTheDocument();
    expect(within(sidebar).getByText('Transform your content')).toBeInTheDocument();
    expect(
      within(sidebar)
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(['Main', 'Software', 'Brains', 'Settings']);

    expect(within(sidebar).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    const photoEditor = within(sidebar).getByRole('link', { name: 'AI Photo Editor' });
    expect(photoEditor).toHaveAttribute('href', '/tools/photo-editor');
    expect(photoEditor).toHaveAttribute('aria-current', 'page');
    expect(within(sidebar).getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/pricing');
    // Built (issue 13, D33): a plain link without its Soon marker.
    expect(within(sidebar).getByRole('link', { name: 'YouTube to Article' })).toHaveAttribute('href', '/tools/youtube-to-article');

    for (const name of ['YouTube Script Generator Soon', 'Authentication Soon']) {
      const entry = within(sidebar).getByRole('link', { name });
      expect(entry).toHaveAttribute('aria-disabled', 'true');
      expect(entry).not.toHaveAttribute('href');
      expect(entry.tagName).not.toBe('A');
    }
  });

  it('collapses to an icon rail and expands again', async () => {
    stubApi({ 'GET /api/user': signedOut });
    const user = userEvent.setup();

    renderRoute('/brains/youtube-script-gen');

    await screen.findByRole('heading', { level: 1, name: 'YouTube Script Generator' });
    const collapse = screen.getByRole('button', { name: 'Collapse sidebar' });
    expect(collapse).toHaveAttribute('aria-expanded', 'true');

    await user.click(collapse);

    const expand = screen.getByRole('button', { name: 'Expand sidebar' });
    expect(expand).toHaveAttribute('aria-expanded', 'false');
    await user.click(expand);
    expect(screen.getByRole('button', { name: 'Collapse sidebar' })).toBeInTheDocument();
  });
});
