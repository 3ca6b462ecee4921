import { screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { json } from '../../../test/fetch-stub';
import { fallbackStatus, modelSpend, openAdmin, platformStats, salesAnalytics, spendDays } from '../admin-test-kit';

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

describe('Model spend and margin (D41)', () => {
  function openSales(answer: ReturnType<typeof salesAnalytics>) {
    return openAdmin({ 'GET /api/admin/analytics': () => json(answer) }, { path: '/admin?tab=sales' });
  }

  function section() {
    return screen.getByRole('region', { name: 'Model spend and margin' });
  }

  /** Each body row of a table: its header cell and its cells' text. */
  function tableRows(name: string): string[][] {
    const table = within(section()).getByRole('table', { name });
    return within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent ?? ''));
  }

  it('shows the spend, the gross margin and its rate, the revenue and the cost per credit for the last 30 days', async () => {
    await openSales(salesAnalytics());
    await screen.findByRole('heading', { level: 3, name: 'Model spend and margin' });

    const figure = (label: string) => within(section()).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent ?? null;
    expect(figure('Model spend')).toBe('$12.44Last 30 days');
    expect(figure('Gross margin')).toBe('$19.5961.2% of revenue');
    expect(figure('Revenue')).toBe('$32.02Last 30 days');
    expect(figure('Cost per credit spent')).toBe('$0.1184Model spend per credit used');
  });

  it('lists the spend per model, most spent first, with small amounts to the tenth of a cent and losses with a minus sign', async () => {
    await openSales(salesAnalytics());
    await screen.findByRole('heading', { level: 3, name: 'Model spend and margin' });

    expect(tableRows('Model spend per model')).toEqual([
      ['black-forest-labs/flux-kontext-max', '150', '$12.00', '$0.08', '$30.00', '$18.00'],
      ['google/nano-banana', '10', '$0.39', '$0.039', '$2.00', '$1.61'],
      ['black-forest-labs/flux-kontext-pro', '1', '$0.045', '$0.045', '$0.02', '-$0.025'],
    ]);
    const table = within(section()).getByRole('table', { name: 'Model spend per model' });
    const headers = within(table).getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['Model', 'Generations', 'Spend', 'Cost per generation', 'Revenue share', 'Margin']);
    // The loss is said by its sign; the colour only repeats it.
    expect(within(table).getByText('-$0.025')).toHaveAttribute('data-tone', 'negative');
  });

  it('lists the days that had spend or revenue, newest first', async () => {
    await openSales(salesAnalytics());
    await screen.findByRole('heading', { level: 3, name: 'Model spend and margin' });

    expect(tableRows('Model spend per day')).toEqual([
      ['May 30, 2030', '101', '$8.00', '$20.00', '$12.00'],
      ['May 29, 2030', '60', '$4.39', '$12.02', '$7.63'],
      ['May 6, 2030', '0', '$0.045', '$0.00', '-$0.045'],
    ]);
  });

  it('says when there was no model spend, and shows no rate or cost it cannot work out', async () => {
    await openSales(
      salesAnalytics({
        modelSpend: modelSpend({
          totalSpend: 0,
          totalRevenue: 0,
          grossMargin: 0,
          grossMarginRate: null,
          costPerCreditSpent: null,
          byDay: spendDays(),
          byModel: [],
        }),
      }),
    );

    expect(await within(await screen.findByRole('region', { name: 'Model spend and margin' })).findByText('No model spend in the last 30 days')).toBeInTheDocument();
    expect(within(section()).getByText('No model was called in the last 30 days.')).toBeInTheDocument();
    expect(within(section()).queryByRole('table')).not.toBeInTheDocument();
    const figure = (label: string) => within(section()).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent ?? null;
    expect(figure('Gross margin')).toBe('$0.00No revenue');
    expect(figure('Cost per credit spent')).toBe('—Model spend per credit used');
  });

  it('reads an answer from a server without model spend as nothing spent', async () => {
    const { modelSpend: _dropped, ...older } = salesAnalytics();
    await openAdmin({ 'GET /api/admin/analytics': () => json(older) }, { path: '/admin?tab=sales' });

    expect(await screen.findByText('No model spend in the last 30 days')).toBeInTheDocument();
    expect(within(section()).getByText('Model spend', { selector: 'dt' }).nextElementSibling).toHaveTextContent('$0.00');
  });

  it('has no accessibility faults axe can find (WCAG 2.1 A/AA)', async () => {
    await openSales(salesAnalytics());
    await screen.findByRole('heading', { level: 3, name: 'Model spend and margin' });

    const result = await axe.run(section(), {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      // jsdom draws nothing: contrast is checked by the browser tests.
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(result.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
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

  it('says "about" when the total of transactions is the server\'s estimate (D44, above 10,000)', async () => {
    await openAdmin(
      { 'GET /api/admin/platform-stats': () => json(platformStats({ totalTransactions: 2_000_123, totalTransactionsEstimated: true })) },
      { path: '/admin?tab=platform' },
    );
    await screen.findByText('about 2,000,123');
    expect(card('Total Transactions')).toBe('about 2,000,123');
  });
});
