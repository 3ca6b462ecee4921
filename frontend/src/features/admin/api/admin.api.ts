/**
 * The admin dashboard's calls (001 §2, §4, §7; D11, D14, D19, D21, D22, D32, D41, D43; the issue 12
 * contract): users and their credits, every transaction, suspension, credit adjustments, the
 * model fallback and the model chain (D41), sales and platform figures with the model spend,
 * moderation, the reports queue (D43) and the audit trail.
 *
 * Lists answer a JSON array with `X-Total-Count`; they are read a page at a time (`limit`,
 * `offset`; the lists that grow without bound by the `cursor` their full pages name in
 * X-Next-Cursor, D44), newest first, with Load more. The shapes are the server's (ADR 0027,
 * shared/api/contract.ts); the dashboard reads them leniently (a list entry that does not parse is
 * dropped rather than failing the list, 001 §9's numbers stand in for a missing configuration),
 * and each reading is checked against its contract type (readsContract).
 * Mutations invalidate what they change (001 §4): an adjustment refetches the users, the user's
 * stats and history, the transactions and the figures; any admin action refetches the audit list.
 */
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { FetchBaseQueryMeta, InfiniteData } from '@reduxjs/toolkit/query/react';
import { z } from 'zod/mini';
import { baseApi, getErrorStatus } from '../../../shared/api/base-api';
import { REPORT_REASONS } from '../../../shared/api/report.api';
import type { ApiAnswer, ApiBody, ApiSchema } from '../../../shared/api/contract';
import type { SubscriptionTier } from '../../../shared/api/current-user.api';
import { everyValueOf, lenientList, parseResponse, readsContract } from '../../../shared/api/parse-response';

/** Rows asked for per page (the server allows 1-200, default 50; D32: 50 a page). */
export const ADMIN_PAGE_SIZE = 50;
/** 001 §7 / §9: the fallback status is polled every 5 s while it is shown. */
export const FALLBACK_POLL_INTERVAL_MS = 5000;
/** D43: the reports queue is fetched again every 30 s while it is shown (new reports, other admins' decisions). */
export const REPORTS_POLL_INTERVAL_MS = 30_000;

// ---------------------------------------------------------------------------------------------
// Shared pieces

const TIERS = everyValueOf<SubscriptionTier>()(['free', 'paid', 'starter', 'creator', 'pro']);
const text = z.catch(z.string(), '');
const nullableText = z.catch(z.nullable(z.string()), null);
const count = z.catch(z.number(), 0);
const flag = z.catch(z.boolean(), false);
const id = z.union([z.pipe(z.number(), z.transform(String)), z.string().check(z.minLength(1))]);
const nullableId = z.catch(z.nullable(id), null);
const nullableNumber = z.catch(z.nullable(z.number()), null);
/** A moment as ms since the epoch (the contract's form); an ISO string is read too. */
const timestamp = z.catch(
  z.pipe(
    z.nullable(z.union([z.number(), z.string()])),
    z.transform((value) => {
      if (value === null) return null;
      const ms = typeof value === 'number' ? value : Date.parse(value);
      return Number.isFinite(ms) ? ms : null;
    }),
  ),
  null,
);


// ---------------------------------------------------------------------------------------------
// Entities (001 §3 and the contract's types)

const adminUserSchema = z.object({
  id,
  email: text,
  username: text,
  createdAt: text,
  isSubscribed: flag,
  subscriptionTier: z.catch(z.enum(TIERS), 'free'),
  isSuspended: flag,
  isVerified: flag,
  isAdmin: flag,
});
/** 001 §3 "User (admin view)". */
export type AdminUser = z.output<typeof adminUserSchema>;
readsContract<AdminUser, ApiSchema<'AdminUserResponse'>>();

export const userStatsSchema = z.object({
  balance: count,
  regular: count,
  watermarked: count,
  totalPurchased: count,
  totalUsed: count,
});
/** 001 §3 "User stats", with the regular / watermarked split (D2). */
export type UserStats = z.output<typeof userStatsSchema>;
readsContract<UserStats, ApiSchema<'UserCreditStatsResponse'>>();

export type CreditKind = ApiSchema<'CreditKind'>;

const transactionSchema = z.object({
  id,
  /** null: the account was deleted; the row stays for accounting (D35). */
  userId: nullableId,
  /** grant, purchase, subscription, refund, use, adjustment */
  type: text,
  kind: z.catch(z.enum(['regular', 'watermarked']), 'regular'),
  /** signed */
  credits: count,
  description: nullableText,
  /** verification, pack, subscription, admin, generation, refund, ... */
  sourceType: nullableText,
  /** cents */
  purchaseAmount: nullableNumber,
  currency: z.catch(z.string(), 'USD'),
  packType: nullableText,
  stripeTransactionId: nullableText,
  createdBy: nullableId,
  createdAt: text,
});
/** A ledger row. */
export type Transaction = z.output<typeof transactionSchema>;
readsContract<Transaction, ApiSchema<'CreditTransactionResponse'>>();

/** 001 §9: the fallback numbers, used when the server does not say. */
export const SPEC_FALLBACK_CONFIGURATION = {
  engine: 'replicate',
  primaryModel: 'Flux Kontext Max',
  fallbackModel: 'Flux Kontext Pro',
  failureThreshold: 5,
  fallbackDurationMinutes: 10,
  recoveryIntervalMinutes: 10,
} as const;

const configurationSchema = z.object({
  engine: z.catch(z.enum(['replicate', 'local']), 'replicate'),
  primaryModel: z.catch(z.string(), SPEC_FALLBACK_CONFIGURATION.primaryModel),
  /** null with the local engine, which has no fallback model. */
  fallbackModel: nullableText,
  failureThreshold: z.catch(z.number(), SPEC_FALLBACK_CONFIGURATION.failureThreshold),
  fallbackDurationMinutes: z.catch(z.number(), SPEC_FALLBACK_CONFIGURATION.fallbackDurationMinutes),
  recoveryIntervalMinutes: z.catch(z.number(), SPEC_FALLBACK_CONFIGURATION.recoveryIntervalMinutes),
});
export type FallbackConfiguration = z.output<typeof configurationSchema>;
readsContract<FallbackConfiguration, ApiSchema<'FallbackConfigurationResponse'>>();

