import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import type { DayFigure } from '../api/admin.api';
import { formatDay } from '../lib/format';

export interface DayChartPlotProps {
  data: readonly DayFigure[];
  valueLabel: string;
  formatValue: (value: number) => string;
}

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** The drawing of a DayChart (recharts); the figure around it names it for assistive technology. */
export function DayChartPlot({ data, valueLabel, formatValue }: DayChartPlotProps) {
  const rows = data.map((day) => ({ day: formatDay(day.date), value: day.value }));
  return (
    <BarChart
      responsive
      data={rows}
      style={{ width: '100%', height: '100%' }}
      margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
      accessibilityLayer={false}
    >
      <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="var(--color-border)" />
      <XAxis dataKey="day" tick={{ fontSize: 12, fill: 'var(--color-text-muted)' }} minTickGap={16} tickLine={false} />
      <YAxis
        width={64}
        tick={{ fontSize: 12, fill: 'var(--color-text-muted)' }}
        tickFormatter={(value: number) => formatValue(value)}
        tickLine={false}
        axisLine={false}
      />
      <Tooltip formatter={(value) => [formatValue(Number(value)), valueLabel]} cursor={{ fill: 'var(--magic-tint)' }} />
      <Bar dataKey="value" name={valueLabel} fill="var(--magic-violet)" radius={[4, 4, 0, 0]} isAnimationActive={!prefersReducedMotion()} />
    </BarChart>
  );
}
