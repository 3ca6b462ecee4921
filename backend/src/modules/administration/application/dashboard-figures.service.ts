import { Inject, Injectable } from '@nestjs/common';
import { ENTITLEMENT_API, type EntitlementApi, PACK_IDS } from '../../billing';
import { CREDITS_API, type CreditsApi } from '../../credits';
import { GENERATION_API, type FallbackStatus, type GenerationApi } from '../../generation';
import { IDENTITY_API, type IdentityApi } from '../../identity';
import { IMAGES_API, type ImagesApi } from '../../images';
import { type DayFigure, type SalesAnalytics, salesAnalytics } from '../domain/sales-analytics';

/** 001 §9: the recent revenue list holds 10 entries. */
export const RECENT_PURCHASES = 10;
/** The charts cover the last 30 days. */
export const CHART_DAYS = 30;

export interface PlatformStats {
  totalUsers: number;
  totalTransactions: number;
  /** D44: totalTransactions is the planner's estimate (only above 10,000 rows). */
  totalTransactionsEstimated: boolean;
  suspendedUsers: number;
  imagesToday: number;
  imagesTotal: number;
  generationsByDay: DayFigure[];
  fallback: FallbackStatus;
}

/** 001 §2 Sales Analytics and Platform Stats: each context's figures, asked in parallel. */
@Injectable()
export class DashboardFiguresService {
  constructor(
    @Inject(CREDITS_API) private readonly credits: CreditsApi,
    @Inject(IDENTITY_API) private readonly identity: IdentityApi,
    @Inject(ENTITLEMENT_API) private readonly entitlements: EntitlementApi,
    @Inject(IMAGES_API) private readonly images: ImagesApi,
    @Inject(GENERATION_API) private readonly generation: GenerationApi,
  ) {}

  async salesAnalytics(): Promise<SalesAnalytics> {
    const [sales, accounts, subscribedUsers, spend] = await Promise.all([
      this.credits.salesFigures({ recent: RECENT_PURCHASES, days: CHART_DAYS }),
      this.identity.counts(),
      this.entitlements.subscribedCount(),
      this.generation.modelSpend(CHART_DAYS),
    ]);
    return salesAnalytics(sales, { activeUsers: accounts.total - accounts.suspended, subscribedUsers }, PACK_IDS, spend);
  }

  async platformStats(): Promise<PlatformStats> {
    const [accounts, transactions, images, perDay, fallback] = await Promise.all([
      this.identity.counts(),
      this.credits.transactions({ limit: 1 }),
      this.images.counts(),
      this.images.completedPerDay(CHART_DAYS),
      this.generation.fallbackStatus(),
    ]);
    return {
      totalUsers: accounts.total,
      totalTransactions: transactions.total,
      totalTransactionsEstimated: transactions.totalIsEstimate ?? false,
      suspendedUsers: accounts.suspended,
      imagesToday: images.completedToday,
      imagesTotal: images.completed,
      generationsByDay: perDay.map((d) => ({ date: d.date, value: d.count })),
      fallback,
    };
  }
}