export const fallbackStatusSchema = z.object({
  isActive: flag,
  /** true: fallback forced on; false: forced off (primary model); null: automatic. */
  adminOverride: z.catch(z.nullable(z.boolean()), null),
  failureCount: count,
  /** ms timestamp */
  retryAfter: timestamp,
  /** ms timestamp */
  lastFailureTime: timestamp,
  currentModel: text,
  configuration: z.catch(configurationSchema, { ...SPEC_FALLBACK_CONFIGURATION }),
});
/** 001 §3 "Fallback status" with the configuration. */
export type FallbackStatus = z.output<typeof fallbackStatusSchema>;
readsContract<FallbackStatus, ApiAnswer<'/api/admin/fallback/status', 'get'>>();

const dayFigureSchema = z.object({ date: z.string(), value: count });
/** One day of a chart: YYYY-MM-DD (UTC) and its figure. */
export type DayFigure = z.output<typeof dayFigureSchema>;
readsContract<DayFigure, ApiSchema<'DayFigureResponse'>>();

const recentPurchaseSchema = z.object({
  id,
  credits: count,
  /** dollars */
  amount: count,
  /** null: the account was deleted (D35). */
  userId: nullableId,
  packType: nullableText,
  createdAt: text,
  /** the first 8 characters of the payment's id */
  paymentId: nullableText,
});
export type RecentPurchase = z.output<typeof recentPurchaseSchema>;
readsContract<RecentPurchase, ApiSchema<'RecentPurchaseResponse'>>();

const packFigureSchema = z.object({
  pack: z.string(),
  sales: count,
  credits: count,
  /** dollars */
  revenue: count,
  /** dollars, 0 when there was no sale */
  averagePerSale: count,
});
export type PackFigure = z.output<typeof packFigureSchema>;
readsContract<PackFigure, ApiSchema<'PackPerformanceResponse'>>();

const spendDaySchema = z.object({
  /** YYYY-MM-DD (UTC) */
  date: z.string(),
  /** generations that made an image that day */
  generations: count,
  /** dollars, to a hundredth of a cent */
  spend: count,
  /** dollars */
  revenue: count,
  /** dollars: revenue - spend */
  margin: count,
});
/** D41: one day of model spend against revenue. */
export type SpendDay = z.output<typeof spendDaySchema>;
readsContract<SpendDay, ApiSchema<'SpendDayResponse'>>();

const spendModelSchema = z.object({
  model: z.string().check(z.minLength(1)),
  generations: count,
  /** dollars, to a hundredth of a cent (failed calls included) */
  spend: count,
  /** dollars per generation that made an image; null without one */
  costPerGeneration: nullableNumber,
  /** dollars: the window's revenue shared by the model's share of generations */
  revenue: count,
  /** dollars: revenue - spend */
  margin: count,
});
/** D41: one model's spend, revenue share and margin over the window. */
export type SpendModel = z.output<typeof spendModelSchema>;
readsContract<SpendModel, ApiSchema<'SpendModelResponse'>>();

/** The window of the model spend figures (the server's 30 days). */
export const MODEL_SPEND_DAYS = 30;

const modelSpendSchema = z.object({
  days: z.catch(z.number(), MODEL_SPEND_DAYS),
  /** dollars */
  totalSpend: count,
  /** dollars */
  totalRevenue: count,
  /** dollars: revenue - spend */
  grossMargin: count,
  /** percent of revenue, one decimal; null without revenue */
  grossMarginRate: nullableNumber,
  /** dollars of model spend per credit spent; null without credits spent */
  costPerCreditSpent: nullableNumber,
  /** the oldest first */
  byDay: lenientList(spendDaySchema),
  /** the most spent first */
  byModel: lenientList(spendModelSchema),
});
/** D41: model spend, revenue and gross margin per day and per model. */
export type ModelSpend = z.output<typeof modelSpendSchema>;
readsContract<ModelSpend, ApiSchema<'ModelSpendResponse'>>();

/** What a server without model accounting (or an unreadable `modelSpend`) reads as: nothing spent. */
export const NO_MODEL_SPEND: ModelSpend = {
  days: MODEL_SPEND_DAYS,
  totalSpend: 0,
  totalRevenue: 0,
  grossMargin: 0,
  grossMarginRate: null,
  costPerCreditSpent: null,
  byDay: [],
  byModel: [],
};

export const salesAnalyticsSchema = z.object({
  /** dollars, 2 decimals */
  totalRevenue: count,
  creditsSold: count,
  creditsUsed: count,
  activeUsers: count,
  recentPurchases: lenientList(recentPurchaseSchema),
  packPerformance: lenientList(packFigureSchema),
  totalPurchases: count,
  subscribedUsers: count,
  /** percent with one decimal */
  creditUsageRate: count,
  /** the last 30 days, oldest first, dollars */
  revenueByDay: lenientList(dayFigureSchema),
  /** D41: read as nothing spent when missing or unreadable. */
  modelSpend: z.catch(modelSpendSchema, NO_MODEL_SPEND),
});
/** 001 §2 "Sales Analytics". */
export type SalesAnalytics = z.output<typeof salesAnalyticsSchema>;
readsContract<SalesAnalytics, ApiAnswer<'/api/admin/analytics', 'get'>>();

export const platformStatsSchema = z.object({
  totalUsers: count,
  totalTransactions: count,
  /** D44: the total is an estimate (only above 10,000 rows); read as exact when missing. */
  totalTransactionsEstimated: z.catch(z.boolean(), false),
  suspendedUsers: count,
  imagesToday: count,
  imagesTotal: count,
  generationsByDay: lenientList(dayFigureSchema),
  fallback: z.catch(z.nullable(fallbackStatusSchema), null),
});
/** 001 §2 "Platform Stats" plus images and the fallback state. */
export type PlatformStats = z.output<typeof platformStatsSchema>;
readsContract<PlatformStats, ApiAnswer<'/api/admin/platform-stats', 'get'>>();

