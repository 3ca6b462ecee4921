import { useId } from 'react';
import { QueryStatus } from '../../../shared/ui/query-status';
import { Skeleton } from '../../../shared/ui/skeleton';
import { usePlatformStatsQuery } from '../api/admin.api';
import { fallbackStateLabel } from '../lib/fallback';
import { formatCount } from '../lib/format';
import { StatCards } from './admin-parts';
import parts from './admin-parts.module.css';
import { DayChart } from './day-chart';

/**
 * 001 §2 "Platform Stats": total users, total transactions and suspended users, plus the images
 * made today and in total, the image model in use, and generations per day.
 */
export function PlatformStatsTab() {
  const stats = usePlatformStatsQuery();
  const headingId = useId();
  return (
    <section className={parts.tab} aria-labelledby={headingId}>
      <h2 id={headingId} className={parts.panelTitle}>
        Platform Stats
      </h2>
      <QueryStatus
        query={stats}
        loadingText="Loading platform stats..."
        skeleton={<Skeleton height="16rem" />}
        errorText="Could not load the platform stats."
        emptyText="No platform figures."
        isEmpty={() => false}
      >
        {(data) => (
          <>
            <StatCards
              label="Platform figures"
              items={[
                { label: 'Total Users', value: formatCount(data.totalUsers) },
                {
                  label: 'Total Transactions',
                  // D44: above 10,000 the server may estimate, and says so.
                  value: `${data.totalTransactionsEstimated ? 'about ' : ''}${formatCount(data.totalTransactions)}`,
                },
                { label: 'Suspended Users', value: formatCount(data.suspendedUsers) },
                { label: 'Images Today', value: formatCount(data.imagesToday) },
                { label: 'Images Total', value: formatCount(data.imagesTotal) },
                {
                  label: 'Image Model',
                  value: data.fallback?.currentModel || 'Unknown',
                  hint: data.fallback ? fallbackStateLabel(data.fallback) : undefined,
                },
              ]}
            />
            <DayChart
              title="Generations per day (last 30 days)"
              valueLabel="Images"
              data={data.generationsByDay}
              formatValue={formatCount}
            />
          </>
        )}
      </QueryStatus>
    </section>
  );
}
