/**
 * How the admin dashboard shows figures, money, dates and signed credit amounts. Money arrives
 * in dollars already (the server divides the cents by 100, 001 §2 / §9).
 */

const dollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const fineDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 4,
});
const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** "$1,234.50" from dollars (the analytics answer is in dollars already). */
export function formatDollars(amount: number): string {
  return dollars.format(Number.isFinite(amount) ? amount : 0);
}

/**
 * Model spend and margins (D41), which the server counts to a hundredth of a cent: "$12.35" with
 * two decimals, except an amount under $1 that is not whole cents, which keeps up to four
 * ("$0.045", "$0.1234"), so that a model's price per image is not rounded away. A negative amount
 * is written with its minus sign ("-$0.045"); a rounded -0 is "$0.00".
 */
export function formatMoney(amount: number): string {
  if (!Number.isFinite(amount)) return formatDollars(0);
  const rounded = Math.round(amount * 10_000) / 10_000 || 0;
  const cents = rounded * 100;
  const wholeCents = Math.abs(cents - Math.round(cents)) < 1e-6;
  return Math.abs(rounded) < 1 && !wholeCents ? fineDollars.format(rounded) : formatDollars(rounded);
}

/** "1,234". */
export function formatCount(value: number): string {
  return whole.format(Number.isFinite(value) ? value : 0);
}

/** 001 §2 "credit usage rate ... as a percentage with one decimal": "12.5%". */
export function formatPercent(value: number): string {
  return `${(Number.isFinite(value) ? value : 0).toFixed(1)}%`;
}

function toDate(value: string | number | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "May 1, 2030"; "Unknown" for a missing or broken date. */
export function formatDate(value: string | number | null | undefined): string {
  const date = toDate(value);
  return date ? date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' }) : 'Unknown';
}

/** "May 1, 2030, 10:05 AM"; "Unknown" for a missing or broken date. */
export function formatDateTime(value: string | number | null | undefined): string {
  const date = toDate(value);
  return date ? date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }) : 'Unknown';
}

/** The machine-readable form for `<time dateTime>`, or undefined. */
export function isoDate(value: string | number | null | undefined): string | undefined {
  return toDate(value)?.toISOString();
}

/** "Jun 3" for the chart's axis, from a YYYY-MM-DD day (UTC). */
export function formatDay(day: string): string {
  const date = toDate(`${day}T00:00:00Z`);
  return date ? date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }) : day;
}

/** "May 30, 2030" from a YYYY-MM-DD day (UTC); the text itself when it is not one. */
export function formatUtcDay(day: string): string {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(day) ? toDate(`${day}T00:00:00Z`) : null;
  return date ? date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }) : day;
}

/** "Starter" for "starter". */
export function capitalize(value: string | null | undefined): string {
  if (!value) return 'Unknown';
  return value.charAt(0).toUpperCase() + value.slice(1);
}

/** The first `length` characters of an id, for narrow columns (the full id stays in a title). */
export function shortId(value: string | null | undefined, length = 8): string {
  if (!value) return 'N/A';
  return value.length > length ? value.slice(0, length) : value;
}

/** A row's account: its id, or "Deleted account" once it was deleted (D35: the row stays without it). */
export function accountIdText(userId: string | null): string {
  return userId ?? 'Deleted account';
}

/** Whether an amount adds credits (green, "+5"), takes them away (red, "-3") or neither. */
export type AmountTone = 'positive' | 'negative' | 'zero';

export function amountTone(credits: number): AmountTone {
  if (credits > 0) return 'positive';
  if (credits < 0) return 'negative';
  return 'zero';
}

/** "+5", "-3", "0": the sign is always written, so the colour is never the only cue. */
export function signedAmount(credits: number): string {
  if (credits > 0) return `+${formatCount(credits)}`;
  if (credits < 0) return `-${formatCount(Math.abs(credits))}`;
  return '0';
}

/** The design token each tone is drawn in (DESIGN.md: one success green, one destructive red). */
export const AMOUNT_TONE_COLOUR: Readonly<Record<AmountTone, string>> = {
  positive: 'var(--color-success)',
  negative: 'var(--color-destructive)',
  zero: 'var(--color-text-muted)',
};

/** A source type's label: "Pack", "Admin", "Generation"; "Other" when there is none. */
export function sourceLabel(sourceType: string | null | undefined): string {
  return sourceType ? capitalize(sourceType) : 'Other';
}
