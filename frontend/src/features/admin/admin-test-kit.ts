/** Fixtures for the admin dashboard tests: answers shaped like the issue 12 contract. */
import { screen } from '@testing-library/react';
import { json, stubApi, type ApiRoutes } from '../../test/fetch-stub';
import { renderRoute } from '../../test/render-route';
import type { ApiAnswer, ApiSchema } from '../../shared/api/contract';
import { userBody, type UserAnswer } from '../../test/contract-answers';

export const ADMIN_ID = '00000000-0000-4000-8000-000000000001';

export const ADMIN = userBody({ id: ADMIN_ID, email: 'admin@example.com', username: 'admin', isAdmin: true });

export const NON_ADMIN = userBody({ ...ADMIN, id: '00000000-0000-4000-8000-000000000002', email: 'pat@example.com', isAdmin: false });

export function adminUser(n: number, overrides: Partial<ApiSchema<'AdminUserResponse'>> = {}): ApiSchema<'AdminUserResponse'> {
  return {
    id: `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    email: `user${n}@example.com`,
    username: `user${n}`,
    createdAt: '2030-05-01T12:00:00.000Z',
    isSubscribed: false,
    subscriptionTier: 'free',
    isSuspended: false,
    isVerified: true,
    isAdmin: false,
    ...overrides,
  };
}

export function userStats(overrides: Partial<ApiSchema<'UserCreditStatsResponse'>> = {}): ApiSchema<'UserCreditStatsResponse'> {
  return { balance: 12, regular: 10, watermarked: 2, totalPurchased: 15, totalUsed: 3, ...overrides };
}

export function transaction(n: number, overrides: Partial<ApiSchema<'CreditTransactionResponse'>> = {}): ApiSchema<'CreditTransactionResponse'> {
  return {
    id: `20000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    userId: adminUser(1).id,
    type: 'purchase',
    kind: 'regular',
    credits: 7,
    description: `Transaction ${n}`,
    sourceType: 'pack',
    purchaseAmount: 500,
    currency: 'USD',
    packType: 'pack7',
    stripeTransactionId: 'pi_1234567890',
    expiresAt: null,
    imageId: null,
    createdBy: null,
    createdAt: '2030-05-02T12:00:00.000Z',
    ...overrides,
  };
}

export function fallbackStatus(overrides: Partial<ApiSchema<'FallbackStatusResponse'>> = {}): ApiSchema<'FallbackStatusResponse'> {
  return {
    isActive: false,
    adminOverride: null,
    failureCount: 0,
    retryAfter: null,
    lastFailureTime: null,
    currentModel: 'Flux Kontext Max',
    configuration: {
      engine: 'replicate',
      primaryModel: 'Flux Kontext Max',
      fallbackModel: 'Flux Kontext Pro',
      failureThreshold: 5,
      fallbackDurationMinutes: 10,
      recoveryIntervalMinutes: 10,
    },
    ...overrides,
  };
}

/** 30 days ending 2030-05-30, with `value(i)` on day i. */
export function days(value: (index: number) => number = () => 0): Array<ApiSchema<'DayFigureResponse'>> {
  return Array.from({ length: 30 }, (_, index) => ({
    date: `2030-05-${String(index + 1).padStart(2, '0')}`,
    value: value(index),
  }));
}

export function salesAnalytics(overrides: Partial<ApiAnswer<'/api/admin/analytics', 'get'>> = {}): ApiAnswer<'/api/admin/analytics', 'get'> {
  return {
    totalRevenue: 1234.5,
    creditsSold: 420,
    creditsUsed: 105,
    activeUsers: 37,
    recentPurchases: [
      {
        id: 'p1',
        credits: 7,
        amount: 5,
        userId: adminUser(1).id,
        packType: 'pack7',
        createdAt: '2030-05-30T12:00:00.000Z',
        paymentId: 'pi_abcdefgh',
      },
      {
        id: 'p2',
        credits: 45,
        amount: 49,
        userId: adminUser(2).id,
        packType: null,
        createdAt: '2030-05-29T12:00:00.000Z',
        paymentId: 'in_zyxwvuts',
      },
    ],
    packPerformance: [
      { pack: 'pack1', sales: 3, credits: 3, revenue: 3, averagePerSale: 1 },
      { pack: 'pack7', sales: 2, credits: 14, revenue: 10, averagePerSale: 5 },
      { pack: 'pack15', sales: 0, credits: 0, revenue: 0, averagePerSale: 0 },
      { pack: 'pack45', sales: 1, credits: 45, revenue: 25, averagePerSale: 25 },
    ],
    totalPurchases: 6,
    subscribedUsers: 4,
    creditUsageRate: 12.5,
    revenueByDay: days((index) => (index === 29 ? 35 : 0)),
    ...overrides,
  };
}

export function platformStats(overrides: Partial<ApiAnswer<'/api/admin/platform-stats', 'get'>> = {}): ApiAnswer<'/api/admin/platform-stats', 'get'> {
  return {
    totalUsers: 40,
    totalTransactions: 321,
    suspendedUsers: 3,
    imagesToday: 9,
    imagesTotal: 1500,
    generationsByDay: days((index) => index),
    fallback: fallbackStatus(),
    ...overrides,
  };
}

/** A list answer with the contract's X-Total-Count header. */
export function listAnswer(items: unknown[], total = items.length): Response {
  return json(items, { headers: { 'X-Total-Count': String(total) } });
}

export { findToastDescription as toastDescription, findToastTitle as toastTitle } from '../../test/toasts';

export function calls(requests: Request[], method: string, path: string): Request[] {
  return requests.filter((request) => request.method === method && new URL(request.url).pathname === path);
}

/** Opens /admin (optionally a tab: `/admin?tab=reliability`) signed in as the admin. */
export async function openAdmin(routes: ApiRoutes, { path = '/admin', account = ADMIN }: { path?: string; account?: UserAnswer } = {}) {
  const stub = stubApi({ 'GET /api/user': () => json(account), ...routes });
  const view = renderRoute(path);
  await screen.findByRole('tablist', { name: 'Admin sections' });
  return { ...stub, ...view };
}
