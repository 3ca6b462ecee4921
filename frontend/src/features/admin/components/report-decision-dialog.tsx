import { useRef, useState, type FormEvent } from 'react';
import { Button, type ButtonVariant } from '../../../shared/ui/button';
import { Dialog, DialogActions } from '../../../shared/ui/dialog';
import { TextAreaField } from '../../../shared/ui/text-area-field';
import type { ReportCase } from '../api/admin.api';
import type { ReportDecision } from '../hooks/use-report-decisions';
import { DECISION_REASON_MAX } from '../lib/reports';
import parts from './admin-parts.module.css';

export const REASON_REQUIRED_MESSAGE = 'Enter a reason.';
export const REASON_TOO_LONG_MESSAGE = `Keep the reason to ${DECISION_REASON_MAX} characters or fewer.`;

interface DecisionCopy {
  title: string;
  description: (report: ReportCase) => string;
  confirmLabel: string;
  pendingLabel: string;
  variant: ButtonVariant;
}

/** Each decision's dialog: its title, what it does, and its button (the row's button's words). */
export const DECISION_COPY: Readonly<Record<ReportDecision, DecisionCopy>> = {
  'take-down': {
    title: 'Take down this image?',
    description: () =>
      'The image and its copies on the site are deleted, their hashes are blocked so that they cannot be posted again, and the owner is told. This cannot be undone.',
    confirmLabel: 'Take down',
    pendingLabel: 'Taking down...',
    variant: 'destructive',
  },
  dismiss: {
    title: 'Dismiss these reports?',
    description: () => 'The reports are closed without action. If a report hid the image, it is shown again.',
    confirmLabel: 'Dismiss',
    pendingLabel: 'Dismissing...',
    variant: 'primary',
  },
  suspend: {
    title: 'Suspend the owner?',
    description: (report) =>
      `${report.ownerEmail ?? 'The owner'} is suspended until an admin unsuspends the account in User Management.`,
    confirmLabel: 'Suspend owner',
    pendingLabel: 'Suspending...',
    variant: 'destructive',
  },
};

export interface ReportDecisionDialogProps {
  /** The case and the decision asked for; null: closed. */
  request: { report: ReportCase; decision: ReportDecision } | null;
  /** The decision is being sent: the dialog waits (it cannot be closed, nothing is sent twice). */
  pending: boolean;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}

/**
 * The confirmation of a decision on a reported image (D43), with its required reason (at most
 * 500 characters, kept in the audit trail). The parent gives it a new key for each opening, so
 * that every opening starts with an empty reason.
 */
export function ReportDecisionDialog({ request, pending, onConfirm, onClose }: ReportDecisionDialogProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const copy = request ? DECISION_COPY[request.decision] : null;

  function close() {
    if (!pending) onClose();
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const trimmed = reason.trim();
    const problem = trimmed === '' ? REASON_REQUIRED_MESSAGE : trimmed.length > DECISION_REASON_MAX ? REASON_TOO_LONG_MESSAGE : undefined;
    setError(problem);
    if (problem) {
      fieldRef.current?.focus();
      return;
    }
    onConfirm(trimmed);
  }

  return (
    <Dialog
      open={request !== null}
      onClose={close}
      title={copy?.title ?? ''}
      description={request && copy ? copy.description(request.report) : undefined}
      initialFocus={fieldRef}
    >
      {request && copy ? (
        <form className={parts.form} noValidate onSubmit={submit}>
          <p className={parts.muted}>Image: {request.report.prompt || 'No prompt'}</p>
          <TextAreaField
            ref={fieldRef}
            label="Reason"
            hint={`Kept in the audit log. At most ${DECISION_REASON_MAX} characters.`}
            required
            maxLength={DECISION_REASON_MAX}
            value={reason}
            error={error}
            onChange={(event) => {
              setReason(event.target.value);
              if (error) setError(undefined);
            }}
          />
          <DialogActions>
            <Button variant="secondary" aria-disabled={pending || undefined} onClick={close}>
              Cancel
            </Button>
            <Button type="submit" variant={copy.variant} aria-disabled={pending || undefined} aria-busy={pending || undefined}>
              {pending ? copy.pendingLabel : copy.confirmLabel}
            </Button>
          </DialogActions>
        </form>
      ) : null}
    </Dialog>
  );
}
