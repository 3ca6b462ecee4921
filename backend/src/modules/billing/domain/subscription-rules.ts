import { planOf } from './catalogue';
import type { PlanTier } from './entitlement';

/**
 * D3, D28: the arithmetic of subscriptions. Plain TypeScript; times are Dates.
 */

/**
 * D3: credits granted with the invoice of a period expire at the end of the period after it: they
 * roll over one month. `billingPeriod` is how long a period lasts (Stripe plans: one calendar
 * month, so 23 Dec is followed by 23 Jan; the local checkout: LOCAL_BILLING_PERIOD).
 */
export function subscriptionCreditsExpireAt(periodEnd: Date, billingPeriod: PeriodLength): Date {
  return addPeriod(periodEnd, billingPeriod);
}

export type PlanChange = 'upgrade' | 'downgrade' | 'same';

export function planChange(from: PlanTier, to: PlanTier): PlanChange {
  const a = planOf(from).priceCents;
  const b = planOf(to).priceCents;
  return a === b ? 'same' : b > a ? 'upgrade' : 'downgrade';
}

/**
 * D28: an upgrade grants the difference in monthly credits, prorated by the time left in the
 * period, rounded down. 0 when the period is over or the plan is not dearer.
 */
export function upgradeCredits(from: PlanTier, to: PlanTier, periodStart: Date, periodEnd: Date, now: Date): number {
  const difference = planOf(to).monthlyCredits - planOf(from).monthlyCredits;
  const length = periodEnd.getTime() - periodStart.getTime();
  const left = Math.min(Math.max(periodEnd.getTime() - now.getTime(), 0), length);
  if (difference <= 0 || length <= 0) return 0;
  return Math.floor((difference * left) / length);
}

/**
 * D28 (issue 24): what an upgrade charges at once, as Stripe's `always_invoice` proration does:
 * the new price minus the old for the part of the period that is left, in cents, rounded to the
 * nearest cent; 0 when the period is over or the plan is not dearer.
 */
export function upgradeChargeCents(fromCents: number, toCents: number, periodStart: Date, periodEnd: Date, now: Date): number {
  const length = periodEnd.getTime() - periodStart.getTime();
  const left = Math.min(Math.max(periodEnd.getTime() - now.getTime(), 0), length);
  if (toCents <= fromCents || length <= 0) return 0;
  return Math.round(((toCents - fromCents) * left) / length);
}

/** `LOCAL_BILLING_PERIOD` (D30): how long one local billing period lasts. */
export type PeriodLength = { months: number } | { ms: number };

export function addPeriod(start: Date, length: PeriodLength): Date {
  if ('ms' in length) return new Date(start.getTime() + length.ms);
  const end = new Date(start.getTime());
  const day = end.getUTCDate();
  end.setUTCMonth(end.getUTCMonth() + length.months);
  // Jan 31 + 1 month is the last day of February, not 2 or 3 March.
  if (end.getUTCDate() !== day) end.setUTCDate(0);
  return end;
}
