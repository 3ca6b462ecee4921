import { ApiProperty } from '@nestjs/swagger';
import { SUBSCRIPTION_TIERS, type SubscriptionTier } from '../../../billing';
import { UserCreditStatsResponse } from '../../../credits';
import type {
  ChainModelView,
  FallbackConfiguration,
  FallbackStatus,
  ModelChainView,
  ModelReliability,
  ModelStatus,
  ModelTestResult,
} from '../../../generation';
import { WHITELIST_TYPES, type FlaggedDevice, type WhitelistEntry, type WhitelistType } from '../../../identity';
import type { HiddenImage } from '../../../images';
import { REPORT_REASONS, type ReportReason } from '../../../reports';
import { sameJsonShape } from '../../../../shared/http/openapi/same-shape';
import type { AdjustCreditsResult } from '../../application/adjust-credits.use-case';
import type { PlatformStats } from '../../application/dashboard-figures.service';
import type { AdminUserView } from '../../application/user-directory.service';
import { AUDIT_ACTIONS, type AuditAction, type AuditEntry, type AuditOutcome, type AuditTargetType } from '../../domain/audit';
import type { DayFigure, ModelSpendAnalytics, SalesAnalytics, SpendDay, SpendModel } from '../../domain/sales-analytics';

/** 001 §3 "User (admin view)", plus whether the address is verified and the account is an admin. */
export class AdminUserResponse {
  @ApiProperty({ type: String, format: 'uuid' })
  id: string;

  @ApiProperty({ type: String, format: 'email' })
  email: string;

  @ApiProperty({ type: String })
  username: string;

  @ApiProperty({ type: String, format: 'date-time' })
  createdAt: string;

  @ApiProperty({ type: Boolean })
  isSubscribed: boolean;

  @ApiProperty({ enum: SUBSCRIPTION_TIERS, enumName: 'SubscriptionTier' })
  subscriptionTier: SubscriptionTier;

  @ApiProperty({ type: Boolean, description: 'D21.' })
  isSuspended: boolean;

  @ApiProperty({ type: Boolean })
  isVerified: boolean;

  @ApiProperty({ type: Boolean, description: 'D22, D25.' })
  isAdmin: boolean;
}
sameJsonShape<AdminUserResponse, AdminUserView>();

/** POST /api/admin/users/{id}/adjust-credits (D32). */
export class AdjustCreditsResponse {
  @ApiProperty({ type: String, format: 'uuid' })
  transactionId: string;

  @ApiProperty({ type: Boolean, description: 'false: this Idempotency-Key had adjusted already, nothing changed now.' })
  applied: boolean;

  @ApiProperty({ type: UserCreditStatsResponse, description: "The user's figures after it." })
  balance: UserCreditStatsResponse;
}
sameJsonShape<AdjustCreditsResponse, AdjustCreditsResult>();

/** A figure of one UTC day of a chart. */
export class DayFigureResponse {
  @ApiProperty({ type: String, format: 'date', example: '2026-01-31' })
  date: string;

  @ApiProperty({ type: Number })
  value: number;
}
sameJsonShape<DayFigureResponse, DayFigure>();

export class RecentPurchaseResponse {
  @ApiProperty({ type: String, format: 'uuid' })
  id: string;

  @ApiProperty({ type: Number })
  credits: number;

  @ApiProperty({ type: Number, description: 'Dollars.' })
  amount: number;

  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'null: the account was deleted (D35).' })
  userId: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'null: a subscription row (the client shows N/A).' })
  packType: string | null;

  @ApiProperty({ type: String, format: 'date-time' })
  createdAt: string;

  @ApiProperty({ type: String, nullable: true, description: 'The first 8 characters of the payment transaction id.' })
  paymentId: string | null;
}

export class PackPerformanceResponse {
  @ApiProperty({ type: String })
  pack: string;

  @ApiProperty({ type: Number })
  sales: number;

  @ApiProperty({ type: Number })
  credits: number;

  @ApiProperty({ type: Number, description: 'Dollars.' })
  revenue: number;

