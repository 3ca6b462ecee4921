import { useId } from 'react';
import { cx } from '../../../shared/lib/cx';
import { QueryStatus } from '../../../shared/ui/query-status';
import { Skeleton } from '../../../shared/ui/skeleton';
import { useSalesAnalyticsQuery, type ModelSpend, type SalesAnalytics } from '../api/admin.api';
import {
  accountIdText,
  AMOUNT_TONE_COLOUR,
  amountTone,
  formatCount,
  formatDateTime,
  formatDollars,
  formatMoney,
  formatPercent,
  formatUtcDay,
  isoDate,
  shortId,
} from '../lib/format';
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

/** What a figure the server has no value for reads as. */
const NO_FIGURE = '—';

/** A margin: "-$0.025" for a loss, in red too (the minus sign says it; the colour repeats it). */
function Margin({ amount }: { amount: number }) {
  const tone = amountTone(amount);
  return (
    <span data-tone={tone} style={tone === 'negative' ? { color: AMOUNT_TONE_COLOUR.negative } : undefined}>
      {formatMoney(amount)}
    </span>
  );
}

function SpendPerModel({ rows, days }: { rows: ModelSpend['byModel']; days: number }) {
  const headingId = useId();
  return (
    <div className={parts.panel}>
      <h4 id={headingId} className={parts.subTitle}>
        Per model
      </h4>
      {rows.length === 0 ? (
        <p className={parts.muted}>No model was called in the last {days} days.</p>
      ) : (
        <div className={parts.tableWrap} role="region" aria-labelledby={headingId} tabIndex={0}>
          <table className={parts.table} aria-label="Model spend per model">
            <thead>
              <tr>
                <th scope="col">Model</th>
                <th scope="col" className={parts.numeric}>
                  Generations
                </th>
                <th scope="col" className={parts.numeric}>
                  Spend
                </th>
                <th scope="col" className={parts.numeric}>
                  Cost per generation
                </th>
                <th scope="col" className={parts.numeric}>
                  Revenue share
                </th>
                <th scope="col" className={parts.numeric}>
                  Margin
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.model}>
                  <th scope="row" className={cx(parts.mono, parts.nowrap)}>
                    {row.model}
                  </th>
                  <td className={parts.numeric}>{formatCount(row.generations)}</td>
                  <td className={parts.numeric}>{formatMoney(row.spend)}</td>
                  <td className={parts.numeric}>{row.costPerGeneration === null ? NO_FIGURE : formatMoney(row.costPerGeneration)}</td>
                  <td className={parts.numeric}>{formatMoney(row.revenue)}</td>
                  <td className={parts.numeric}>
                    <Margin amount={row.margin} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

/** The days that had model spend or revenue, newest first. */
export function spendDaysShown(days: ModelSpend['byDay']): ModelSpend['byDay'] {
  return days.filter((day) => day.spend !== 0 || day.revenue !== 0).sort((a, b) => b.date.localeCompare(a.date));
}

function SpendPerDay({ rows, days }: { rows: ModelSpend['byDay']; days: number }) {
  const headingId = useId();
  const shown = spendDaysShown(rows);
  return (
    <div className={parts.panel}>
      <h4 id={headingId} className={parts.subTitle}>
        Per day
      </h4>
      {shown.length === 0 ? (
        <p className={parts.muted}>No model spend in the last {days} days</p>
      ) : (
        <div className={parts.tableWrap} role="region" aria-labelledby={headingId} tabIndex={0}>
          <table className={parts.table} aria-label="Model spend per day">
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col" className={parts.numeric}>
                  Generations
                </th>
                <th scope="col" className={parts.numeric}>
                  Spend
                </th>
                <th scope="col" className={parts.numeric}>
                  Revenue
                </th>
                <th scope="col" className={parts.numeric}>
                  Margin
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((day) => (
                <tr key={day.date}>
                  <th scope="row" className={parts.nowrap}>
                    <time dateTime={day.date}>{formatUtcDay(day.date)}</time>
                  </th>
                  <td className={parts.numeric}>{formatCount(day.generations)}</td>
                  <td className={parts.numeric}>{formatMoney(day.spend)}</td>
                  <td className={parts.numeric}>{formatMoney(day.revenue)}</td>
                  <td className={parts.numeric}>
                    <Margin amount={day.margin} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

/**
 * D41 "Model spend and margin": what the image models cost against the revenue over the last 30
 * days, in total, per model and per day.
 */
function ModelSpendSection({ spend }: { spend: ModelSpend }) {
  const headingId = useId();
  const period = `Last ${spend.days} days`;
  return (
    <section className={parts.panel} aria-labelledby={headingId}>
      <h3 id={headingId} className={parts.subTitle}>
        Model spend and margin
      </h3>
      <StatCards
        label="Model spend figures"
        items={[
          { label: 'Model spend', value: formatMoney(spend.totalSpend), hint: period },
          {
            label: 'Gross margin',
            value: <Margin amount={spend.grossMargin} />,
            hint: spend.grossMarginRate === null ? 'No revenue' : `${formatPercent(spend.grossMarginRate)} of revenue`,
          },
          { label: 'Revenue', value: formatMoney(spend.totalRevenue), hint: period },
          {
            label: 'Cost per credit spent',
            value: spend.costPerCreditSpent === null ? NO_FIGURE : formatMoney(spend.costPerCreditSpent),
            hint: 'Model spend per credit used',
          },
        ]}
      />
      <SpendPerModel rows={spend.byModel} days={spend.days} />
      <SpendPerDay rows={spend.byDay} days={spend.days} />
    </section>
  );
}

/**
 * 001 §2 "Sales Analytics": Total Revenue, Credits Sold, Credits Used and Active Users; revenue
 * per day for the last 30 days; the 10 most recent purchases; Pack Performance for the four
 * packs; Business Insights; and D41's model spend and margin.
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
            <ModelSpendSection spend={data.modelSpend} />
          </>
        )}
      </QueryStatus>
    </section>
  );
}
