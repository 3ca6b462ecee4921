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
    modelSpend: modelSpend(),
    ...overrides,
  };
}

type SpendDay = ApiSchema<'SpendDayResponse'>;

/** 30 days of model spend ending 2030-05-30 (oldest first), with `figures(i)` on day i (nothing by default). */
export function spendDays(figures: (index: number) => Partial<Omit<SpendDay, 'date'>> = () => ({})): SpendDay[] {
  return Array.from({ length: 30 }, (_, index) => ({
    date: `2030-05-${String(index + 1).padStart(2, '0')}`,
    generations: 0,
    spend: 0,
    revenue: 0,
    margin: 0,
    ...figures(index),
  }));
}

/**
 * D41's model spend over 30 days: three models (the last one at a loss) and three days with
 * spend or revenue: May 6 (a failed call, no revenue), May 29 and May 30.
 */
export function modelSpend(overrides: Partial<ApiSchema<'ModelSpendResponse'>> = {}): ApiSchema<'ModelSpendResponse'> {
  const byDay: Record<number, Partial<SpendDay>> = {
    5: { generations: 0, spend: 0.045, revenue: 0, margin: -0.045 },
    28: { generations: 60, spend: 4.39, revenue: 12.02, margin: 7.63 },
    29: { generations: 101, spend: 8, revenue: 20, margin: 12 },
  };
  return {
    days: 30,
    totalSpend: 12.435,
    totalRevenue: 32.02,
    grossMargin: 19.585,
    grossMarginRate: 61.2,
    costPerCreditSpent: 0.1184,
    byDay: spendDays((index) => byDay[index] ?? {}),
    byModel: [
      { model: 'black-forest-labs/flux-kontext-max', generations: 150, spend: 12, costPerGeneration: 0.08, revenue: 30, margin: 18 },
      { model: 'google/nano-banana', generations: 10, spend: 0.39, costPerGeneration: 0.039, revenue: 2, margin: 1.61 },
      { model: 'black-forest-labs/flux-kontext-pro', generations: 1, spend: 0.045, costPerGeneration: 0.045, revenue: 0.02, margin: -0.025 },
    ],
    ...overrides,
  };
}

type Reliability = ApiSchema<'ModelReliabilityResponse'>;

/** No calls in the window. */
export const NO_CALLS: Reliability = { attempts: 0, successRate: null, p50Ms: null, p95Ms: null };

const CHAIN_MODELS: ReadonlyArray<ApiSchema<'ChainModelResponse'>> = [
  {
    model: 'black-forest-labs/flux-kontext-max',
    label: 'FLUX.1 Kontext [max]',
    vendor: 'Black Forest Labs',
    position: 1,
    status: 'in-use',
    failureCount: 1,
    skippedUntil: null,
    lastFailureTime: null,
    price: { perImage: 0.08, perMegapixel: 0, description: '$0.08 per image' },
    last24Hours: { attempts: 40, successRate: 97.5, p50Ms: 8200, p95Ms: 12400 },
    last7Days: { attempts: 300, successRate: 98.3, p50Ms: 7900, p95Ms: 11800 },
  },
  {
    model: 'google/nano-banana',
    label: 'Nano Banana',
    vendor: 'Google',
    position: 2,
    status: 'standby',
    failureCount: 0,
    skippedUntil: null,
    lastFailureTime: null,
    price: { perImage: 0.039, perMegapixel: 0, description: '$0.039 per image' },
    last24Hours: NO_CALLS,
    last7Days: { attempts: 12, successRate: 100, p50Ms: 640, p95Ms: 980 },
  },
  {
    model: 'black-forest-labs/flux-kontext-pro',
    label: 'FLUX.1 Kontext [pro]',
    vendor: 'Black Forest Labs',
    position: 3,
    status: 'standby',
    failureCount: 0,
    skippedUntil: null,
    lastFailureTime: null,
    price: { perImage: 0.04, perMegapixel: 0, description: '$0.04 per image' },
    last24Hours: { attempts: 3, successRate: null, p50Ms: null, p95Ms: null },
    last7Days: NO_CALLS,
  },
];

