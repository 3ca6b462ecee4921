import { describe, expect, it } from 'vitest';
import { formatDollars } from './format';
import { chartSummary } from './chart-summary';
import { packRows } from './packs';
import { actionLabel, detailsSummary, targetText } from './audit';

describe('chart summaries for screen readers', () => {
  it('gives the total and the best day', () => {
    const data = [
      { date: '2030-05-01', value: 5 },
      { date: '2030-05-02', value: 20 },
      { date: '2030-05-03', value: 0 },
    ];
    expect(chartSummary(data, formatDollars)).toBe('$25.00 in total over the last 3 days; the highest was $20.00 on May 2.');
    expect(chartSummary([{ date: '2030-05-01', value: 0 }], formatDollars)).toBe('$0.00 on each of the last 1 day.');
    expect(chartSummary([], formatDollars)).toBe('No figures yet.');
  });
});

describe('pack performance rows (001 §2, §9)', () => {
  it('lists pack1, pack7, pack15 and pack45 in order, with zeros for a pack without sales', () => {
    const rows = packRows([
      { pack: 'pack45', sales: 1, credits: 45, revenue: 25, averagePerSale: 25 },
      { pack: 'pack1', sales: 2, credits: 2, revenue: 2, averagePerSale: 1 },
    ]);
    expect(rows.map((row) => row.pack)).toEqual(['pack1', 'pack7', 'pack15', 'pack45']);
    expect(rows[1]).toEqual({ pack: 'pack7', sales: 0, credits: 0, revenue: 0, averagePerSale: 0 });
  });
});

describe('audit wording (D32)', () => {
  it('names actions and targets and sums up details', () => {
    expect(actionLabel('credits.adjust')).toBe('Adjusted credits');
    expect(actionLabel('something.new')).toBe('something.new');
    expect(targetText({ targetType: 'user', targetId: 'u1' })).toBe('user u1');
    expect(targetText({ targetType: 'fallback', targetId: null })).toBe('fallback');
    expect(detailsSummary({ credits: 5, kind: 'regular', extra: { a: 1 }, none: null })).toBe(
      'credits: 5, kind: regular, extra: {"a":1}, none: none',
    );
    expect(detailsSummary({})).toBe('None');
    expect(detailsSummary({ note: 'x'.repeat(300) }, 20)).toHaveLength(20);
  });
});