const reliabilitySchema = z.object({
  attempts: count,
  /** percent, one decimal; null without calls */
  successRate: nullableNumber,
  /** median latency of the calls that made an image (ms) */
  p50Ms: nullableNumber,
  p95Ms: nullableNumber,
});
/** D41: a model's calls over a window. */
export type ModelReliability = z.output<typeof reliabilitySchema>;
readsContract<ModelReliability, ApiSchema<'ModelReliabilityResponse'>>();

const NO_CALLS: ModelReliability = { attempts: 0, successRate: null, p50Ms: null, p95Ms: null };

const priceSchema = z.object({
  /** dollars per image */
  perImage: count,
  /** dollars per further megapixel (0: a flat price) */
  perMegapixel: count,
  /** e.g. "$0.08 per image" */
  description: text,
});
export type ModelPrice = z.output<typeof priceSchema>;
readsContract<ModelPrice, ApiSchema<'ModelPriceResponse'>>();

/** in-use: the next generation tries it first; skipped: passed over until skippedUntil. */
export type ModelStatus = ApiSchema<'ModelStatus'>;
export const MODEL_STATUSES = everyValueOf<ModelStatus>()(['in-use', 'standby', 'skipped', 'disabled']);

const chainModelSchema = z.object({
  /** e.g. black-forest-labs/flux-kontext-max */
  model: z.string().check(z.minLength(1)),
  /** e.g. FLUX.1 Kontext [max] */
  label: text,
  vendor: text,
  /** 1 = tried first */
  position: count,
  status: z.catch(z.enum(MODEL_STATUSES), 'standby'),
  /** consecutive failures */
  failureCount: count,
  /** ms timestamp */
  skippedUntil: timestamp,
  /** ms timestamp */
  lastFailureTime: timestamp,
  price: z.catch(priceSchema, { perImage: 0, perMegapixel: 0, description: '' }),
  last24Hours: z.catch(reliabilitySchema, NO_CALLS),
  last7Days: z.catch(reliabilitySchema, NO_CALLS),
});
/** D41: one model of the chain. */
export type ChainModel = z.output<typeof chainModelSchema>;
readsContract<ChainModel, ApiSchema<'ChainModelResponse'>>();

export const modelChainSchema = z.object({
  engine: z.catch(z.enum(['replicate', 'local']), 'replicate'),
  /** the model the next generation tries first */
  currentModel: text,
  /** 001's override: true passes over the first model, false tries it first always, null automatic. */
  adminOverride: z.catch(z.nullable(z.boolean()), null),
  failureThreshold: z.catch(z.number(), SPEC_FALLBACK_CONFIGURATION.failureThreshold),
  skipMinutes: z.catch(z.number(), SPEC_FALLBACK_CONFIGURATION.fallbackDurationMinutes),
  recoveryIntervalMinutes: z.catch(z.number(), SPEC_FALLBACK_CONFIGURATION.recoveryIntervalMinutes),
  /** in chain order (tried first first) */
  models: lenientList(chainModelSchema),
});
/** D41: the models tried in order, with their status, price and reliability. */
export type ModelChain = z.output<typeof modelChainSchema>;
readsContract<ModelChain, ApiAnswer<'/api/admin/models', 'get'>>();

const auditEntrySchema = z.object({
  id,
  adminId: z.catch(id, ''),
  adminEmail: text,
  action: text,
  targetType: text,
  targetId: nullableId,
  reason: nullableText,
  details: z.catch(z.record(z.string(), z.unknown()), {}),
  /** 'started' (its end was never recorded: outcome unknown), 'succeeded' or 'failed'. */
  outcome: z.catch(z.enum(['started', 'succeeded', 'failed']), 'started'),
  /** The failure's code (e.g. ADMIN.BELOW_ZERO). */
  error: nullableText,
  createdAt: text,
});
/** D32: one admin action. */
export type AuditEntry = z.output<typeof auditEntrySchema>;
readsContract<AuditEntry, ApiSchema<'AuditEntryResponse'>>();

export type WhitelistType = ApiSchema<'WhitelistType'>;
export const WHITELIST_TYPES = everyValueOf<WhitelistType>()(['ip', 'email', 'fingerprint']);

const whitelistEntrySchema = z.object({
  id,
  type: text,
  value: text,
  reason: nullableText,
  isActive: flag,
  createdBy: nullableId,
  createdAt: text,
});
/** 001 §3 "admin_whitelist". */
export type WhitelistEntry = z.output<typeof whitelistEntrySchema>;
readsContract<WhitelistEntry, ApiSchema<'WhitelistEntryResponse'>>();

const flaggedDeviceSchema = z.object({
  fingerprintHash: z.string().check(z.minLength(1)),
  /** null: the account was deleted; the device stays flagged (D19, D35). */
  userId: nullableId,
  email: nullableText,
  username: nullableText,
  createdAt: text,
});
export type FlaggedDevice = z.output<typeof flaggedDeviceSchema>;
readsContract<FlaggedDevice, ApiSchema<'FlaggedDeviceResponse'>>();

const hiddenImageSchema = z.object({ id, userId: z.catch(id, ''), prompt: text, createdAt: text });
export type HiddenImage = z.output<typeof hiddenImageSchema>;
readsContract<HiddenImage, ApiSchema<'HiddenImageResponse'>>();

/** D43: why an image was reported. */
export type ReportReason = ApiSchema<'ReportReason'>;
/** The reasons in the order the report form lists them (the most severe first). */
export { REPORT_REASONS };

