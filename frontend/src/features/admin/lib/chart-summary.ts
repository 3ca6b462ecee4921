/**
 * The text a screen reader gets for a per-day chart (the figures are also in a hidden table):
 * the total over the period and the best day.
 */
import type { DayFigure } from '../api/admin.api';
import { formatDay } from './format';

export function chartSummary(data: readonly DayFigure[], formatValue: (value: number) => string): string {
  if (data.length === 0) return 'No figures yet.';
  const total = data.reduce((sum, day) => sum + day.value, 0);
  const best = data.reduce((top, day) => (day.value > top.value ? day : top), data[0]!);
  const days = `${data.length} ${data.length === 1 ? 'day' : 'days'}`;
  if (best.value <= 0) return `${formatValue(0)} on each of the last ${days}.`;
  return `${formatValue(total)} in total over the last ${days}; the highest was ${formatValue(best.value)} on ${formatDay(best.date)}.`;
}