  @ApiProperty({ type: Number, description: 'Dollars.' })
  averagePerSale: number;
}

/** D41: one UTC day of model spend against revenue. */
export class SpendDayResponse {
  @ApiProperty({ type: String, format: 'date', example: '2026-01-31' })
  date: string;

  @ApiProperty({ type: Number, description: 'Generations that made an image that day.' })
  generations: number;

  @ApiProperty({ type: Number, description: 'Dollars, to a hundredth of a cent.' })
  spend: number;

  @ApiProperty({ type: Number, description: 'Dollars.' })
  revenue: number;

  @ApiProperty({ type: Number, description: 'Dollars: revenue - spend.' })
  margin: number;
}
sameJsonShape<SpendDayResponse, SpendDay>();

/** D41: one model over the window. */
export class SpendModelResponse {
  @ApiProperty({ type: String, example: 'black-forest-labs/flux-kontext-max' })
  model: string;

  @ApiProperty({ type: Number })
  generations: number;

  @ApiProperty({ type: Number, description: 'Dollars, to a hundredth of a cent (failed calls included).' })
  spend: number;

  @ApiProperty({ type: Number, nullable: true, description: 'Dollars per generation that made an image.' })
  costPerGeneration: number | null;

  @ApiProperty({ type: Number, description: "Dollars: the window's revenue shared by the model's share of generations." })
  revenue: number;

  @ApiProperty({ type: Number, description: 'Dollars: revenue - spend.' })
  margin: number;
}
sameJsonShape<SpendModelResponse, SpendModel>();

/** D41: what the image models cost against what was earned (the chart's 30 days). */
export class ModelSpendResponse {
  @ApiProperty({ type: Number })
  days: number;

  @ApiProperty({ type: Number, description: 'Dollars.' })
  totalSpend: number;

  @ApiProperty({ type: Number, description: 'Dollars.' })
  totalRevenue: number;

  @ApiProperty({ type: Number, description: 'Dollars: revenue - spend.' })
  grossMargin: number;

  @ApiProperty({ type: Number, nullable: true, description: 'Percent of revenue, one decimal; null without revenue.' })
  grossMarginRate: number | null;

  @ApiProperty({ type: Number, nullable: true, description: 'Dollars of model spend per credit spent.' })
  costPerCreditSpent: number | null;

  @ApiProperty({ type: [SpendDayResponse], description: 'The oldest first.' })
  byDay: SpendDayResponse[];

  @ApiProperty({ type: [SpendModelResponse], description: 'The most spent first.' })
  byModel: SpendModelResponse[];
}
sameJsonShape<ModelSpendResponse, ModelSpendAnalytics>();

/** GET /api/admin/analytics (001 §2 Sales Analytics and Business Insights). */
export class SalesAnalyticsResponse {
  @ApiProperty({ type: Number, description: 'Dollars with two decimals.' })
  totalRevenue: number;

  @ApiProperty({ type: Number })
  creditsSold: number;

  @ApiProperty({ type: Number })
  creditsUsed: number;

  @ApiProperty({ type: Number, description: 'Accounts that are not suspended.' })
  activeUsers: number;

  @ApiProperty({ type: [RecentPurchaseResponse], description: 'The 10 most recent (001 §9).' })
  recentPurchases: RecentPurchaseResponse[];

  @ApiProperty({ type: [PackPerformanceResponse] })
  packPerformance: PackPerformanceResponse[];

  @ApiProperty({ type: Number })
  totalPurchases: number;

  @ApiProperty({ type: Number })
  subscribedUsers: number;

  @ApiProperty({ type: Number, description: 'Use transactions / credits purchased, a percentage with one decimal.' })
  creditUsageRate: number;

  @ApiProperty({ type: [DayFigureResponse], description: 'Dollars per UTC day, the oldest first (30 days).' })
  revenueByDay: DayFigureResponse[];

  @ApiProperty({ type: ModelSpendResponse, description: 'D41: model spend, revenue and gross margin per day and per model.' })
  modelSpend: ModelSpendResponse;
}
sameJsonShape<SalesAnalyticsResponse, SalesAnalytics>();