const queuedReportSchema = z.object({
  id,
  /** A reason this client does not know yet reads as "other". */
  reason: z.catch(z.enum(REPORT_REASONS), 'other'),
  /** The reporter's own words (plain text, shown escaped). */
  details: nullableText,
  createdAt: text,
  /** null: a visitor (not signed in) reported it, or the reporter's account was deleted. */
  reporterUserId: nullableId,
});
/** D43: one open report of an image. */
export type QueuedReport = z.output<typeof queuedReportSchema>;
readsContract<QueuedReport, ApiSchema<'QueuedReportResponse'>>();

const reportCaseSchema = z.object({
  imageId: id,
  /** null: the owner's account was deleted (D35). */
  ownerId: nullableId,
  ownerEmail: nullableText,
  ownerSuspended: flag,
  prompt: text,
  /** ISO */
  firstReportedAt: text,
  /** ISO: 48 h after the first open report. */
  deadline: text,
  /** The server's view when it answered; the tab also compares the deadline with the clock. */
  overdue: flag,
  /** An ncii or minor report hid the image from every public place until the decision. */
  hiddenPendingReview: flag,
  reports: lenientList(queuedReportSchema),
});
/** D43: one reported image with its open reports (the Reports tab's row). */
export type ReportCase = z.output<typeof reportCaseSchema>;
readsContract<ReportCase, ApiSchema<'ReportCaseResponse'>>();

// ---------------------------------------------------------------------------------------------
// Mutation answers

const adjustAnswerSchema = z.object({
  transactionId: nullableId,
  /** false when the same Idempotency-Key was already applied (a retry adjusts once). */
  applied: flag,
  balance: z.catch(z.nullable(userStatsSchema), null),
});
export type AdjustAnswer = z.output<typeof adjustAnswerSchema>;
readsContract<AdjustAnswer, ApiAnswer<'/api/admin/users/{id}/adjust-credits', 'post'>>();

const testAnswerSchema = z.object({
  model: text,
  success: flag,
  error: nullableText,
  /** how long the model took to answer (ms); null from a server that does not say */
  latencyMs: nullableNumber,
});
/** POST /api/admin/fallback/test: one real generation against the active model. */
export type FallbackTestResult = z.output<typeof testAnswerSchema>;
readsContract<FallbackTestResult, ApiAnswer<'/api/admin/fallback/test', 'post'>>();
/** POST /api/admin/models/test: one real generation against one model of the chain (D41). */
export type ModelTestResult = z.output<typeof testAnswerSchema>;
readsContract<ModelTestResult, ApiAnswer<'/api/admin/models/test', 'post'>>();

const visibilityAnswerSchema = z.object({ id, hidden: flag });
export type VisibilityAnswer = z.output<typeof visibilityAnswerSchema>;
readsContract<VisibilityAnswer, ApiAnswer<'/api/admin/images/{id}/visibility', 'post'>>();

const takeDownAnswerSchema = z.object({
  imageId: id,
  /** Images deleted: the reported one and its copies on the site. */
  imagesRemoved: count,
  /** Hashes added to the block list. */
  hashesBlocked: count,
});
/** POST /api/admin/reports/{imageId}/take-down (D43). */
export type TakeDownAnswer = z.output<typeof takeDownAnswerSchema>;
readsContract<TakeDownAnswer, ApiAnswer<'/api/admin/reports/{imageId}/take-down', 'post'>>();

const dismissAnswerSchema = z.object({
  imageId: id,
  /** A report had hidden the image: it is shown again. */
  restored: flag,
});
/** POST /api/admin/reports/{imageId}/dismiss (D43). */
export type DismissAnswer = z.output<typeof dismissAnswerSchema>;
readsContract<DismissAnswer, ApiAnswer<'/api/admin/reports/{imageId}/dismiss', 'post'>>();

// ---------------------------------------------------------------------------------------------
// Paged lists

/** One page of a list: its rows and what X-Total-Count said. */
export interface ListPage<T> {
  items: T[];
  /** Entries in the answer before unreadable ones were dropped (the next offset counts them). */
  rawCount: number;
  /** X-Total-Count: the rows matching over all pages; null when the header was missing. */
  total: number | null;
  /** D44: X-Total-Count-Estimated: the total is the server's estimate (only above 10,000). */
  estimated: boolean;
  /** D44: X-Next-Cursor, on a full page of a list that pages by keyset; else null. */
  nextCursor: string | null;
}

/** Where a page starts: an offset (the first page: 0), or the cursor a keyset list gave out (D44). */
export type AdminPageParam = number | string;

export type PagedData<T> = InfiniteData<ListPage<T>, AdminPageParam>;

/** A count header: a whole number ≥ 0, else null. */
export function totalCountHeader(headers: Headers | undefined): number | null {
  const value = headers?.get('X-Total-Count')?.trim();
  return value && /^\d+$/.test(value) ? Number(value) : null;
}

const arraySchema = z.array(z.unknown());
const readArray = parseResponse(arraySchema);

/** Reads a list answer: a JSON array (anything else is the error state) and its total header. */
export function listPageReader<S extends z.core.$ZodType>(item: S) {
  const entries = lenientList(item);
  return (raw: unknown, meta: FetchBaseQueryMeta | undefined): ListPage<z.output<S>> => {
    const values = readArray(raw);
    const items = z.parse(entries, values);
    const headers = meta?.response?.headers;
    return {
      items,
      rawCount: values.length,
      total: totalCountHeader(headers),
      estimated: headers?.get('X-Total-Count-Estimated')?.trim() === 'true',
      nextCursor: headers?.get('X-Next-Cursor')?.trim() || null,
    };
  };
}

/** The next page's offset while rows are left (offset + rows so far < X-Total-Count), else none. */
export function nextOffset(lastPage: ListPage<unknown>, lastOffset: number): number | undefined {
  if (lastPage.rawCount === 0) return undefined;
  const next = lastOffset + lastPage.rawCount;
  // An estimated total (D44) says nothing exact about the end: a short page does.
  if (lastPage.total === null || lastPage.estimated) return lastPage.rawCount < ADMIN_PAGE_SIZE ? undefined : next;
  return next < lastPage.total ? next : undefined;
}

