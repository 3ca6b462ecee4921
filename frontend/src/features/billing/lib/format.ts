/**
 * How billing shows money and dates (001 §9: "amounts in cents divided by 100 for display;
 * timestamps in seconds multiplied by 1000 for dates").
 */

function currencyFormatter(currency: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase(), ...options });
  } catch {
    // An unknown currency code: show it as dollars rather than fail.
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', ...options });
  }
}

/** "$19.00" from 1900 cents. */
export function formatMoney(cents: number, currency = 'usd'): string {
  return currencyFormatter(currency, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(cents / 100);
}

/** A price on a card: "$19" for whole amounts, "$19.50" otherwise. */
export function formatPrice(cents: number, currency = 'usd'): string {
  const whole = cents % 100 === 0;
  return currencyFormatter(currency, {
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(cents / 100);
}

/** "$19.00 USD" (an invoice's amount paid with its currency, 001 §2). */
export function formatMoneyWithCurrency(cents: number, currency = 'usd'): string {
  return `${formatMoney(cents, currency)} ${currency.toUpperCase()}`;
}

/** "$0.71 per credit" for 7 credits at $5. */
export function pricePerCredit(priceCents: number, credits: number, currency = 'usd'): string {
  if (credits <= 0) return '';
  return `${formatMoney(priceCents / credits, currency)} per credit`;
}

/** "December 31, 2030"; null for a missing or invalid date. */
export function formatDate(date: Date | null): string | null {
  if (!date || Number.isNaN(date.getTime())) return null;
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

/** A date from unix seconds (001 §9), or null. */
export function dateFromSeconds(seconds: number | null | undefined): Date | null {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds <= 0) return null;
  return new Date(seconds * 1000);
}

/** A date from an ISO string, or null when there is none or it is not a date. */
export function dateFromIso(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "Starter" for "starter"; the display name of a tier when the server sent no name. */
export function tierName(tier: string | null | undefined): string {
  if (!tier) return 'Unknown';
  return tier.charAt(0).toUpperCase() + tier.slice(1);
}

/** "month" → "/month". */
export function perInterval(interval: string | null | undefined): string {
  return `/${interval || 'month'}`;
}
