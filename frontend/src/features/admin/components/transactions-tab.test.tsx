import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../../test/fetch-stub';
import { calls, listAnswer, openAdmin, transaction } from '../admin-test-kit';

// DESIGN.md: the one success green and the one destructive red.
const GREEN = 'var(--color-success)';
const RED = 'var(--color-destructive)';

function openTransactions(routes: Parameters<typeof openAdmin>[0]) {
  return openAdmin(routes, { path: '/admin?tab=transactions' });
}

describe('Credit Transactions (001 §2)', () => {
  it('lists every transaction with user id, description, time, source badge and the signed amount in its colour', async () => {
    await openTransactions({
      'GET /api/admin/transactions': () =>
        listAnswer(
          [
            transaction(1, { credits: 7, description: 'Bought 7 credits', sourceType: 'pack' }),
            transaction(2, { credits: -1, description: 'Image generation', sourceType: 'generation', type: 'use' }),
            transaction(3, { credits: 5, description: null, type: 'adjustment', sourceType: 'admin', kind: 'watermarked' }),
          ],
          3,
        ),
    });

    const table = await screen.findByRole('table', { name: 'All credit transactions, newest first' });
    expect(screen.getByRole('heading', { level: 2, name: 'Credit Transactions (3)' })).toBeInTheDocument();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);

    const bought = within(rows[0]!);
    expect(bought.getByText('Bought 7 credits')).toBeInTheDocument();
    expect(bought.getByText(transaction(1).userId!)).toBeInTheDocument();
    expect(bought.getByText('Pack')).toBeInTheDocument();
    expect(bought.getByText('May 2, 2030', { exact: false })).toBeInTheDocument();
    expect(bought.getByText('+7')).toHaveStyle({ color: GREEN });

    const used = within(rows[1]!);
    expect(used.getByText('Generation')).toBeInTheDocument();
    expect(used.getByText('-1')).toHaveStyle({ color: RED });

    // No description: the transaction type stands in.
    const adjusted = within(rows[2]!);
    expect(adjusted.getByText('Adjustment')).toBeInTheDocument();
    expect(adjusted.getByText('Admin')).toBeInTheDocument();
    expect(adjusted.getByText('Watermarked')).toBeInTheDocument();
    expect(adjusted.getByText('+5')).toHaveStyle({ color: GREEN });
  });

  it('shows a row whose account was deleted (D35: kept for accounting, userId null) as "Deleted account"', async () => {
    await openTransactions({
      'GET /api/admin/transactions': () => listAnswer([transaction(4, { userId: null, description: 'Bought 7 credits' })], 1),
    });
    const table = await screen.findByRole('table', { name: 'All credit transactions, newest first' });
    const row = within(within(table).getAllByRole('row')[1]!);
    expect(row.getByText('Bought 7 credits')).toBeInTheDocument();
    expect(row.getByText('Deleted account')).toBeInTheDocument();
  });

  it('filters by source type and loads more', async () => {
    const user = userEvent.setup();
    const { requests } = await openTransactions({
      'GET /api/admin/transactions': (request) => {
        const params = new URL(request.url).searchParams;
        if (params.get('sourceType') === 'admin') return listAnswer([transaction(9, { sourceType: 'admin', description: 'Gift' })], 1);
        return params.get('offset') === '1'
          ? listAnswer([transaction(2, { description: 'Second' })], 2)
          : listAnswer([transaction(1, { description: 'First' })], 2);
      },
    });
    await screen.findByText('First');

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Second')).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Source type' }), 'admin');
    expect(await screen.findByText('Gift')).toBeInTheDocument();
    expect(screen.queryByText('First')).not.toBeInTheDocument();
    const last = calls(requests, 'GET', '/api/admin/transactions').at(-1)!;
    expect(new URL(last.url).searchParams.get('sourceType')).toBe('admin');
    expect(new URL(last.url).searchParams.get('offset')).toBe('0');
  });

  it('filters by user (D32): a pasted user id asks the server for that user only; text without an id asks nothing', async () => {
    const user = userEvent.setup();
    const someone = '3f2c8a6e-1b4d-4e7a-9c0f-5d6e7f8a9b0c';
    const { requests } = await openTransactions({
      'GET /api/admin/transactions': (request) =>
        new URL(request.url).searchParams.get('userId') === someone
          ? listAnswer([transaction(4, { description: 'Theirs' })], 1)
          : listAnswer([transaction(1, { description: 'Everyone' })], 1),
    });
    await screen.findByText('Everyone');
    const field = screen.getByRole('searchbox', { name: 'User ID' });

    await user.type(field, 'not an id{Enter}');
    expect(await screen.findByText('Enter a user ID (as shown in the rows).')).toBeInTheDocument();
    expect(calls(requests, 'GET', '/api/admin/transactions').every((r) => !new URL(r.url).searchParams.has('userId'))).toBe(true);

    await user.clear(field);
    await user.type(field, ` ${someone.toUpperCase()} {Enter}`);
    expect(await screen.findByText('Theirs')).toBeInTheDocument();
    expect(new URL(calls(requests, 'GET', '/api/admin/transactions').at(-1)!.url).searchParams.get('userId')).toBe(someone);
  });

  it('shows the empty and error states', async () => {
    const user = userEvent.setup();
    let fail = true;
    await openTransactions({
      'GET /api/admin/transactions': () => (fail ? json({ message: 'nope' }, { status: 500 }) : listAnswer([], 0)),
    });

    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the transactions.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByText('No transactions yet.')).toBeInTheDocument());
  });
});
