import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { creditsLabel } from '../../../shared/api/credits.api';
import { useGetCurrentUserQuery } from '../../../shared/api/current-user.api';
import { failureText } from '../../../shared/api/error-text';
import {
  setPendingCreditPack,
  setPendingSubscription,
} from '../../../shared/lib/pending-choice';
import { notifyError } from '../../../shared/ui/notify';
import {
  isPlanTier,
  useCreateSubscriptionMutation,
  usePurchaseCreditsMutation,
  type Catalogue,
  type PackId,
  type PlanChange,
  type PlanTier,
} from '../api/billing.api';
import { dateFromIso, formatDate, tierName } from '../lib/format';
import { useLeaveFor } from '../lib/leave-for';

/** 001 §8 "Checkout". */
export const LOGIN_REQUIRED = 'Login Required';
export const LOGIN_TO_SUBSCRIBE = 'Please log in to subscribe to a plan';
export const LOGIN_TO_PURCHASE = 'Please log in to purchase credits';
export const PAYMENT_SETUP_FAILED = 'Payment Setup Failed';
export const NO_CHECKOUT_SESSION = 'Unable to create checkout session';
export const SUBSCRIPTION_FAILED = 'Subscription Failed';
export const PURCHASE_FAILED = 'Purchase Failed';

/** Forgets any plan or pack chosen while signed out (001 §4: cleared when used). */
export function clearPendingChoice(): void {
  setPendingSubscription(null);
  setPendingCreditPack(null);
}

function planName(catalogue: Catalogue | undefined, tier: string): string {
  return catalogue?.plans.find((plan) => plan.tier === tier)?.name ?? tierName(tier);
}

/** D28: the toast after a subscriber's plan was switched in place. */
function announcePlanChange(change: PlanChange, catalogue: Catalogue | undefined): void {
  const name = planName(catalogue, change.to);
  if (change.effective === 'next_renewal') {
    const date = formatDate(dateFromIso(change.effectiveAt));
    toast.success('Plan changed', {
      description: date ? `Your plan changes to ${name} on ${date}.` : `Your plan changes to ${name} at your next renewal.`,
    });
    return;
  }
  const granted = change.creditsGranted;
  toast.success('Plan changed', {
    description:
      `You're now on the ${name} plan.` +
      (granted > 0 ? ` ${creditsLabel(granted)} ${granted === 1 ? 'was' : 'were'} added to your balance.` : ''),
  });
}

export interface CheckoutControls {
  /** The plan tier or pack whose checkout is being started, else null. */
  busy: PlanTier | PackId | null;
  /** The signed-in subscriber's own plan (001 §2 "Current plan"), else null. */
  currentTier: PlanTier | null;
  /** Whether the user query has answered (nothing is decided before it has). */
  userKnown: boolean;
  /** A plan's button: sign-in first when signed out; a subscriber confirms a switch first (D28). */
  choosePlan: (tier: PlanTier) => void;
  /** A pack's Buy button: sign-in first when signed out. */
  choosePack: (pack: PackId) => void;
  /** Starts a subscription checkout (or, for a subscriber, switches the plan in place). */
  subscribe: (tier: PlanTier) => Promise<void>;
  /** Starts a credit-pack checkout. */
  buyPack: (pack: PackId) => Promise<void>;
  /** The plan a subscriber is asked to confirm switching to, else null. */
  switchTarget: PlanTier | null;
  confirmSwitch: () => void;
  cancelSwitch: () => void;
}

/**
 * Starting a checkout from the pricing and order pages (001 §4, §8; D28):
 * - signed out: the choice is stored (001 §3 storage keys), "Login Required", then /auth;
 * - a `checkoutUrl` answer: the pending choice is cleared and the browser goes there;
 * - a `planChange` answer (a subscriber switched plans in place): a success toast; the API
 *   refetches the user, credits and billing;
 * - neither: "Payment Setup Failed"; a failure: "Subscription Failed" / "Purchase Failed" with
 *   the server's message (e.g. the 403 for an unverified e-mail, 409 for the same plan).
 */
export function useCheckout(catalogue: Catalogue | undefined): CheckoutControls {
  const navigate = useNavigate();
  const leaveFor = useLeaveFor();
  const { data: user, isLoading: userLoading } = useGetCurrentUserQuery();
  const [createSubscription] = useCreateSubscriptionMutation();
  const [purchaseCredits] = usePurchaseCreditsMutation();
  const [busy, setBusy] = useState<PlanTier | PackId | null>(null);
  const [switchTarget, setSwitchTarget] = useState<PlanTier | null>(null);

  const currentTier = user?.isSubscribed && isPlanTier(user.subscriptionTier) ? user.subscriptionTier : null;

  async function subscribe(tier: PlanTier) {
    setBusy(tier);
    try {
      const answer = await createSubscription(tier).unwrap();
      if (answer.checkoutUrl) {
        clearPendingChoice();
        leaveFor(answer.checkoutUrl);
        return;
      }
      if (answer.planChange) {
        clearPendingChoice();
        announcePlanChange(answer.planChange, catalogue);
      } else {
        notifyError(PAYMENT_SETUP_FAILED, { description: NO_CHECKOUT_SESSION });
      }
    } catch (error) {
      notifyError(SUBSCRIPTION_FAILED, { description: failureText(error, 'Please try again.') });
    }
    setBusy(null);
  }

  async function buyPack(pack: PackId) {
    setBusy(pack);
    try {
      const answer = await purchaseCredits(pack).unwrap();
      if (answer.checkoutUrl) {
        clearPendingChoice();
        leaveFor(answer.checkoutUrl);
        return;
      }
      notifyError(PAYMENT_SETUP_FAILED, { description: NO_CHECKOUT_SESSION });
    } catch (error) {
      notifyError(PURCHASE_FAILED, { description: failureText(error, 'Please try again.') });
    }
    setBusy(null);
  }

  function choosePlan(tier: PlanTier) {
    if (userLoading || busy) return;
    if (!user) {
      // The latest choice wins: a stored pack would otherwise be started instead after login.
      setPendingCreditPack(null);
      setPendingSubscription(tier);
      toast.info(LOGIN_REQUIRED, { description: LOGIN_TO_SUBSCRIBE });
      void navigate('/auth');
      return;
    }
    if (tier === currentTier) return;
    if (currentTier) {
      setSwitchTarget(tier);
      return;
    }
    void subscribe(tier);
  }

  function choosePack(pack: PackId) {
    if (userLoading || busy) return;
    if (!user) {
      setPendingSubscription(null);
      setPendingCreditPack(pack);
      toast.info(LOGIN_REQUIRED, { description: LOGIN_TO_PURCHASE });
      void navigate('/auth');
      return;
    }
    void buyPack(pack);
  }

  return {
    busy,
    currentTier,
    userKnown: !userLoading,
    choosePlan,
    choosePack,
    subscribe,
    buyPack,
    switchTarget,
    confirmSwitch: () => {
      const tier = switchTarget;
      setSwitchTarget(null);
      if (tier) void subscribe(tier);
    },
    cancelSwitch: () => setSwitchTarget(null),
  };
}
