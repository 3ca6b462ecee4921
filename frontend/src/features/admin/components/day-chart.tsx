import { lazy, Suspense, useId } from 'react';
import { Skeleton } from '../../../shared/ui/skeleton';
import type { DayFigure } from '../api/admin.api';
import { chartSummary } from '../lib/chart-summary';
import { formatDay } from '../lib/format';
import styles from './day-chart.module.css';
import parts from './admin-parts.module.css';
import hidden from '../../../shared/ui/visually-hidden.module.css';

// The chart library is loaded only when a chart is shown (it is the dashboard's largest part).
const DayChartPlot = lazy(() => import('./day-chart-plot').then((module) => ({ default: module.DayChartPlot })));

export interface DayChartProps {
  /** The chart's heading and accessible name, e.g. "Revenue per day (last 30 days)". */
  title: string;
  /** The name of the figure in the table and the tooltip, e.g. "Revenue". */
  valueLabel: string;
  data: readonly DayFigure[];
  formatValue: (value: number) => string;
}

/**
 * A bar chart of one figure per day. The drawing is hidden from assistive technology; they get
 * the chart's name, a one-line summary and a table of every day instead.
 */
export function DayChart({ title, valueLabel, data, formatValue }: DayChartProps) {
  const titleId = useId();
  const summaryId = useId();
  return (
    <figure className={styles.figure} aria-labelledby={titleId} aria-describedby={summaryId}>
      <figcaption className={styles.caption}>
        <h3 id={titleId} className={parts.subTitle}>
          {title}
        </h3>
        <p id={summaryId} className={parts.muted}>
          {chartSummary(data, formatValue)}
        </p>
      </figcaption>
      {data.length > 0 ? (
        <div className={styles.plot} aria-hidden="true">
          <Suspense fallback={<Skeleton height="100%" />}>
            <DayChartPlot data={data} valueLabel={valueLabel} formatValue={formatValue} />
          </Suspense>
        </div>
      ) : null}
      <table className={hidden.visuallyHidden}>
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">{valueLabel}</th>
          </tr>
        </thead>
        <tbody>
          {data.map((day) => (
            <tr key={day.date}>
              <th scope="row">{formatDay(day.date)}</th>
              <td>{formatValue(day.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
