import { dollars, salesAnalytics, usageRate } from './sales-analytics';

describe('sales analytics (001 §2)', () => {
  it('gives the usage rate as a percentage with one decimal, rounded half up, 0 when nothing was sold', () => {
    expect(usageRate(1, 8)).toBe(12.5);
    expect(usageRate(1, 3)).toBe(33.3);
    expect(usageRate(2, 3)).toBe(66.7);
    expect(usageRate(1, 16)).toBe(6.3); // 6.25 → 6.3
    expect(usageRate(3, 3)).toBe(100);
    expect(usageRate(5, 0)).toBe(0);
  });

  it('turns cents into dollars exactly', () => {
    expect(dollars(1234567)).toBe(12345.67);
    expect(dollars(100)).toBe(1);
    expect(dollars(5)).toBe(0.05);
    expect(dollars(0)).toBe(0);
  });

  it('lists the four packs in order, zeros for a pack without sales, and the average per sale in whole cents', () => {
    const figures = salesAnalytics(
      {
        revenueCents: 3500,
        creditsSold: 22,
        totalPurchases: 3,
        creditsUsed: 4,
        useTransactions: 4,
        recentPurchases: [
          { id: 'a', userId: 'u', credits: 7, purchaseAmount: 500, packType: 'pack7', stripeTransactionId: 'pi_1234567890', createdAt: new Date(0) },
          { id: 'b', userId: 'u', credits: 45, purchaseAmount: null, packType: null, stripeTransactionId: null, createdAt: new Date(0) },
        ],
        packs: [
          { packType: 'pack7', sales: 3, credits: 21, revenueCents: 1000 },
          { packType: 'pack1', sales: 1, credits: 1, revenueCents: 100 },
        ],
        revenueCentsByDay: [{ date: '2026-11-24', cents: 1999 }],
      },
      { activeUsers: 9, subscribedUsers: 2 },
      ['pack1', 'pack7', 'pack15', 'pack45'],
    );
    expect(figures.packPerformance).toEqual([
      { pack: 'pack1', sales: 1, credits: 1, revenue: 1, averagePerSale: 1 },
      { pack: 'pack7', sales: 3, credits: 21, revenue: 10, averagePerSale: 3.33 },
      { pack: 'pack15', sales: 0, credits: 0, revenue: 0, averagePerSale: 0 },
      { pack: 'pack45', sales: 0, credits: 0, revenue: 0, averagePerSale: 0 },
    ]);
    expect(figures.recentPurchases.map((p) => [p.amount, p.paymentId, p.packType])).toEqual([
      [5, 'pi_12345', 'pack7'],
      [0, null, null],
    ]);
    expect(figures).toMatchObject({ totalRevenue: 35, creditUsageRate: 18.2, activeUsers: 9, subscribedUsers: 2, revenueByDay: [{ date: '2026-11-24', value: 19.99 }] });
  });
});
