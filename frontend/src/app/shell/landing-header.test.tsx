import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, signedOut, stubApi, type RouteHandler } from '../../test/fetch-stub';
import { renderRoute } from '../../test/render-route';
import { userBody } from '../../test/contract-answers';

const MEMBER = userBody({ id: '5', email: 'dana@example.com', username: 'dana' });

function stub(user: RouteHandler) {
  stubApi({
    'GET /api/user': user,
    'GET /api/site-config': () => json({ demoVideoUrl: null }),
    'GET /api/community/recent': () => json([]),
  });
}

function siteNav() {
  return screen.findByRole('navigation', { name: 'Site' });
}

describe('landing header (000 §2)', () => {
  it('shows Pricing and Member Login to a signed-out visitor', async () => {
    stub(signedOut);

    renderRoute('/');

    const nav = await siteNav();
    expect(await within(nav).findByRole('link', { name: 'Member Login' })).toHaveAttribute('href', '/auth');
    expect(within(nav).getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/pricing');
    expect(within(nav).queryByRole('link', { name: 'Members Area' })).not.toBeInTheDocument();
    expect(nav).toHaveAttribute('aria-busy', 'false');
  });

  it('shows Pricing and Members Area to a signed-in user', async () => {
    stub(() => json(MEMBER));

    renderRoute('/sales');

    const nav = await siteNav();
    expect(await within(nav).findByRole('link', { name: 'Members Area' })).toHaveAttribute('href', '/dashboard');
    expect(within(nav).getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/pricing');
    expect(within(nav).queryByRole('link', { name: 'Member Login' })).not.toBeInTheDocument();
  });

  it('shows Loading while sign-in is being checked, and neither member link', async () => {
    stub(() => new Promise<Response>(() => {}));

    renderRoute('/');

    const nav = await siteNav();
    expect(within(nav).getByText('Loading...')).toBeInTheDocument();
    expect(nav).toHaveAttribute('aria-busy', 'true');
    expect(within(nav).getByRole('link', { name: 'Pricing' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Member Login' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Members Area' })).not.toBeInTheDocument();
  });
});
