import { useEffect, useRef } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { toast } from 'sonner';
import { getErrorStatus } from '../../../shared/api/base-api';
import { failureText } from '../../../shared/api/error-text';
import { Button } from '../../../shared/ui/button';
import { notifyError } from '../../../shared/ui/notify';
import { SelectField } from '../../../shared/ui/select-field';
import { TextAreaField } from '../../../shared/ui/text-area-field';
import { TextField } from '../../../shared/ui/text-field';
import { ADJUSTMENT_REASONS, useAdjustCreditsMutation } from '../api/admin.api';
import {
  adjustedTitle,
  adjustFailedTitle,
  EMPTY_ADJUST_FORM,
  NOTES_MAX_LENGTH,
  REQUIRED_FIELDS_MESSAGE,
  validateAdjustment,
  type AdjustFormValues,
} from '../lib/adjust-credits';
import { capitalize, signedAmount } from '../lib/format';
import { IdempotencyKeys, outcomeUnknown } from '../lib/idempotency';
import parts from './admin-parts.module.css';

const KIND_OPTIONS = [
  { value: 'regular', label: 'Regular credits' },
  { value: 'watermarked', label: 'Watermarked credits' },
] as const;

const REASON_OPTIONS = ADJUSTMENT_REASONS.map((reason) => ({ value: reason, label: capitalize(reason) }));

/** The 001 §5 rules as a react-hook-form resolver; an empty required field is a "required" error. */
const adjustResolver: Resolver<AdjustFormValues> = (values) => {
  const result = validateAdjustment(values);
  if (result.ok) return { values, errors: {} };
  const errors: FieldErrors<AdjustFormValues> = {};
  for (const [field, message] of Object.entries(result.errors) as [keyof AdjustFormValues, string][]) {
    const empty = field === 'amount' ? values.amount.trim() === '' : field === 'reason' ? values.reason === '' : false;
    errors[field] = { type: empty ? 'required' : 'validate', message };
  }
  return { values: {}, errors };
};

export interface AdjustCreditsFormProps {
  userId: string;
  /** Named in the success toast. */
  email: string;
}

/**
 * 001 §2 / §4 / §5 / §8 "Adjust Credits": credit type, amount (a whole number, negative to take
 * credits away), reason and optional notes. An empty amount or reason shows 'Please fill in all
 * required fields' and sends nothing. Each submission carries an Idempotency-Key (D32), reused
 * when the same adjustment is sent again after an answer that left the outcome unknown. On
 * success the form is cleared and the user's lists and figures are fetched again.
 *
 * Issue 24: the button is disabled while a submission runs, and a form cleared by a success is
 * not validated again until something is typed: the second click of a double click used to land
 * on the empty form and show "Please fill in all required fields" beside the success.
 */
export function AdjustCreditsForm({ userId, email }: AdjustCreditsFormProps) {
  const [adjustCredits] = useAdjustCreditsMutation();
  const keys = useRef(new IdempotencyKeys());
  /** A submission (validation and request) is running; set before React knows it. */
  const submitting = useRef(false);
  /** The form was cleared by a success and nothing has been typed since. */
  const justReset = useRef(false);
  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<AdjustFormValues>({
    resolver: adjustResolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: EMPTY_ADJUST_FORM,
  });

  useEffect(() => {
    const subscription = watch((_values, { type }) => {
      if (type === 'change') justReset.current = false;
    });
    return () => subscription.unsubscribe();
  }, [watch]);

  async function onValid(values: AdjustFormValues) {
    const result = validateAdjustment(values);
    if (!result.ok) return;
    const { adjustment } = result;
    const idempotencyKey = keys.current.keyFor(JSON.stringify({ userId, ...adjustment }));
    try {
      const answer = await adjustCredits({ userId, ...adjustment, idempotencyKey }).unwrap();
      keys.current.settle('done');
      const balance = answer.balance ? ` New balance: ${answer.balance.balance}.` : '';
      toast.success(adjustedTitle(adjustment.kind), {
        description: `${signedAmount(adjustment.credits)} ${adjustment.kind} credits for ${email}.${balance}`,
      });
      reset(EMPTY_ADJUST_FORM);
      justReset.current = true;
    } catch (error) {
      keys.current.settle(outcomeUnknown(getErrorStatus(error)) ? 'unknown' : 'done');
      notifyError(adjustFailedTitle(adjustment.kind), { description: failureText(error, 'Please try again.') });
    }
  }

  function onInvalid(fieldErrors: FieldErrors<AdjustFormValues>) {
    if (fieldErrors.amount?.type === 'required' || fieldErrors.reason?.type === 'required') {
      notifyError(REQUIRED_FIELDS_MESSAGE);
    }
  }

  return (
    <form
      className={parts.form}
      noValidate
      aria-label="Adjust credits"
      onSubmit={(event) => {
        if (submitting.current || justReset.current) {
          event.preventDefault();
          return;
        }
        submitting.current = true;
        void handleSubmit(onValid, onInvalid)(event).finally(() => {
          submitting.current = false;
        });
      }}
    >
      <div className={parts.formRow}>
        <SelectField label="Credit type" options={KIND_OPTIONS} {...register('kind')} />
        <TextField
          label="Amount"
          type="number"
          step={1}
          inputMode="numeric"
          hint="A whole number; negative to take credits away."
          error={errors.amount?.message}
          {...register('amount')}
        />
      </div>
      <SelectField
        label="Reason"
        placeholder="Select a reason"
        options={REASON_OPTIONS}
        error={errors.reason?.message}
        {...register('reason')}
      />
      <TextAreaField label="Notes" optional maxLength={NOTES_MAX_LENGTH} error={errors.notes?.message} {...register('notes')} />
      <div className={parts.actions}>
        <Button type="submit" variant="primary" aria-disabled={isSubmitting || undefined} aria-busy={isSubmitting || undefined}>
          {isSubmitting ? 'Adjusting...' : 'Adjust Credits'}
        </Button>
      </div>
    </form>
  );
}
