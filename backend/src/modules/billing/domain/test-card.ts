/**
 * D30: the local test checkout's cards, with Stripe's own wording, so trying the product locally
 * feels like Stripe's test mode: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined.
 */
export interface TestCardInput {
  cardNumber: string;
  /** MM/YY or MM/YYYY */
  expiry: string;
  cvc: string;
}

export type TestCardOutcome =
  | { ok: true; card: { brand: string; last4: string; expMonth: number; expYear: number } }
  | { ok: false; reason: 'invalid' | 'declined'; message: string };

export const SUCCESS_CARD = '4242424242424242';
export const DECLINE_CARD = '4000000000000002';
export const INSUFFICIENT_FUNDS_CARD = '4000000000009995';

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    // Stryker disable next-line AssignmentOperator: -sum is a multiple of 10 exactly when sum is, so subtracting checks the same.
    sum += d;
  }
  return sum % 10 === 0;
}

export function checkTestCard(input: TestCardInput, now: Date): TestCardOutcome {
  const number = String(input.cardNumber ?? '').replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number) || !luhn(number)) return { ok: false, reason: 'invalid', message: 'Your card number is incorrect.' };
  // Stryker disable next-line StringLiteral: a missing expiry fails the pattern as 'Stryker was here!' as it does as '' (and the DTO makes it a string).
  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(String(input.expiry ?? ''));
  if (!expiry) return { ok: false, reason: 'invalid', message: "Your card's expiration date is incomplete." };
  const expMonth = Number(expiry[1]);
  const expYear = expiry[2].length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2]);
  if (expMonth < 1 || expMonth > 12) return { ok: false, reason: 'invalid', message: "Your card's expiration month is invalid." };
  // A card is good through the last day of its expiry month.
  if (expYear < now.getUTCFullYear() || (expYear === now.getUTCFullYear() && expMonth < now.getUTCMonth() + 1)) {
    return { ok: false, reason: 'invalid', message: 'Your card has expired.' };
  }
  if (!/^\d{3,4}$/.test(String(input.cvc ?? '').trim())) return { ok: false, reason: 'invalid', message: "Your card's security code is incomplete." };
  if (number === DECLINE_CARD) return { ok: false, reason: 'declined', message: 'Your card was declined.' };
  if (number === INSUFFICIENT_FUNDS_CARD) return { ok: false, reason: 'declined', message: 'Your card has insufficient funds.' };
  if (number !== SUCCESS_CARD) {
    return { ok: false, reason: 'declined', message: 'Your card was declined. This is a test checkout: use 4242 4242 4242 4242.' };
  }
  return { ok: true, card: { brand: 'Test card', last4: number.slice(-4), expMonth, expYear } };
}
