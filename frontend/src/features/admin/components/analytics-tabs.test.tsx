import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../../test/fetch-stub';
import { fallbackStatus, openAdmin, platformStats, salesAnalytics } from '../admin-test-kit';

function card(label: string): string | null {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? null;
}

describe('Sales Analytics (001 §2, §9)', () => {
  it('shows the cards, recent purchases, pack performance, business insights and the revenue chart', async () => {
    await openAdmin({ 'GET /api/admin/analytics': () => json(salesAnalytics()) }, { path: '/admin?tab=sales' });

    await screen.findByText('$1,234.50');
    expect(card('Total Revenue')).toBe('$1,234.50');
    expect(card('Credits Sold')).toBe('420');
    expect(card('Credits Used')).toBe('105');
    expect(card('Active Users')).toBe('37Not suspended');

    const purchases = within(screen.getByRole('region', { name: 'Recent Purchases' }));
    const [first, second] = purchases.getAllByRole('row').slice(1);
    expect(within(first!).getAllByRole('cell').map((cell) => cell.textContent).slice(1)).toEqual([
      '10000000-0000-4000-8000-000000000001',
      'pack7',
      '7',
      '$5.00',
      'pi_abcde',
    ]);
    expect(within(second!).getByText('N/A')).toBeInTheDocument();
    expect(within(second!).getByText('in_zyxwv')).toBeInTheDocument();

    const packs = within(screen.getByRole('region', { name: 'Pack Performance' }));
    expect(packs.getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['pack1', 'pack7', 'pack15', 'pack45']);
    const pack7 = packs.getByRole('row', { name: /^pack7/ });
    expect(within(pack7).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['2', '14', '$10.00', '$5.00']);

    expect(card('Total Purchases')).toBe('6');
    expect(card('Subscribed Users')).toBe('4');
    expect(card('Credit Usage Rate')).toMatch(/^12\.5%/);

    // The chart is named and summed up for screen readers, with every day in a table.
    const chart = screen.getByRole('figure', { name: 'Revenue per day (last 30 days)' });
    expect(chart).toHaveAccessibleDescription('$35.00 in total over the last 30 days; the highest was $35.00 on May 30.');
    const table = within(chart).getByRole('table', { name: 'Revenue per day (last 30 days)' });
    expect(within(table).getAllByRole('row')).toHaveLength(31);
    expect(within(table).getByRole('row', { name: 'May 30 $35.00' })).toBeInTheDocument();
  });

  it('shows the error state when the figures fail', async () => {
    await openAdmin({ 'GET /api/admin/analytics': () => json({ message: 'x' }, { status: 500 }) }, { path: '/admin?tab=sales' });

    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the sales analytics.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('Platform Stats (001 §2)', () => {
  it('shows the cards, the model in use and the generations chart', async () => {
    await openAdmin(
      {
        'GET /api/admin/platform-stats': () =>
          json(platformStats({ fallback: fallbackStatus({ isActive: true, currentModel: 'Flux Kontext Pro' }) })),
      },
      { path: '/admin?tab=platform' },
    );

    await screen.findByText('321');
    expect(card('Total Users')).toBe('40');
    expect(card('Total Transactions')).toBe('321');
    expect(card('Suspended Users')).toBe('3');
    expect(card('Images Today')).toBe('9');
    expect(card('Images Total')).toBe('1,500');
    expect(card('Image Model')).toBe('Flux Kontext ProFallback Active');
    expect(screen.getByRole('figure', { name: 'Generations per day (last 30 days)' })).toBeInTheDocument();
  });
});
