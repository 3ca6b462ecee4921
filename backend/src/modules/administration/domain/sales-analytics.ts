/**
 * 001 §2 Sales Analytics and Business Insights, each figure exactly as the spec defines it, from
 * the ledger's sums (computed in SQL by the credits context) and the account counts. Money stays
 * in integer cents until the last step; rounding is half up.
 */

export interface LedgerSales {
  revenueCents: number;
  creditsSold: number;
  totalPurchases: number;
  creditsUsed: number;
  useTransactions: number;
  recentPurchases: ReadonlyArray<{
    id: string;
    /** null: the account was deleted (D35); the purchase still counts. */
    userId: string | null;
    credits: number;
    purchaseAmount: number | null;
    packType: string | null;
    stripeTransactionId: string | null;
    createdAt: Date;
  }>;
  packs: ReadonlyArray<{ packType: string; sales: number; credits: number; revenueCents: number }>;
  revenueCentsByDay: ReadonlyArray<{ date: string; cents: number }>;
}

export interface DayFigure {
  date: string;
  value: number;
}

export interface SalesAnalytics {
  /** Dollars with two decimals: the sum of the purchase amounts in cents / 100. */
  totalRevenue: number;
  creditsSold: number;
  creditsUsed: number;
  /** Accounts that are not suspended. */
  activeUsers: number;
  recentPurchases: Array<{
    id: string;
    credits: number;
    /** Dollars. */
    amount: number;
    /** null: the account was deleted (D35). */
    userId: string | null;
    /** null: the client shows N/A (a subscription row). */
    packType: string | null;
    createdAt: Date;
    /** The first 8 characters of the payment transaction id. */
    paymentId: string | null;
  }>;
  packPerformance: Array<{ pack: string; sales: number; credits: number; revenue: number; averagePerSale: number }>;
  totalPurchases: number;
  subscribedUsers: number;
  /** Use transactions / credits purchased, as a percentage with one decimal (0 when nothing was sold). */
  creditUsageRate: number;
  /** Dollars per UTC day, the oldest first. */
  revenueByDay: DayFigure[];
  /** D41: what the image models cost against what was earned, over the same days. */
  modelSpend: ModelSpendAnalytics;
}

/** One UTC day: model spend, revenue and gross margin (revenue - spend), in dollars. */
export interface SpendDay {
  date: string;
  generations: number;
  spend: number;
  revenue: number;
  margin: number;
}

/** One model over the window; revenue is the window's revenue shared by the model's share of generations. */
export interface SpendModel {
  model: string;
  generations: number;
  spend: number;
  /** Dollars per generation that made an image (its failed calls included). */
  costPerGeneration: number | null;
  revenue: number;
  margin: number;
}

export interface ModelSpendAnalytics {
  days: number;
  /** Dollars, to a hundredth of a cent. */
  totalSpend: number;
  totalRevenue: number;
  grossMargin: number;
  /** Percent of revenue, one decimal; null without revenue. */
  grossMarginRate: number | null;
  /** Dollars of model spend per credit spent (each generation that made an image spends one). */
  costPerCreditSpent: number | null;
  byDay: SpendDay[];
  byModel: SpendModel[];
}

/** A day and model of spend as the generation context reports it (micro-dollars). */
export interface SpendInput {
  date: string;
  model: string;
  generations: number;
  spendMicros: number;
}

/** Micro-dollars as dollars to a hundredth of a cent. */
export function microDollars(micros: number): number {
  return Math.round(micros / 100) / 10_000;
}

/**
 * D41: spend, revenue and margin per day (the chart's days, oldest first) and per model (the most
 * spent first). Sums are made in micro-dollars and cents and turned into dollars last.
 */
