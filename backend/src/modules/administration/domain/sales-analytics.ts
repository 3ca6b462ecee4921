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
  };
}