/**
 * The page after the last one loaded. A list that pages by keyset (D44: the ledger, the accounts,
 * the audit trail) names it in X-Next-Cursor, which seeks on the server where an offset read every
 * row before it; it gives none after a short page, and an exact total that every loaded row has
 * reached says there is nothing after a full one. The other lists page by offset.
 */
export function nextPageParam(lastPage: ListPage<unknown>, allPages: ReadonlyArray<ListPage<unknown>>, lastParam: AdminPageParam): AdminPageParam | undefined {
  if (lastPage.nextCursor) {
    const loaded = allPages.reduce((rows, page) => rows + page.rawCount, 0);
    if (lastPage.total !== null && !lastPage.estimated && loaded >= lastPage.total) return undefined;
    return lastPage.nextCursor;
  }
  if (typeof lastParam === 'string') return undefined; // a keyset page without a next cursor is the last
  return nextOffset(lastPage, lastParam);
}

const pagedOptions = {
  initialPageParam: 0 as AdminPageParam,
  getNextPageParam: nextPageParam,
};

function pageParams(param: AdminPageParam, extra: Record<string, string | undefined> = {}) {
  const params: Record<string, string | number> = typeof param === 'string' ? { limit: ADMIN_PAGE_SIZE, cursor: param } : { limit: ADMIN_PAGE_SIZE, offset: param };
  for (const [key, value] of Object.entries(extra)) if (value !== undefined && value !== '') params[key] = value;
  return params;
}

/**
 * Every row of the loaded pages, once each: rows can shift between pages when new ones arrive
 * at the top (newest first), so a row seen on an earlier page is not shown again.
 */
export function pagedItems<T>(data: PagedData<T> | undefined, key: (item: T) => string): T[] {
  if (!data) return [];
  const seen = new Set<string>();
  const items: T[] = [];
  for (const page of data.pages) {
    for (const item of page.items) {
      const k = key(item);
      if (seen.has(k)) continue;
      seen.add(k);
      items.push(item);
    }
  }
  return items;
}

/** X-Total-Count of the first page, else null. */
export function pagedTotal(data: PagedData<unknown> | undefined): number | null {
  return data?.pages[0]?.total ?? null;
}

/** D44: whether the first page's total is an estimate. */
export function pagedTotalEstimated(data: PagedData<unknown> | undefined): boolean {
  return data?.pages[0]?.estimated ?? false;
}

const readUsers = listPageReader(adminUserSchema);
const readTransactions = listPageReader(transactionSchema);
const readAudit = listPageReader(auditEntrySchema);
const readHiddenImages = listPageReader(hiddenImageSchema);
const readWhitelist = listPageReader(whitelistEntrySchema);
const readFlaggedDevices = listPageReader(flaggedDeviceSchema);
const readReportCases = listPageReader(reportCaseSchema);

function userPath(userId: string, suffix: string): string {
  return `/admin/users/${encodeURIComponent(userId)}/${suffix}`;
}

// ---------------------------------------------------------------------------------------------
// Requests

export interface TransactionFilter {
  userId?: string;
  sourceType?: string;
}

type AdjustCreditsBody = ApiBody<'/api/admin/users/{id}/adjust-credits', 'post'>;
export type AdjustmentReason = AdjustCreditsBody['reason'];
export const ADJUSTMENT_REASONS = everyValueOf<AdjustmentReason>()(['refund', 'gift', 'compensation', 'penalty', 'correction']);

/**
 * An adjustment (the server's body: credits a whole number other than 0, negative to take credits
 * away), whose user and kind choose the address, and whose key is sent as the Idempotency-Key
 * header: the same key on a retry adjusts once (D32).
 */
export type AdjustCreditsRequest = AdjustCreditsBody & { userId: string; kind: CreditKind; idempotencyKey: string };

export type SuspendRequest = ApiBody<'/api/admin/users/{id}/suspend', 'post'> & { userId: string };

export type VisibilityRequest = ApiBody<'/api/admin/images/{id}/visibility', 'post'> & { imageId: string };

export type NewWhitelistEntry = ApiBody<'/api/admin/whitelist', 'post'>;

/** D43: a decision on an image's open reports, with the admin's reason (≤ 500 characters) for the audit trail. */
export type ReportDecisionRequest = ApiBody<'/api/admin/reports/{imageId}/take-down', 'post'> & { imageId: string };

/** POST /api/admin/models/order: every model of the chain once, in the new order. */
export type ModelOrderRequest = ApiBody<'/api/admin/models/order', 'post'>;
/** POST /api/admin/models/enabled: a disabled model is never tried. */
export type ModelEnabledRequest = ApiBody<'/api/admin/models/enabled', 'post'>;
/** POST /api/admin/models/test. */
export type ModelTestRequest = ApiBody<'/api/admin/models/test', 'post'>;

/**
 * The model chain's cache entry. A Fallback tag, so that 001's fallback controls (an override
 * changes which model is in use) refetch it too; a chain change invalidates all Fallback tags.
 */
const MODEL_CHAIN_TAG = { type: 'Fallback', id: 'model-chain' } as const;
/** What a chain change (order, enabled, test) makes stale: the chain, the fallback status, the figures, the audit trail. */
const CHAIN_CHANGE_TAGS = [MODEL_CHAIN_TAG, 'Fallback', 'AdminStats', 'AdminAudit'] as const;

const WHITELIST_TAG = { type: 'AdminModeration', id: 'whitelist' } as const;
const HIDDEN_TAG = { type: 'AdminModeration', id: 'hidden' } as const;
const FLAGGED_TAG = { type: 'AdminModeration', id: 'flagged' } as const;
const REPORTS_TAG = { type: 'AdminModeration', id: 'reports' } as const;
/**
 * What a decision on reports makes stale: the queue, the hidden images (a report may have hidden
 * it), the figures (images total), the audit trail, and the public lists the image leaves or rejoins.
 */