/**
 * One model of the chain, by its place in the fixture chain (0: FLUX.1 Kontext [max], 1: Nano
 * Banana, 2: FLUX.1 Kontext [pro]).
 */
export function chainModel(index: number, overrides: Partial<ApiSchema<'ChainModelResponse'>> = {}): ApiSchema<'ChainModelResponse'> {
  const base = CHAIN_MODELS[index];
  if (!base) throw new Error(`No chain model ${index}`);
  return { ...base, ...overrides };
}

/** GET /api/admin/models: the fixture chain, its models renumbered in the order given. */
export function modelChain(overrides: Partial<ApiSchema<'ModelChainResponse'>> = {}): ApiSchema<'ModelChainResponse'> {
  const models = overrides.models ?? CHAIN_MODELS.map((_, index) => chainModel(index));
  return {
    engine: 'replicate',
    currentModel: models[0]?.model ?? '',
    adminOverride: null,
    failureThreshold: 5,
    skipMinutes: 10,
    recoveryIntervalMinutes: 10,
    ...overrides,
    models: models.map((model, index) => ({ ...model, position: index + 1 })),
  };
}

/** The chain in the order of these model ids (as the server keeps it after a reorder). */
export function chainInOrder(chain: ApiSchema<'ModelChainResponse'>, order: readonly string[]): ApiSchema<'ModelChainResponse'> {
  const byId = new Map(chain.models.map((model) => [model.model, model]));
  const models = order.flatMap((id) => {
    const model = byId.get(id);
    return model ? [model] : [];
  });
  // The first model that can be tried is the one in use.
  const first = models.find((model) => model.status !== 'disabled' && model.status !== 'skipped');
  const statuses = models.map((model) => {
    if (model === first) return { ...model, status: 'in-use' as const };
    return model.status === 'in-use' ? { ...model, status: 'standby' as const } : model;
  });
  return modelChain({ ...chain, currentModel: first?.model ?? chain.currentModel, models: statuses });
}

export function platformStats(overrides: Partial<ApiAnswer<'/api/admin/platform-stats', 'get'>> = {}): ApiAnswer<'/api/admin/platform-stats', 'get'> {
  return {
    totalUsers: 40,
    totalTransactions: 321,
    totalTransactionsEstimated: false,
    suspendedUsers: 3,
    imagesToday: 9,
    imagesTotal: 1500,
    generationsByDay: days((index) => index),
    fallback: fallbackStatus(),
    ...overrides,
  };
}

const HOUR_MS = 3_600_000;

/** One open report (D43): a visitor's, for harassment, without details, unless told otherwise. */
export function queuedReport(n: number, overrides: Partial<ApiSchema<'QueuedReportResponse'>> = {}): ApiSchema<'QueuedReportResponse'> {
  return {
    id: `30000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    reason: 'harassment',
    details: null,
    createdAt: '2030-05-30T10:00:00.000Z',
    reporterUserId: null,
    ...overrides,
  };
}

/**
 * One image with open reports (D43), owned by adminUser(n), with one report; its deadline is 48 h
 * after `firstReportedAt` unless given.
 */
export function reportCase(n: number, overrides: Partial<ApiSchema<'ReportCaseResponse'>> = {}): ApiSchema<'ReportCaseResponse'> {
  const firstReportedAt = overrides.firstReportedAt ?? '2030-05-30T10:00:00.000Z';
  return {
    imageId: `40000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    ownerId: adminUser(n).id,
    ownerEmail: adminUser(n).email,
    ownerSuspended: false,
    prompt: `reported edit ${n}`,
    firstReportedAt,
    deadline: new Date(Date.parse(firstReportedAt) + 48 * HOUR_MS).toISOString(),
    overdue: false,
    hiddenPendingReview: false,
    reports: [queuedReport(n)],
    ...overrides,
  };
}

/** A list answer with the contract's X-Total-Count header. */
export function listAnswer(items: unknown[], total = items.length, headers: Record<string, string> = {}): Response {
  return json(items, { headers: { 'X-Total-Count': String(total), ...headers } });
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
