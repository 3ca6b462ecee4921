import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { heldAnswer, json, signedOut, stubApi } from '../../../test/fetch-stub';
import { renderRoute } from '../../../test/render-route';
import {
  ADMIN,
  adminUser,
  calls,
  fallbackStatus,
  listAnswer,
  NON_ADMIN,
  openAdmin,
  platformStats,
  salesAnalytics,
} from '../admin-test-kit';
import { ACCESS_DENIED_TEXT, ADMIN_TITLE } from './admin-page';

const TAB_NAMES = [
  'User Management',
  'Credit Transactions',
  'Sales Analytics',
  'Platform Stats',
  'System Reliability',
  'Moderation',
  'Reports',
  'Audit Log',
];

describe('admin dashboard access (001 §2, §6; D22)', () => {
  it("shows 'Loading...' while the user loads, then the tabs for an admin", async () => {
    const user = heldAnswer();
    stubApi({ 'GET /api/user': user.handler, 'GET /api/admin/users': () => listAnswer([adminUser(1)]) });
    renderRoute('/admin');

    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: ADMIN_TITLE })).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();

    user.release(json(ADMIN));

    const tablist = await screen.findByRole('tablist', { name: 'Admin sections' });
    expect(within(tablist).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(TAB_NAMES);
    expect(within(tablist).getByRole('tab', { name: 'User Management' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    expect(screen.queryByText(ACCESS_DENIED_TEXT)).not.toBeInTheDocument();
    expect(document.title).toBe('Admin Dashboard - Internal Access Only');
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  });

  it('shows Access Denied to a signed-in user who is not an admin, and calls no admin endpoint', async () => {
    const { requests } = stubApi({ 'GET /api/user': () => json(NON_ADMIN) });
    renderRoute('/admin');

    expect(
      await screen.findByRole('heading', { level: 2, name: ACCESS_DENIED_TEXT }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: ADMIN_TITLE })).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Editor' })).toHaveAttribute('href', '/dashboard');
    expect(requests.some((request) => new URL(request.url).pathname.startsWith('/api/admin'))).toBe(false);
  });

  it('shows Access Denied when signed out, with a way to sign in', async () => {
    stubApi({ 'GET /api/user': signedOut });
    renderRoute('/admin');

    expect(await screen.findByText(ACCESS_DENIED_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
  });
});

describe('admin dashboard tabs', () => {
  it('moves between the tabs with the arrow keys and keeps the choice in ?tab=', async () => {
    const user = userEvent.setup();
    const { router } = await openAdmin({
      'GET /api/admin/users': () => listAnswer([adminUser(1)]),
      'GET /api/admin/transactions': () => listAnswer([]),
      'GET /api/admin/analytics': () => json(salesAnalytics()),
    });

    await user.click(screen.getByRole('tab', { name: 'Credit Transactions' }));
    expect(await screen.findByText('No transactions yet.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=transactions');

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Sales Analytics' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Sales Analytics' })).toHaveFocus();
    expect(await screen.findByText('$1,234.50')).toBeInTheDocument();
  });

  it('opens the tab named in ?tab=', async () => {
    await openAdmin(
      { 'GET /api/admin/platform-stats': () => json(platformStats()) },
      { path: '/admin?tab=platform' },
    );

    expect(screen.getByRole('tab', { name: 'Platform Stats' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('heading', { level: 2, name: 'Platform Stats' })).toBeInTheDocument();
  });

  it('opens the Reports tab from ?tab=reports (D43)', async () => {
    await openAdmin({ 'GET /api/admin/reports': () => listAnswer([]) }, { path: '/admin?tab=reports' });

    expect(screen.getByRole('tab', { name: 'Reports' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('heading', { level: 2, name: 'Reports' })).toBeInTheDocument();
    expect(await screen.findByText('No open reports.')).toBeInTheDocument();
  });

  it('polls the fallback status only while System Reliability is shown', async () => {
    const user = userEvent.setup();
    const { requests } = await openAdmin(
      {
        'GET /api/admin/fallback/status': () => json(fallbackStatus()),
        'GET /api/admin/users': () => listAnswer([]),
      },
      { path: '/admin?tab=reliability' },
    );
    // The model in use, in System Status (System Configuration names it too, as the primary model).
    await within(await screen.findByRole('region', { name: 'System Status' })).findByText('Flux Kontext Max', { selector: 'dd' });
    expect(calls(requests, 'GET', '/api/admin/fallback/status').length).toBeGreaterThan(0);

    await user.click(screen.getByRole('tab', { name: 'User Management' }));
    await screen.findByText('No users yet.');
    expect(screen.queryByRole('heading', { name: 'System Status' })).not.toBeInTheDocument();
  });
});