const REPORT_DECISION_TAGS = [REPORTS_TAG, HIDDEN_TAG, 'AdminStats', 'AdminAudit', 'CommunityFeed', 'Leaderboard'] as const;

/**
 * After a decision: everything it changed; after a 404 (REPORT.NOT_FOUND: another admin decided
 * first) the queue, so that the case leaves it; after another failure nothing.
 */
function reportDecisionTags(answered: boolean, error: unknown) {
  if (answered) return [...REPORT_DECISION_TAGS];
  return getErrorStatus(error) === 404 ? [REPORTS_TAG] : [];
}

const adminQueries = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/admin/users?limit&offset|cursor: every user, newest first. */
    adminUsers: build.infiniteQuery<ListPage<AdminUser>, void, AdminPageParam>({
      infiniteQueryOptions: pagedOptions,
      query: ({ pageParam }) => ({ url: '/admin/users', params: pageParams(pageParam) }),
      transformResponse: readUsers,
      providesTags: ['AdminUsers'],
    }),

    /** GET /api/admin/search-users?q&limit&offset|cursor: e-mail or username contains q, or the exact id. */
    searchUsers: build.infiniteQuery<ListPage<AdminUser>, string, AdminPageParam>({
      infiniteQueryOptions: pagedOptions,
      query: ({ queryArg, pageParam }) => ({ url: '/admin/search-users', params: { q: queryArg, ...pageParams(pageParam) } }),
      transformResponse: readUsers,
      providesTags: ['AdminUsers'],
    }),

    /** GET /api/admin/users/{id}/stats. */
    userStats: build.query<UserStats, string>({
      query: (userId) => userPath(userId, 'stats'),
      transformResponse: parseResponse(userStatsSchema),
      providesTags: (_result, _error, userId) => [{ type: 'AdminUserStats', id: userId }],
    }),

    /** GET /api/admin/users/{id}/credits?limit&offset|cursor: one user's credit history. */
    userCredits: build.infiniteQuery<ListPage<Transaction>, string, AdminPageParam>({
      infiniteQueryOptions: pagedOptions,
      query: ({ queryArg, pageParam }) => ({ url: userPath(queryArg, 'credits'), params: pageParams(pageParam) }),
      transformResponse: readTransactions,
      providesTags: (_result, _error, userId) => [{ type: 'AdminUserCredits', id: userId }],
    }),

    /** GET /api/admin/transactions?limit&offset|cursor[&userId][&sourceType]: all transactions. */
    transactions: build.infiniteQuery<ListPage<Transaction>, TransactionFilter, AdminPageParam>({
      infiniteQueryOptions: pagedOptions,
      query: ({ queryArg, pageParam }) => ({
        url: '/admin/transactions',
        params: pageParams(pageParam, { userId: queryArg.userId, sourceType: queryArg.sourceType }),
      }),
      transformResponse: readTransactions,
      providesTags: ['AdminTransactions'],
    }),

    /** GET /api/admin/fallback/status (polled every 5 s while shown). */
    fallbackStatus: build.query<FallbackStatus, void>({
      query: () => '/admin/fallback/status',
      transformResponse: parseResponse(fallbackStatusSchema),
      providesTags: ['Fallback'],
    }),

    /** GET /api/admin/models: the model chain in order (D41; polled every 5 s while shown). */
    modelChain: build.query<ModelChain, void>({
      query: () => '/admin/models',
      transformResponse: parseResponse(modelChainSchema),
      providesTags: [MODEL_CHAIN_TAG],
    }),

    /** GET /api/admin/analytics. */
    salesAnalytics: build.query<SalesAnalytics, void>({
      query: () => '/admin/analytics',
      transformResponse: parseResponse(salesAnalyticsSchema),
      providesTags: ['AdminStats'],
    }),

    /** GET /api/admin/platform-stats. */
    platformStats: build.query<PlatformStats, void>({
      query: () => '/admin/platform-stats',
      transformResponse: parseResponse(platformStatsSchema),
      providesTags: ['AdminStats', 'Fallback'],
    }),

    /** GET /api/admin/audit?limit&offset|cursor[&q]: the audit trail, newest first, searchable (D32). */
    auditLog: build.infiniteQuery<ListPage<AuditEntry>, string, AdminPageParam>({
      infiniteQueryOptions: pagedOptions,
      query: ({ queryArg, pageParam }) => ({ url: '/admin/audit', params: pageParams(pageParam, { q: queryArg }) }),
      transformResponse: readAudit,
      providesTags: ['AdminAudit'],
    }),

    /** GET /api/admin/images/hidden?limit&offset. */
    hiddenImages: build.infiniteQuery<ListPage<HiddenImage>, void, AdminPageParam>({
      infiniteQueryOptions: pagedOptions,
      query: ({ pageParam }) => ({ url: '/admin/images/hidden', params: pageParams(pageParam) }),
      transformResponse: readHiddenImages,
      providesTags: [HIDDEN_TAG],
    }),

    /** GET /api/admin/whitelist?limit&offset. */
    whitelist: build.infiniteQuery<ListPage<WhitelistEntry>, void, AdminPageParam>({
      infiniteQueryOptions: pagedOptions,
      query: ({ pageParam }) => ({ url: '/admin/whitelist', params: pageParams(pageParam) }),
      transformResponse: readWhitelist,
      providesTags: [WHITELIST_TAG],
    }),

    /** GET /api/admin/flagged-devices?limit&offset. */
    flaggedDevices: build.infiniteQuery<ListPage<FlaggedDevice>, void, AdminPageParam>({
      infiniteQueryOptions: pagedOptions,
      query: ({ pageParam }) => ({ url: '/admin/flagged-devices', params: pageParams(pageParam) }),
      transformResponse: readFlaggedDevices,
      providesTags: [FLAGGED_TAG],
    }),

    /** GET /api/admin/reports?limit&offset: images with open reports, the nearest deadline first (D43). */
    reportCases: build.infiniteQuery<ListPage<ReportCase>, void, AdminPageParam>({
      infiniteQueryOptions: pagedOptions,
      query: ({ pageParam }) => ({ url: '/admin/reports', params: pageParams(pageParam) }),
      transformResponse: readReportCases,
      providesTags: [REPORTS_TAG],
    }),
  }),
});

