import { Button } from '../../../shared/ui/button';
import { Dialog, DialogActions } from '../../../shared/ui/dialog';
import type { Plan } from '../api/billing.api';
import { formatMoney } from '../lib/format';

export interface SwitchPlanDialogProps {
  /** The plan to switch to; the dialog is open while there is one. */
  target: Plan | null;
  /** The subscriber's current plan, if it is in the catalogue. */
  current: Plan | null;
  currency: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * D28: a subscriber who picks another plan has it switched in place, without a checkout. An
 * upgrade is charged at once, so the switch is confirmed first.
 */
export function SwitchPlanDialog({ target, current, currency, onConfirm, onCancel }: SwitchPlanDialogProps) {
  if (!target) return null;
  const upgrade = !current || target.priceCents > current.priceCents;
  const description = upgrade
    ? `You'll be charged the prorated difference now and get extra ${target.name} credits for the rest of this billing period. From your next renewal you pay ${formatMoney(target.priceCents, currency)} a month.`
    : `Your plan changes to ${target.name} at your next renewal${current ? `; until then you keep ${current.name}` : ''}. From then on you pay ${formatMoney(target.priceCents, currency)} a month.`;
  return (
    <Dialog open onClose={onCancel} title={`Switch to ${target.name}?`} description={description}>
      <DialogActions>
        <Button variant="secondary" onClick={onCancel}>
          Keep current plan
        </Button>
        <Button variant="primary" onClick={onConfirm}>
          Switch to {target.name}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