/** What the System Configuration card shows (D10, D11). */
export class FallbackConfigurationResponse {
  @ApiProperty({ enum: ['replicate', 'local'] })
  engine: 'replicate' | 'local';

  @ApiProperty({ type: String })
  primaryModel: string;

  @ApiProperty({ type: String, nullable: true })
  fallbackModel: string | null;

  @ApiProperty({ type: Number })
  failureThreshold: number;

  @ApiProperty({ type: Number })
  fallbackDurationMinutes: number;

  @ApiProperty({ type: Number })
  recoveryIntervalMinutes: number;
}
sameJsonShape<FallbackConfigurationResponse, FallbackConfiguration>();

/** 001 §3 "Fallback status" (D11), polled every 5 s. */
export class FallbackStatusResponse {
  @ApiProperty({ type: Boolean })
  isActive: boolean;

  @ApiProperty({ type: Boolean, nullable: true, description: 'true: forced fallback; false: forced primary; null: automatic.' })
  adminOverride: boolean | null;

  @ApiProperty({ type: Number })
  failureCount: number;

  @ApiProperty({ type: Number, nullable: true, description: 'Milliseconds since the epoch.' })
  retryAfter: number | null;

  @ApiProperty({ type: Number, nullable: true, description: 'Milliseconds since the epoch.' })
  lastFailureTime: number | null;

  @ApiProperty({ type: String, description: 'The model the next generation uses.' })
  currentModel: string;

  @ApiProperty({ type: FallbackConfigurationResponse })
  configuration: FallbackConfigurationResponse;
}
sameJsonShape<FallbackStatusResponse, FallbackStatus>();

/** GET /api/admin/platform-stats (001 §2 Platform Stats). */
export class PlatformStatsResponse {
  @ApiProperty({ type: Number })
  totalUsers: number;

  @ApiProperty({ type: Number })
  totalTransactions: number;

  @ApiProperty({ type: Boolean, description: "D44: totalTransactions is the planner's estimate (only above 10,000 rows)." })
  totalTransactionsEstimated: boolean;

  @ApiProperty({ type: Number })
  suspendedUsers: number;

  @ApiProperty({ type: Number })
  imagesToday: number;

  @ApiProperty({ type: Number })
  imagesTotal: number;

  @ApiProperty({ type: [DayFigureResponse] })
  generationsByDay: DayFigureResponse[];

  @ApiProperty({ type: FallbackStatusResponse })
  fallback: FallbackStatusResponse;
}
sameJsonShape<PlatformStatsResponse, PlatformStats>();

/** POST /api/admin/fallback/test: one real generation against the active model. */
export class ModelTestResponse {
  @ApiProperty({ type: String })
  model: string;

  @ApiProperty({ type: Boolean })
  success: boolean;

  @ApiProperty({ type: String, nullable: true })
  error: string | null;

  @ApiProperty({ type: Number, description: 'How long the model took to answer.' })
  latencyMs: number;
}
sameJsonShape<ModelTestResponse, ModelTestResult>();

/** D41: a model's calls over a window. */
export class ModelReliabilityResponse {
  @ApiProperty({ type: Number })
  attempts: number;

  @ApiProperty({ type: Number, nullable: true, description: 'Percent, one decimal (a refusal is the model answering); null without calls.' })
  successRate: number | null;

  @ApiProperty({ type: Number, nullable: true, description: 'Median latency of the calls that made an image.' })
  p50Ms: number | null;

  @ApiProperty({ type: Number, nullable: true })
  p95Ms: number | null;
}
sameJsonShape<ModelReliabilityResponse, ModelReliability>();

export class ModelPriceResponse {
  @ApiProperty({ type: Number, description: 'Dollars per image (FLUX.2: the first megapixel of output).' })
  perImage: number;

  @ApiProperty({ type: Number, description: 'Dollars per further megapixel of input and output (0: a flat price).' })
  perMegapixel: number;