type PatchState = Parameters<typeof adminQueries.util.selectCachedArgsForQuery>[0];
type Dispatch = ThunkDispatch<PatchState, unknown, UnknownAction>;

/** Puts a changed user into every cached users list and search at once (the refetch follows). */
function patchUser(dispatch: Dispatch, state: PatchState, user: AdminUser): void {
  const { util } = adminQueries;
  const recipe = (draft: PagedData<AdminUser>) => {
    for (const page of draft.pages) {
      page.items = page.items.map((item) => (item.id === user.id ? user : item));
    }
  };
  for (const arg of util.selectCachedArgsForQuery(state, 'adminUsers')) {
    dispatch(util.updateQueryData('adminUsers', arg, recipe));
  }
  for (const arg of util.selectCachedArgsForQuery(state, 'searchUsers')) {
    dispatch(util.updateQueryData('searchUsers', arg, recipe));
  }
}

/**
 * A fallback control's answer is the new status: it goes straight into the polled status (the
 * card changes at once, without waiting for the next poll). The status is also fetched again
 * afterwards (its tag), so that a poll answered before the change cannot leave the card showing
 * the old state (issue 24). A failure is the page's toast.
 */
async function storeFallbackStatus(
  _arg: unknown,
  { dispatch, queryFulfilled }: { dispatch: Dispatch; queryFulfilled: Promise<{ data: FallbackStatus }> },
): Promise<void> {
  try {
    const { data } = await queryFulfilled;
    void dispatch(adminQueries.util.upsertQueryData('fallbackStatus', undefined, data));
  } catch {
    // The page shows the failure toast.
  }
}

/**
 * A chain change answers the new chain: it goes straight into the polled chain (the list changes
 * at once); the chain is also fetched again afterwards (its tag), as with the fallback controls.
 */
async function storeModelChain(
  _arg: unknown,
  { dispatch, queryFulfilled }: { dispatch: Dispatch; queryFulfilled: Promise<{ data: ModelChain }> },
): Promise<void> {
  try {
    const { data } = await queryFulfilled;
    void dispatch(adminQueries.util.upsertQueryData('modelChain', undefined, data));
  } catch {
    // The page shows the failure toast.
  }
}

