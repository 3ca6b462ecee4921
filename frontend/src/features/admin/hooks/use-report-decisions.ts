import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { getErrorStatus } from '../../../shared/api/base-api';
import { failureText } from '../../../shared/api/error-text';
import { notifyError } from '../../../shared/ui/notify';
import {
  useDismissReportMutation,
  useSuspendUserMutation,
  useTakeDownReportMutation,
  type ReportCase,
} from '../api/admin.api';
import { dismissedText, hashesBlockedText, takeDownText } from '../lib/reports';

/** What an admin can do about a reported image (D43). */
export type ReportDecision = 'take-down' | 'dismiss' | 'suspend';

export interface PendingDecision {
  imageId: string;
  decision: ReportDecision;
}

/** The server's REPORT.NOT_FOUND sentence, for an answer that lacks it. */
export const NO_OPEN_REPORT_TEXT = 'There is no open report for this image.';

const FAILURE_TITLES: Readonly<Record<ReportDecision, string>> = {
  'take-down': 'Failed to take down the image',
  dismiss: 'Failed to dismiss the reports',
  // The Users tab's 001 §8 toast.
  suspend: 'Failed to update user status',
};

/**
 * The Reports tab's decisions (D43): take down, dismiss, suspend the owner (the Users tab's
 * suspend call, with the reason), each with its toast; one at a time. `decide` resolves true when
 * the confirm dialog can close: the decision was made, or there is no open report any more (a
 * 404: another admin decided first; the queue is fetched again through its tag). Any other
 * failure keeps the dialog open, with the reason typed, to try again.
 */
export function useReportDecisions() {
  const [takeDown] = useTakeDownReportMutation();
  const [dismiss] = useDismissReportMutation();
  const [suspendUser] = useSuspendUserMutation();
  const [pending, setPending] = useState<PendingDecision | null>(null);
  const running = useRef(false);

  async function run(report: ReportCase, decision: ReportDecision, reason: string): Promise<void> {
    const { imageId } = report;
    if (decision === 'take-down') {
      const answer = await takeDown({ imageId, reason }).unwrap();
      toast.success(takeDownText(answer.imagesRemoved), { description: hashesBlockedText(answer.hashesBlocked) });
    } else if (decision === 'dismiss') {
      const answer = await dismiss({ imageId, reason }).unwrap();
      toast.success(dismissedText(answer.restored));
    } else if (report.ownerId) {
      const user = await suspendUser({ userId: report.ownerId, suspended: true, reason }).unwrap();
      toast.success('User status updated successfully', {
        description: `${user.email || report.ownerEmail || 'The owner'} is now ${user.isSuspended ? 'suspended' : 'active'}.`,
      });
    }
  }

  async function decide(report: ReportCase, decision: ReportDecision, reason: string): Promise<boolean> {
    if (running.current) return false;
    running.current = true;
    setPending({ imageId: report.imageId, decision });
    try {
      await run(report, decision, reason);
      return true;
    } catch (error) {
      const gone = decision !== 'suspend' && getErrorStatus(error) === 404;
      notifyError(FAILURE_TITLES[decision], {
        description: failureText(error, gone ? NO_OPEN_REPORT_TEXT : 'Please try again.'),
      });
      return gone;
    } finally {
      running.current = false;
      setPending(null);
    }
  }

  return { decide, pending };
}
