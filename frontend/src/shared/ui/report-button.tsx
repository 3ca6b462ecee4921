import { useState } from 'react';
import { cx } from '../lib/cx';
import { FlagIcon } from './icons';
import styles from './report-button.module.css';
import { ReportImageDialog } from './report-image-dialog';

/** The trigger's accessible name; its visible text is "Report". */
export const REPORT_BUTTON_LABEL = 'Report image';

export interface ReportButtonProps {
  /** The image reported (an edit's id). */
  imageId: string;
  className?: string;
}

/**
 * D43: the small, quiet "Report" of a public image (feed cards, Hall of Fame, share page), named
 * "Report image", which opens the report dialog. Focus comes back to it when the dialog closes.
 */
export function ReportButton({ imageId, className }: ReportButtonProps) {
  // The image the dialog was opened for: a card that shows a newer edit meanwhile (the landing
  // page's live card) still reports the one the person saw.
  const [reporting, setReporting] = useState<string | null>(null);
  return (
    <>
      <button type="button" className={cx(styles.button, className)} aria-label={REPORT_BUTTON_LABEL} onClick={() => setReporting(imageId)}>
        <FlagIcon width={16} height={16} />
        <span>Report</span>
      </button>
      <ReportImageDialog open={reporting !== null} onClose={() => setReporting(null)} imageId={reporting ?? imageId} />
    </>
  );
}