export const adminApi = adminQueries.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/admin/users/{id}/suspend {suspended[, reason]} → the user (D21). */
    suspendUser: build.mutation<AdminUser, SuspendRequest>({
      query: ({ userId, suspended, reason }) => ({
        url: userPath(userId, 'suspend'),
        method: 'POST',
        body: reason ? { suspended, reason } : { suspended },
      }),
      transformResponse: parseResponse(adminUserSchema),
      async onQueryStarted(_arg, { dispatch, getState, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          patchUser(dispatch, getState() as PatchState, data);
        } catch {
          // The page shows the failure toast.
        }
      },
      // The reports queue shows whether each image's owner is suspended.
      invalidatesTags: (_answer, error) => (error ? [] : ['AdminUsers', 'AdminStats', 'AdminAudit', REPORTS_TAG]),
    }),

    /**
     * POST /api/admin/users/{id}/adjust-credits or …/adjust-watermarked-credits
     * {credits, reason[, notes]} with the Idempotency-Key header. Afterwards the users, the
     * user's stats and history, the transactions and the figures are fetched again (001 §4).
     */
    adjustCredits: build.mutation<AdjustAnswer, AdjustCreditsRequest>({
      query: ({ userId, kind, credits, reason, notes, idempotencyKey }) => ({
        url: userPath(userId, kind === 'watermarked' ? 'adjust-watermarked-credits' : 'adjust-credits'),
        method: 'POST',
        body: notes ? { credits, reason, notes } : { credits, reason },
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      transformResponse: parseResponse(adjustAnswerSchema),
      invalidatesTags: (_answer, error, { userId }) =>
        error
          ? []
          : [
              'AdminUsers',
              { type: 'AdminUserStats', id: userId },
              { type: 'AdminUserCredits', id: userId },
              'AdminTransactions',
              'AdminStats',
              'AdminAudit',
              // The admin may have adjusted their own balance.
              'Credits',
            ],
    }),

    /** POST /api/admin/fallback/override {enabled: true | false | null} → the status. */
    setFallbackOverride: build.mutation<FallbackStatus, boolean | null>({
      query: (enabled) => ({ url: '/admin/fallback/override', method: 'POST', body: { enabled } }),
      transformResponse: parseResponse(fallbackStatusSchema),
      onQueryStarted: storeFallbackStatus,
      invalidatesTags: (_answer, error) => (error ? [] : ['Fallback', 'AdminStats', 'AdminAudit']),
    }),

    /** POST /api/admin/fallback/reset: failures to 0, fallback off → the status. */
    resetFallback: build.mutation<FallbackStatus, void>({
      query: () => ({ url: '/admin/fallback/reset', method: 'POST' }),
      transformResponse: parseResponse(fallbackStatusSchema),
      onQueryStarted: storeFallbackStatus,
      invalidatesTags: (_answer, error) => (error ? [] : ['Fallback', 'AdminStats', 'AdminAudit']),
    }),

    /** POST /api/admin/fallback/test → {model, success, error, latencyMs}; the status may change with it. */
    testFallback: build.mutation<FallbackTestResult, void>({
      query: () => ({ url: '/admin/fallback/test', method: 'POST' }),
      transformResponse: parseResponse(testAnswerSchema),
      invalidatesTags: (_answer, error) => (error ? [] : ['Fallback', 'AdminStats', 'AdminAudit']),
    }),

    /** POST /api/admin/models/order {models}: every model of the chain once, in the new order → the chain (D41). */
    reorderModels: build.mutation<ModelChain, ModelOrderRequest>({
      query: ({ models }) => ({ url: '/admin/models/order', method: 'POST', body: { models } }),
      transformResponse: parseResponse(modelChainSchema),
      onQueryStarted: storeModelChain,
      invalidatesTags: (_answer, error) => (error ? [] : [...CHAIN_CHANGE_TAGS]),
    }),

    /**
     * POST /api/admin/models/enabled {model, enabled} → the chain (D41). 409 MODEL.LAST_ENABLED:
     * the last enabled model stays enabled; 404 MODEL.NOT_FOUND: not in the chain.
     */
    setModelEnabled: build.mutation<ModelChain, ModelEnabledRequest>({
      query: ({ model, enabled }) => ({ url: '/admin/models/enabled', method: 'POST', body: { model, enabled } }),
      transformResponse: parseResponse(modelChainSchema),
      onQueryStarted: storeModelChain,
      invalidatesTags: (_answer, error) => (error ? [] : [...CHAIN_CHANGE_TAGS]),
    }),

    /**
     * POST /api/admin/models/test {model} → {model, success, error, latencyMs}: one real
     * generation against that model (a failed test is a 200 with success false); its failures
     * and reliability may change with it.
     */
    testChainModel: build.mutation<ModelTestResult, ModelTestRequest>({
      query: ({ model }) => ({ url: '/admin/models/test', method: 'POST', body: { model } }),
      transformResponse: parseResponse(testAnswerSchema),
      invalidatesTags: (_answer, error) => (error ? [] : [...CHAIN_CHANGE_TAGS]),
    }),

    /** POST /api/admin/images/{id}/visibility {hidden[, reason]}: the image leaves or rejoins the feed. */
    setImageVisibility: build.mutation<VisibilityAnswer, VisibilityRequest>({
      query: ({ imageId, hidden, reason }) => ({
        url: `/admin/images/${encodeURIComponent(imageId)}/visibility`,
        method: 'POST',
        body: reason ? { hidden, reason } : { hidden },
      }),
      transformResponse: parseResponse(visibilityAnswerSchema),
      invalidatesTags: (_answer, error) => (error ? [] : [HIDDEN_TAG, 'AdminAudit', 'CommunityFeed', 'Leaderboard']),
    }),

    /** POST /api/admin/whitelist {type, value[, reason]} → the entry. */
    addWhitelistEntry: build.mutation<WhitelistEntry, NewWhitelistEntry>({
      query: ({ type, value, reason }) => ({
        url: '/admin/whitelist',
        method: 'POST',
        body: reason ? { type, value, reason } : { type, value },
      }),
      transformResponse: parseResponse(whitelistEntrySchema),
      invalidatesTags: (_answer, error) => (error ? [] : [WHITELIST_TAG, 'AdminAudit']),
    }),

    /** PATCH /api/admin/whitelist/{id} {isActive} → the entry. */
    setWhitelistEntryActive: build.mutation<WhitelistEntry, { id: string; isActive: boolean }>({
      query: ({ id: entryId, isActive }) => ({
        url: `/admin/whitelist/${encodeURIComponent(entryId)}`,
        method: 'PATCH',
        body: { isActive },
      }),
      transformResponse: parseResponse(whitelistEntrySchema),
      invalidatesTags: (_answer, error) => (error ? [] : [WHITELIST_TAG, 'AdminAudit']),
    }),

    /**
     * POST /api/admin/reports/{imageId}/take-down {reason}: deletes the image and its copies,
     * blocks its hashes, tells the owners (D43). 404 REPORT.NOT_FOUND: no open report (decided already).
     */
    takeDownReport: build.mutation<TakeDownAnswer, ReportDecisionRequest>({
      query: ({ imageId, reason }) => ({
        url: `/admin/reports/${encodeURIComponent(imageId)}/take-down`,
        method: 'POST',
        body: reason ? { reason } : {},
      }),
      transformResponse: parseResponse(takeDownAnswerSchema),
      invalidatesTags: (answer, error) => reportDecisionTags(answer !== undefined, error),
    }),

    /**
     * POST /api/admin/reports/{imageId}/dismiss {reason}: closes the open reports and shows the
     * image again if a report hid it (D43). 404 REPORT.NOT_FOUND as above.
     */
    dismissReport: build.mutation<DismissAnswer, ReportDecisionRequest>({
      query: ({ imageId, reason }) => ({
        url: `/admin/reports/${encodeURIComponent(imageId)}/dismiss`,
        method: 'POST',
        body: reason ? { reason } : {},
      }),
      transformResponse: parseResponse(dismissAnswerSchema),
      invalidatesTags: (answer, error) => reportDecisionTags(answer !== undefined, error),
    }),
  }),
});

export const {
  useAdminUsersInfiniteQuery,
  useSearchUsersInfiniteQuery,
  useUserStatsQuery,
  useUserCreditsInfiniteQuery,
  useTransactionsInfiniteQuery,
  useFallbackStatusQuery,
  useModelChainQuery,
  useSalesAnalyticsQuery,
  usePlatformStatsQuery,
  useAuditLogInfiniteQuery,
  useHiddenImagesInfiniteQuery,
  useWhitelistInfiniteQuery,
  useFlaggedDevicesInfiniteQuery,
  useReportCasesInfiniteQuery,
} = adminQueries;

export const {
  useSuspendUserMutation,
  useAdjustCreditsMutation,
  useSetFallbackOverrideMutation,
  useResetFallbackMutation,
  useTestFallbackMutation,
  useReorderModelsMutation,
  useSetModelEnabledMutation,
  useTestChainModelMutation,
  useSetImageVisibilityMutation,
  useAddWhitelistEntryMutation,
  useSetWhitelistEntryActiveMutation,
  useTakeDownReportMutation,
  useDismissReportMutation,
} = adminApi;
