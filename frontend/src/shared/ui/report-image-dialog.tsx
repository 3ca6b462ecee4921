import { useId, useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { failureText } from '../api/error-text';
import {
  REPORT_DETAILS_MAX,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  useReportImageMutation,
  type ReportReason,
} from '../api/report.api';
import { Button } from './button';
import { Dialog, DialogActions } from './dialog';
import styles from './report-image-dialog.module.css';
import { TextAreaField } from './text-area-field';
import { VisuallyHidden } from './visually-hidden';

export const REPORT_DIALOG_TITLE = 'Report this image';
export const REPORT_REASONS_LEGEND = 'Why are you reporting it?';
export const REPORT_DETAILS_LABEL = 'Details';
export const REPORT_NOTE =
  'Reports of intimate images shared without consent or of minors hide the image at once until we review it. We review every report within 48 hours.';
export const REPORT_SUBMIT = 'Send report';
export const REPORT_SENDING = 'Sending…';
/** The toast after a report was filed; with REPORT_HIDDEN as its description when an urgent report hid the image. */
export const REPORT_THANKS = "Thank you. We'll review this image within 48 hours.";
export const REPORT_HIDDEN = 'It is hidden from the site until then.';
/** A failure without a sentence of the server's (no answer arrived). */
export const REPORT_FAILED = 'Could not send the report. Please try again.';

/** "12 of 1000 characters": the counter under the details. */
export function detailsCounter(length: number): string {
  return `${length} of ${REPORT_DETAILS_MAX} characters`;
}

export const DETAILS_LIMIT_REACHED = `You have reached the limit of ${REPORT_DETAILS_MAX} characters.`;

export interface ReportImageDialogProps {
  open: boolean;
  onClose: () => void;
  /** The image reported (an edit's id: its generated image). */
  imageId: string;
}

/**
 * D43 "Report this image", for anyone, signed in or not: one of six reasons, optional details (at
 * most 1000 characters, counted as they are typed), and what happens next. Sent, it closes with a
 * thank-you toast (saying so when an urgent report hid the image at once); a failure stays in the
 * dialog with the server's own sentence (already reported, too many reports), keeping what was
 * chosen and typed.
 */
export function ReportImageDialog({ open, onClose, imageId }: ReportImageDialogProps) {
  const groupName = useId();
  const firstReason = useRef<HTMLInputElement>(null);
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [reportImage, { isLoading: sending }] = useReportImageMutation();
  // Set at once on submit, so that a second click before the next render sends nothing.
  const busy = useRef(false);

  function reset() {
    setReason(null);
    setDetails('');
    setFailure(null);
  }

  function close() {
    if (busy.current) return;
    reset();
    onClose();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!reason || busy.current) return;
    busy.current = true;
    setFailure(null);
    const text = details.trim();
    try {
      const filed = await reportImage({ imageId, reason, ...(text ? { details: text } : {}) }).unwrap();
      busy.current = false;
      reset();
      onClose();
      toast.success(REPORT_THANKS, filed.hiddenPendingReview ? { description: REPORT_HIDDEN } : {});
    } catch (error) {
      busy.current = false;
      setFailure(failureText(error, REPORT_FAILED));
    }
  }

  const atLimit = details.length >= REPORT_DETAILS_MAX;

  return (
    <Dialog open={open} onClose={close} title={REPORT_DIALOG_TITLE} initialFocus={firstReason}>
      <form className={styles.form} noValidate onSubmit={(event) => void onSubmit(event)}>
        <fieldset className={styles.reasons}>
          <legend className={styles.legend}>{REPORT_REASONS_LEGEND}</legend>
          {REPORT_REASONS.map((value, index) => (
            <label key={value} className={styles.reason}>
              <input
                ref={index === 0 ? firstReason : undefined}
                type="radio"
                name={groupName}
                value={value}
                checked={reason === value}
                onChange={() => setReason(value)}
                className={styles.radio}
              />
              <span>{REPORT_REASON_LABELS[value]}</span>
            </label>
          ))}
        </fieldset>

        <TextAreaField
          label={REPORT_DETAILS_LABEL}
          optional
          rows={3}
          maxLength={REPORT_DETAILS_MAX}
          value={details}
          onChange={(event) => setDetails(event.target.value.slice(0, REPORT_DETAILS_MAX))}
          hint={<span className={atLimit ? styles.limit : undefined}>{detailsCounter(details.length)}</span>}
        />
        {/* The count itself is not read out at every key; reaching the limit is. */}
        <VisuallyHidden>
          <span role="status">{atLimit ? DETAILS_LIMIT_REACHED : ''}</span>
        </VisuallyHidden>

        <p className={styles.note}>{REPORT_NOTE}</p>

        {failure ? (
          <p role="alert" className={styles.error}>
            {failure}
          </p>
        ) : null}

        <DialogActions>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="primary"
            disabled={!reason}
            aria-disabled={sending || undefined}
            aria-busy={sending || undefined}
          >
            {sending ? REPORT_SENDING : REPORT_SUBMIT}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