  @ApiProperty({ type: String, example: '$0.08 per image' })
  description: string;
}

const MODEL_STATUSES: ModelStatus[] = ['in-use', 'standby', 'skipped', 'disabled'];

/** D41: one model of the chain. */
export class ChainModelResponse {
  @ApiProperty({ type: String, example: 'black-forest-labs/flux-kontext-max' })
  model: string;

  @ApiProperty({ type: String, example: 'FLUX.1 Kontext [max]' })
  label: string;

  @ApiProperty({ type: String, example: 'Black Forest Labs' })
  vendor: string;

  @ApiProperty({ type: Number, description: '1 = tried first.' })
  position: number;

  @ApiProperty({ enum: MODEL_STATUSES, enumName: 'ModelStatus', description: 'in-use: the next generation tries it first.' })
  status: ModelStatus;

  @ApiProperty({ type: Number })
  failureCount: number;

  @ApiProperty({ type: Number, nullable: true, description: 'Skipped until then (ms since the epoch).' })
  skippedUntil: number | null;

  @ApiProperty({ type: Number, nullable: true, description: 'Milliseconds since the epoch.' })
  lastFailureTime: number | null;

  @ApiProperty({ type: ModelPriceResponse })
  price: ModelPriceResponse;

  @ApiProperty({ type: ModelReliabilityResponse })
  last24Hours: ModelReliabilityResponse;

  @ApiProperty({ type: ModelReliabilityResponse })
  last7Days: ModelReliabilityResponse;
}
sameJsonShape<ChainModelResponse, ChainModelView>();

/** GET /api/admin/models (D41): the model chain in order. */
export class ModelChainResponse {
  @ApiProperty({ enum: ['replicate', 'local'] })
  engine: 'replicate' | 'local';

  @ApiProperty({ type: String, description: 'The model the next generation tries first.' })
  currentModel: string;

  @ApiProperty({ type: Boolean, nullable: true, description: "001's override: true passes over the first model, false tries it first always." })
  adminOverride: boolean | null;

  @ApiProperty({ type: Number })
  failureThreshold: number;

  @ApiProperty({ type: Number })
  skipMinutes: number;

  @ApiProperty({ type: Number })
  recoveryIntervalMinutes: number;

  @ApiProperty({ type: [ChainModelResponse] })
  models: ChainModelResponse[];
}
sameJsonShape<ModelChainResponse, ModelChainView>();

/** An image an admin hid (D14). */
export class HiddenImageResponse {
  @ApiProperty({ type: String, format: 'uuid' })
  id: string;

  @ApiProperty({ type: String, format: 'uuid' })
  userId: string;

  @ApiProperty({ type: String })
  prompt: string;

  @ApiProperty({ type: String, format: 'date-time' })
  createdAt: string;
}
sameJsonShape<HiddenImageResponse, HiddenImage>();

/** POST /api/admin/images/{id}/visibility. */
export class ImageModerationResponse {
  @ApiProperty({ type: String, format: 'uuid' })
  id: string;

  @ApiProperty({ type: Boolean })
  hidden: boolean;
}

/** An `admin_whitelist` entry (D19). */
export class WhitelistEntryResponse {
  @ApiProperty({ type: String })
  id: string;

  @ApiProperty({ enum: WHITELIST_TYPES, enumName: 'WhitelistType' })
  type: WhitelistType;

  @ApiProperty({ type: String, description: 'As stored: an e-mail lower-cased, an IP normalised, a fingerprint as lower-case hex.' })
  value: string;

  @ApiProperty({ type: String, nullable: true })
  reason: string | null;

  @ApiProperty({ type: Boolean })
  isActive: boolean;

  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  createdBy: string | null;

  @ApiProperty({ type: String, format: 'date-time' })
  createdAt: string;
}
sameJsonShape<WhitelistEntryResponse, WhitelistEntry>();