export function modelSpendAnalytics(spend: readonly SpendInput[], revenueCentsByDay: ReadonlyArray<{ date: string; cents: number }>): ModelSpendAnalytics {
  const spendByDay = new Map<string, { micros: number; generations: number }>();
  const byModel = new Map<string, { micros: number; generations: number }>();
  for (const row of spend) {
    const day = spendByDay.get(row.date) ?? { micros: 0, generations: 0 };
    day.micros += row.spendMicros;
    day.generations += row.generations;
    spendByDay.set(row.date, day);
    const model = byModel.get(row.model) ?? { micros: 0, generations: 0 };
    model.micros += row.spendMicros;
    model.generations += row.generations;
    byModel.set(row.model, model);
  }
  const byDay = revenueCentsByDay.map((d): SpendDay => {
    const day = spendByDay.get(d.date) ?? { micros: 0, generations: 0 };
    const revenueMicros = d.cents * 10_000;
    return { date: d.date, generations: day.generations, spend: microDollars(day.micros), revenue: dollars(d.cents), margin: microDollars(revenueMicros - day.micros) };
  });
  const windowDays = new Set(revenueCentsByDay.map((d) => d.date));
  const inWindow = spend.filter((r) => windowDays.has(r.date));
  const totalMicros = inWindow.reduce((sum, r) => sum + r.spendMicros, 0);
  const generations = inWindow.reduce((sum, r) => sum + r.generations, 0);
  const revenueMicros = revenueCentsByDay.reduce((sum, d) => sum + d.cents, 0) * 10_000;
  const models = [...byModel.entries()]
    .map(([model, m]): SpendModel => {
      const revenueShare = generations === 0 ? 0 : Math.round((revenueMicros * m.generations) / generations);
      return {
        model,
        generations: m.generations,
        spend: microDollars(m.micros),
        costPerGeneration: m.generations === 0 ? null : microDollars(Math.round(m.micros / m.generations)),
        revenue: microDollars(revenueShare),
        margin: microDollars(revenueShare - m.micros),
      };
    })
    .sort((a, b) => b.spend - a.spend || a.model.localeCompare(b.model));
  return {
    days: revenueCentsByDay.length,
    totalSpend: microDollars(totalMicros),
    totalRevenue: microDollars(revenueMicros),
    grossMargin: microDollars(revenueMicros - totalMicros),
    grossMarginRate: revenueMicros === 0 ? null : Math.round(((revenueMicros - totalMicros) * 1000) / revenueMicros) / 10,
    costPerCreditSpent: generations === 0 ? null : microDollars(Math.round(totalMicros / generations)),
    byDay,
    byModel: models,
  };
}

/** Cents as dollars (exact for whole cents: the nearest double to n/100 prints as n/100). */
export function dollars(cents: number): number {
  return cents / 100;
}

/** numerator / denominator, rounded half up to whole cents and given in dollars. */
function dollarsPerUnit(cents: number, units: number): number {
  return units === 0 ? 0 : Math.round(cents / units) / 100;
}

/** 001 §2: count of use transactions / credits purchased × 100, one decimal, half up. */
export function usageRate(useTransactions: number, creditsSold: number): number {
  if (creditsSold <= 0) return 0;
  // ×1000 in integers first, so the one rounding step sees the exact tenth.
  return Math.round((useTransactions * 1000) / creditsSold) / 10;
}

export function salesAnalytics(
  ledger: LedgerSales,
  accounts: { activeUsers: number; subscribedUsers: number },
  packIds: readonly string[],
  spend: readonly SpendInput[] = [],
): SalesAnalytics {
  const byPack = new Map(ledger.packs.map((p) => [p.packType, p]));
  return {
    totalRevenue: dollars(ledger.revenueCents),
    creditsSold: ledger.creditsSold,
    creditsUsed: ledger.creditsUsed,
    activeUsers: accounts.activeUsers,
    recentPurchases: ledger.recentPurchases.map((p) => ({
      id: p.id,
      credits: p.credits,
      amount: dollars(p.purchaseAmount ?? 0),
      userId: p.userId,
      packType: p.packType,
      createdAt: p.createdAt,
      paymentId: p.stripeTransactionId ? p.stripeTransactionId.slice(0, 8) : null,
    })),
    packPerformance: packIds.map((pack) => {
      const sold = byPack.get(pack) ?? { sales: 0, credits: 0, revenueCents: 0 };
      return {
        pack,
        sales: sold.sales,
        credits: sold.credits,
        revenue: dollars(sold.revenueCents),
        averagePerSale: dollarsPerUnit(sold.revenueCents, sold.sales),
      };
    }),
    totalPurchases: ledger.totalPurchases,
    subscribedUsers: accounts.subscribedUsers,
    creditUsageRate: usageRate(ledger.useTransactions, ledger.creditsSold),
    revenueByDay: ledger.revenueCentsByDay.map((d) => ({ date: d.date, value: dollars(d.cents) })),
    modelSpend: modelSpendAnalytics(spend, ledger.revenueCentsByDay),
  };
}
