import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { serverMessage } from '../../../shared/api/error-text';
import { Button } from '../../../shared/ui/button';
import { Dialog, DialogActions } from '../../../shared/ui/dialog';
import { notifyError } from '../../../shared/ui/notify';
import { TextField } from '../../../shared/ui/text-field';
import { useCancelSubscriptionMutation } from '../api/billing.api';
import { dateFromIso, formatDate } from '../lib/format';
import styles from './billing-card.module.css';

/** 001 §8 "Cancellation". */
export const CANCEL_FAILED_FALLBACK = 'Failed to cancel subscription. Please try again.';
export const CANCEL_NO_DATE = 'Contact support for cancellation details';

/** The success toast's text: the end date, or the spec's fallback when it is missing or not a date. */
export function cancellationText(accessUntil: string | null | undefined): string {
  const date = formatDate(dateFromIso(accessUntil));
  return date ? `Your subscription will end on ${date}. You'll retain access until then.` : CANCEL_NO_DATE;
}

/** 001 §5: confirm only with the account's e-mail typed, the box ticked and nothing pending. */
export function canConfirmCancellation(typedEmail: string, accountEmail: string, acknowledged: boolean, pending: boolean): boolean {
  const typed = typedEmail.trim();
  return typed !== '' && typed === accountEmail && acknowledged && !pending;
}

export interface CancelSubscriptionDialogProps {
  open: boolean;
  onClose: () => void;
  /** The signed-in account's e-mail, which must be typed to confirm. */
  email: string;
}

/** 001 §2 "Cancel dialog", §5, §8; D9. */
export function CancelSubscriptionDialog({ open, onClose, email }: CancelSubscriptionDialogProps) {
  const [typedEmail, setTypedEmail] = useState('');
  const [acknowledged, setAcknowledged] = useState(false);
  const [cancelSubscription, { isLoading }] = useCancelSubscriptionMutation();
  const checkboxId = useId();
  const canConfirm = canConfirmCancellation(typedEmail, email, acknowledged, isLoading);

  function close() {
    setTypedEmail('');
    setAcknowledged(false);
    onClose();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canConfirm) return;
    try {
      const answer = await cancelSubscription({ confirmEmail: typedEmail.trim(), confirmCancel: true }).unwrap();
      toast.success('Subscription Cancelled', { description: cancellationText(answer.accessUntil) });
      close();
    } catch (error) {
      notifyError('Cancellation Failed', { description: serverMessage(error) ?? CANCEL_FAILED_FALLBACK });
    }
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Cancel Subscription"
      description="Are you sure? Here is what happens when you cancel:"
    >
      <form className={styles.dialogForm} noValidate onSubmit={(event) => void onSubmit(event)}>
        <ul className={styles.consequences}>
          <li>Your subscription ends at the end of the current billing period.</li>
          <li>You lose your premium features.</li>
          <li>Your saved images in My Edits are deleted.</li>
          <li>Your account goes back to a free account, with watermarked images.</li>
        </ul>
        <TextField
          label="Type your e-mail to confirm"
          type="email"
          autoComplete="off"
          hint={`Your account e-mail: ${email}`}
          value={typedEmail}
          onChange={(event) => setTypedEmail(event.target.value)}
        />
        <div className={styles.checkboxRow}>
          <input
            id={checkboxId}
            type="checkbox"
            className={styles.checkbox}
            checked={acknowledged}
            onChange={(event) => setAcknowledged(event.target.checked)}
          />
          <label htmlFor={checkboxId}>
            I understand that my subscription will end and my saved images in My Edits will be deleted.
          </label>
        </div>
        <DialogActions>
          <Button variant="secondary" onClick={close}>
            Keep Subscription
          </Button>
          <Button type="submit" variant="destructive" disabled={!canConfirm}>
            {isLoading ? 'Cancelling...' : 'Cancel Subscription'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
