import { useId } from 'react';
import { QueryStatus } from '../../../shared/ui/query-status';
import { Skeleton } from '../../../shared/ui/skeleton';
import { useSalesAnalyticsQuery, type SalesAnalytics } from '../api/admin.api';
import { accountIdText, formatCount, formatDateTime, formatDollars, formatPercent, isoDate, shortId } from '../lib/format';
import { packRows } from '../lib/packs';
import { StatCards } from './admin-parts';
import parts from './admin-parts.module.css';
import { DayChart } from './day-chart';

function RecentPurchases({ purchases }: { purchases: SalesAnalytics['recentPurchases'] }) {
  const headingId = useId();
  return (
    <div className={parts.panel}>
      <h3 id={headingId} className={parts.subTitle}>
        Recent Purchases
      </h3>
      {purchases.length === 0 ? (
        <p className={parts.muted}>No purchases yet.</p>
      ) : (
        <div className={parts.tableWrap} role="region" aria-labelledby={headingId} tabIndex={0}>
          <table className={parts.table}>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">User ID</th>
                <th scope="col">Pack</th>
                <th scope="col" className={parts.numeric}>
                  Credits
                </th>
                <th scope="col" className={parts.numeric}>
                  Amount
                </th>
                <th scope="col">Payment ID</th>
              </tr>
            </thead>
            <tbody>
              {purchases.map((purchase) => (
                <tr key={purchase.id}>
                  <td className={parts.nowrap}>
                    <time dateTime={isoDate(purchase.createdAt)}>{formatDateTime(purchase.createdAt)}</time>
                  </td>
                  <td className={parts.mono}>{accountIdText(purchase.userId)}</td>
                  <td>{purchase.packType ?? 'N/A'}</td>
                  <td className={parts.numeric}>{formatCount(purchase.credits)}</td>
                  <td className={parts.numeric}>{formatDollars(purchase.amount)}</td>
                  <td className={parts.mono}>{shortId(purchase.paymentId)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

function PackPerformance({ figures }: { figures: SalesAnalytics['packPerformance'] }) {
  const headingId = useId();
  return (
    <div className={parts.panel}>
      <h3 id={headingId} className={parts.subTitle}>
        Pack Performance
      </h3>
      <div className={parts.tableWrap} role="region" aria-labelledby={headingId} tabIndex={0}>
        <table className={parts.table}>
          <thead>
            <tr>
              <th scope="col">Pack</th>
              <th scope="col" className={parts.numeric}>
                Sales
              </th>
              <th scope="col" className={parts.numeric}>
                Credits sold
              </th>
              <th scope="col" className={parts.numeric}>
                Revenue
              </th>
              <th scope="col" className={parts.numeric}>
                Average per sale
              </th>
            </tr>
          </thead>
          <tbody>
            {packRows(figures).map((row) => (
              <tr key={row.pack}>
                <th scope="row">{row.pack}</th>
                <td className={parts.numeric}>{formatCount(row.sales)}</td>
                <td className={parts.numeric}>{formatCount(row.credits)}</td>
                <td className={parts.numeric}>{formatDollars(row.revenue)}</td>
                <td className={parts.numeric}>{formatDollars(row.averagePerSale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function BusinessInsights({ analytics }: { analytics: SalesAnalytics }) {
  const headingId = useId();
  return (
    <section className={parts.panel} aria-labelledby={headingId}>
      <h3 id={headingId} className={parts.subTitle}>
        Business Insights
      </h3>
      <StatCards
        items={[
          { label: 'Total Purchases', value: formatCount(analytics.totalPurchases) },
          { label: 'Subscribed Users', value: formatCount(analytics.subscribedUsers) },
          {
            label: 'Credit Usage Rate',
            value: formatPercent(analytics.creditUsageRate),
            hint: 'Credits used for edits per credit purchased',
          },
        ]}
      />
    </section>
  );
}

/**
 * 001 §2 "Sales Analytics": Total Revenue, Credits Sold, Credits Used and Active Users; revenue
 * per day for the last 30 days; the 10 most recent purchases; Pack Performance for the four
 * packs; Business Insights.
 */
export function SalesAnalyticsTab() {
  const analytics = useSalesAnalyticsQuery();
  const headingId = useId();
  return (
    <section className={parts.tab} aria-labelledby={headingId}>
      <h2 id={headingId} className={parts.panelTitle}>
        Sales Analytics
      </h2>
      <QueryStatus
        query={analytics}
        loadingText="Loading sales analytics..."
        skeleton={<Skeleton height="20rem" />}
        errorText="Could not load the sales analytics."
        emptyText="No sales figures."
        isEmpty={() => false}
      >
        {(data) => (
          <>
            <StatCards
              label="Sales figures"
              items={[
                { label: 'Total Revenue', value: formatDollars(data.totalRevenue) },
                { label: 'Credits Sold', value: formatCount(data.creditsSold) },
                { label: 'Credits Used', value: formatCount(data.creditsUsed) },
                { label: 'Active Users', value: formatCount(data.activeUsers), hint: 'Not suspended' },
              ]}
            />
            <DayChart
              title="Revenue per day (last 30 days)"
              valueLabel="Revenue"
              data={data.revenueByDay}
              formatValue={formatDollars}
            />
            <RecentPurchases purchases={data.recentPurchases} />
            <PackPerformance figures={data.packPerformance} />
            <BusinessInsights analytics={data} />
          </>
        )}
      </QueryStatus>
    </section>
  );
}
