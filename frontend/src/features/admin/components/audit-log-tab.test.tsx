import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { listAnswer, openAdmin } from '../admin-test-kit';

function entry(n: number, overrides: Record<string, unknown> = {}) {
  return {
    id: `a${n}`,
    adminId: 'admin-1',
    adminEmail: 'admin@example.com',
    action: 'credits.adjust',
    targetType: 'user',
    targetId: `user-${n}`,
    reason: 'gift',
    details: { credits: 5, kind: 'regular' },
    outcome: 'succeeded',
    error: null,
    createdAt: '2030-05-02T12:00:00.000Z',
    ...overrides,
  };
}

describe('Audit Log (D32)', () => {
  it('lists admin actions newest first with who, what, on whom, why and details, and loads more', async () => {
    const user = userEvent.setup();
    await openAdmin(
      {
        'GET /api/admin/audit': (request) =>
          new URL(request.url).searchParams.get('offset') === '2'
            ? listAnswer([entry(3, { action: 'fallback.reset', targetType: 'fallback', targetId: null, reason: null, details: {} })], 3)
            : listAnswer([entry(1), entry(2, { action: 'user.suspend', details: {}, outcome: 'started' })], 3),
      },
      { path: '/admin?tab=audit' },
    );

    const region = await screen.findByRole('region', { name: 'Audit Log (3)' });
    const [first, second] = within(region).getAllByRole('row').slice(1);
    expect(within(first!).getAllByRole('cell').map((cell) => cell.textContent).slice(1)).toEqual([
      'admin@example.com',
      'Adjusted credits',
      'user user-1',
      'Succeeded',
      'gift',
      'credits: 5, kind: regular',
    ]);
    expect(within(second!).getByText('Suspended user')).toBeInTheDocument();
    // A row whose end was never recorded (a crash mid-action, ADR 0018) says so.
    expect(within(second!).getByText('Outcome unknown')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more' }));

    expect(await screen.findByText('Reset fallback')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('shows a refused action as failed, with its code', async () => {
    await openAdmin(
      { 'GET /api/admin/audit': () => listAnswer([entry(1, { outcome: 'failed', error: 'ADMIN.BELOW_ZERO', details: { credits: -9, kind: 'regular' } })], 1) },
      { path: '/admin?tab=audit' },
    );

    expect(await screen.findByText('Failed (ADMIN.BELOW_ZERO)')).toBeInTheDocument();
  });

  it('searches on the server with the trimmed text (D32) and says when nothing matches', async () => {
    const user = userEvent.setup();
    const { requests } = await openAdmin(
      {
        'GET /api/admin/audit': (request) =>
          new URL(request.url).searchParams.get('q') === 'nobody' ? listAnswer([], 0) : listAnswer([entry(1)], 1),
      },
      { path: '/admin?tab=audit' },
    );
    await screen.findByRole('region', { name: 'Audit Log (1)' });

    await user.type(screen.getByRole('searchbox', { name: 'Search the audit log' }), '  nobody {Enter}');

    expect(await screen.findByText('No admin actions match this search.')).toBeInTheDocument();
    const searched = requests.filter((r) => new URL(r.url).pathname === '/api/admin/audit').map((r) => new URL(r.url).searchParams.get('q'));
    expect(searched).toEqual([null, 'nobody']);
  });

  it('says so when there is nothing yet', async () => {
    await openAdmin({ 'GET /api/admin/audit': () => listAnswer([], 0) }, { path: '/admin?tab=audit' });

    expect(await screen.findByText('No admin actions yet.')).toBeInTheDocument();
  });
});
