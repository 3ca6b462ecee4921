/**
 * 001 §5 "Adjust credits": user, amount and reason required, else 'Please fill in all required
 * fields'. The amount is an integer, positive or negative (the server refuses 0); the reason is
 * one of refund, gift, compensation, penalty, correction; notes are optional (at most 500).
 */
import { ADJUSTMENT_REASONS, type AdjustmentReason, type CreditKind } from '../api/admin.api';

export const REQUIRED_FIELDS_MESSAGE = 'Please fill in all required fields';
export const AMOUNT_MESSAGE = 'Enter a whole number other than 0 (negative to take credits away)';
export const NOTES_MAX_LENGTH = 500;
export const NOTES_MESSAGE = `Notes can be at most ${NOTES_MAX_LENGTH} characters`;

/** The largest single adjustment either way (the server's typo guard; bigger ones are several). */
export const MAX_ADJUSTMENT = 100_000;
export const LIMIT_MESSAGE = `Adjust at most ${MAX_ADJUSTMENT.toLocaleString('en-US')} credits at a time`;

export interface AdjustFormValues {
  kind: CreditKind;
  /** as typed */
  amount: string;
  reason: AdjustmentReason | '';
  notes: string;
}

export const EMPTY_ADJUST_FORM: AdjustFormValues = { kind: 'regular', amount: '', reason: '', notes: '' };

export interface ValidAdjustment {
  kind: CreditKind;
  credits: number;
  reason: AdjustmentReason;
  /** trimmed; absent when empty */
  notes?: string;
}

export type AdjustFieldErrors = Partial<Record<'amount' | 'reason' | 'notes', string>>;

export type AdjustValidation =
  | { ok: true; adjustment: ValidAdjustment }
  /** `missing`: a required field is empty (the 001 §5 toast); `errors`: the field messages. */
  | { ok: false; missing: boolean; errors: AdjustFieldErrors };

function isReason(value: string): value is AdjustmentReason {
  return (ADJUSTMENT_REASONS as readonly string[]).includes(value);
}

export function validateAdjustment(values: AdjustFormValues): AdjustValidation {
  const errors: AdjustFieldErrors = {};
  const amount = values.amount.trim();
  const missing = amount === '' || values.reason === '';
  if (amount === '') errors.amount = 'Enter an amount';
  else if (!/^[+-]?\d+$/.test(amount) || Number(amount) === 0) errors.amount = AMOUNT_MESSAGE;
  else if (Math.abs(Number(amount)) > MAX_ADJUSTMENT) errors.amount = LIMIT_MESSAGE;
  if (values.reason === '' || !isReason(values.reason)) errors.reason = 'Choose a reason';
  const notes = values.notes.trim();
  if (notes.length > NOTES_MAX_LENGTH) errors.notes = NOTES_MESSAGE;

  if (Object.keys(errors).length > 0 || !isReason(values.reason)) return { ok: false, missing, errors };
  return {
    ok: true,
    adjustment: {
      kind: values.kind,
      credits: Number(amount),
      reason: values.reason,
      ...(notes ? { notes } : {}),
    },
  };
}

/** "Regular credits adjusted successfully" / "Watermarked credits adjusted successfully" (001 §8). */
export function adjustedTitle(kind: CreditKind): string {
  return kind === 'watermarked' ? 'Watermarked credits adjusted successfully' : 'Regular credits adjusted successfully';
}

/** "Failed to adjust regular credits" / "Failed to adjust watermarked credits" (001 §8). */
export function adjustFailedTitle(kind: CreditKind): string {
  return kind === 'watermarked' ? 'Failed to adjust watermarked credits' : 'Failed to adjust regular credits';
}