/** D19: a device on which a further account was created, and its first account. */
export class FlaggedDeviceResponse {
  @ApiProperty({ type: String })
  fingerprintHash: string;

  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'null once that account was deleted (D35).' })
  userId: string | null;

  @ApiProperty({ type: String, nullable: true })
  email: string | null;

  @ApiProperty({ type: String, nullable: true })
  username: string | null;

  @ApiProperty({ type: String, format: 'date-time' })
  createdAt: string;
}
sameJsonShape<FlaggedDeviceResponse, FlaggedDevice>();

/** D32: one admin action of the audit trail. */
export class AuditEntryResponse {
  @ApiProperty({ type: String })
  id: string;

  @ApiProperty({ type: String, format: 'uuid' })
  adminId: string;

  @ApiProperty({ type: String })
  adminEmail: string;

  @ApiProperty({ enum: AUDIT_ACTIONS, enumName: 'AuditAction' })
  action: AuditAction;

  @ApiProperty({ enum: ['user', 'image', 'fallback', 'model', 'whitelist'] })
  targetType: AuditTargetType;

  @ApiProperty({ type: String, nullable: true })
  targetId: string | null;

  @ApiProperty({ type: String, nullable: true })
  reason: string | null;

  @ApiProperty({ type: 'object', additionalProperties: true, description: 'What the request gave and what the action learned.' })
  details: Record<string, unknown>;

  @ApiProperty({ enum: ['started', 'succeeded', 'failed'], description: 'started: the outcome is unknown (a crash in between).' })
  outcome: AuditOutcome;

  @ApiProperty({ type: String, nullable: true, description: "The failure's code (e.g. ADMIN.BELOW_ZERO)." })
  error: string | null;

  @ApiProperty({ type: String, format: 'date-time' })
  createdAt: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  finishedAt: string | null;
}
sameJsonShape<AuditEntryResponse, AuditEntry>();

/** D43: one open report of an image (who: a signed-in account's id, or null for a visitor; never an address). */
export class QueuedReportResponse {
  @ApiProperty({ type: String, format: 'uuid' })
  id: string;

  @ApiProperty({ enum: REPORT_REASONS, enumName: 'ReportReason' })
  reason: ReportReason;

  @ApiProperty({ type: String, nullable: true })
  details: string | null;

  @ApiProperty({ type: String, format: 'date-time' })
  createdAt: string;

  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  reporterUserId: string | null;
}

/** D43: an image with open reports, for the Reports tab (nearest deadline first). */
export class ReportCaseResponse {
  @ApiProperty({ type: String, format: 'uuid' })
  imageId: string;

  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  ownerId: string | null;

  @ApiProperty({ type: String, nullable: true })
  ownerEmail: string | null;

  @ApiProperty({ type: Boolean })
  ownerSuspended: boolean;

  @ApiProperty({ type: String })
  prompt: string;

  @ApiProperty({ type: String, format: 'date-time' })
  firstReportedAt: string;

  @ApiProperty({ type: String, format: 'date-time', description: '48 hours after the first open report.' })
  deadline: string;

  @ApiProperty({ type: Boolean })
  overdue: boolean;

  @ApiProperty({ type: Boolean, description: 'An ncii or minor report hid the image from every public place until the decision.' })
  hiddenPendingReview: boolean;

  @ApiProperty({ type: [QueuedReportResponse] })
  reports: QueuedReportResponse[];
}

export class TakeDownResponse {
  @ApiProperty({ type: String, format: 'uuid' })
  imageId: string;

  @ApiProperty({ enum: ['taken_down'] })
  outcome: 'taken_down';

  @ApiProperty({ type: Number, description: 'Images deleted: the reported one and its copies on the site.' })
  imagesRemoved: number;

  @ApiProperty({ type: Number, description: 'Hashes added to the block list.' })
  hashesBlocked: number;
}

export class DismissReportResponse {
  @ApiProperty({ type: String, format: 'uuid' })
  imageId: string;

  @ApiProperty({ enum: ['dismissed'] })
  outcome: 'dismissed';

  @ApiProperty({ type: Boolean, description: 'The report had hidden the image: it is shown again.' })
  restored: boolean;
}
