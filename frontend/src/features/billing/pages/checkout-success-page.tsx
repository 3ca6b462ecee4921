import { useEffect, useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import { useSearchParams } from 'react-router-dom';
import { baseApi, getErrorStatus } from '../../../shared/api/base-api';
import { creditsLabel } from '../../../shared/api/credits.api';
import { useElapsedSeconds } from '../../../shared/lib/use-elapsed-seconds';
import { ButtonLink } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { AlertCircleIcon, CheckCircleIcon } from '../../../shared/ui/icons';
import { PageHeading } from '../../../shared/ui/page-heading';
import { Spinner } from '../../../shared/ui/spinner';
import {
  TAGS_AFTER_PURCHASE,
  useConfirmCheckoutSessionMutation,
  useGetCheckoutSessionQuery,
  type CheckoutItem,
  type CheckoutSession,
} from '../api/billing.api';
import { Fact, FactList } from '../components/checkout-parts';
import { formatMoney } from '../lib/format';
import styles from './checkout-pages.module.css';

/** How often the page asks whether the purchase has been fulfilled. */
export const CHECKOUT_POLL_INTERVAL_MS = 1500;
/** After this long the page says the payment went through and the credits are on their way. */
export const CHECKOUT_SLOW_AFTER_S = 15;
/** After this long the page stops asking and says the user may leave. */
export const CHECKOUT_GIVE_UP_AFTER_S = 60;

export const SLOW_TEXT =
  'Your payment went through; your credits are on their way. This page updates by itself.';
export const GIVE_UP_TEXT =
  'This is taking longer than usual. Your credits will appear as soon as the payment is confirmed; you can leave this page.';

/** "7 credits" for a pack, "Starter plan: 45 credits a month" for a subscription. */
export function purchasedText(item: CheckoutItem): string {
  return item.kind === 'pack' ? creditsLabel(item.credits) : `${item.name} plan: ${item.credits} credits a month`;
}

function Problem({ title, text }: { title: string; text: string }) {
  return (
    <div className={styles.page}>
      <Card as="section" className={styles.center} aria-labelledby="checkout-problem">
        <AlertCircleIcon width={40} height={40} className={styles.problemIcon} />
        <PageHeading title={title} subtitle={text} className={styles.heading} />
        <ButtonLink to="/pricing" variant="primary">
          Back to Pricing
        </ButtonLink>
      </Card>
    </div>
  );
}

function Fulfilled({ session }: { session: CheckoutSession }) {
  const { item } = session;
  return (
    <div className={styles.page}>
      <Card as="section" className={styles.center}>
        <CheckCircleIcon width={48} height={48} className={styles.successIcon} />
        <PageHeading title="Payment successful" subtitle="Thank you! Your purchase is ready to use." className={styles.heading} />
        <FactList>
          <Fact label="Purchased">{purchasedText(item)}</Fact>
          {session.amountCents > 0 ? (
            <Fact label="Amount paid">{formatMoney(session.amountCents, session.currency)}</Fact>
          ) : null}
          {session.credits ? <Fact label="Your balance">{creditsLabel(session.credits.balance)}</Fact> : null}
        </FactList>
        <div className={styles.actions}>
          <ButtonLink to="/dashboard" variant="primary">
            Start editing
          </ButtonLink>
          {item.kind === 'subscription' ? (
            <ButtonLink to="/profile" variant="secondary">
              View billing
            </ButtonLink>
          ) : null}
        </div>
      </Card>
    </div>
  );
}

/**
 * /checkout/success?session_id={id} (D27): where a checkout comes back after paying. It asks the
 * server once to run the fulfilment (the webhook may also have done it; both are idempotent),
 * then asks every 1.5 s until the purchase is fulfilled, for at most a minute.
 */
export function CheckoutSuccessPage() {
  const [searchParams] = useSearchParams();
  const sessionId = searchParams.get('session_id')?.trim() || null;
  const dispatch = useDispatch();
  const [confirm, confirmState] = useConfirmCheckoutSessionMutation();
  const confirmStarted = useRef(false);

  useEffect(() => {
    // Once, also under StrictMode's second effect run.
    if (!sessionId || confirmStarted.current) return;
    confirmStarted.current = true;
    void confirm(sessionId);
  }, [sessionId, confirm]);

  const confirmSettled = confirmState.isSuccess || confirmState.isError;
  const confirmNotFound = getErrorStatus(confirmState.error) === 404;
  // Nothing to wait for when the confirm call already knows the outcome.
  const outcomeKnown = confirmState.data?.fulfilled === true || confirmState.data?.status === 'expired';

  // Polling stops (and the clock with it) once there is an answer or after a minute.
  const [polling, setPolling] = useState(true);
  const elapsed = useElapsedSeconds(polling);
  const gaveUp = elapsed >= CHECKOUT_GIVE_UP_AFTER_S;

  const poll = useGetCheckoutSessionQuery(sessionId ?? '', {
    skip: !sessionId || !confirmSettled || outcomeKnown || confirmNotFound,
    pollingInterval: polling ? CHECKOUT_POLL_INTERVAL_MS : 0,
  });
  const session = poll.data ?? confirmState.data;
  const fulfilled = session?.fulfilled === true;
  const expired = !fulfilled && session?.status === 'expired';
  const notFound = confirmNotFound || getErrorStatus(poll.error) === 404;
  const stillWaiting = !fulfilled && !expired && !notFound && !gaveUp;

  useEffect(() => {
    if (!stillWaiting) setPolling(false);
  }, [stillWaiting]);

  // Refresh what the purchase changed (tier, balance, billing card), once.
  const refreshed = useRef(false);
  useEffect(() => {
    if (!fulfilled || refreshed.current) return;
    refreshed.current = true;
    dispatch(baseApi.util.invalidateTags([...TAGS_AFTER_PURCHASE]));
  }, [fulfilled, dispatch]);

  if (!sessionId || (notFound && !expired && !fulfilled)) {
    return (
      <Problem
        title="Checkout not found"
        text="We could not find this checkout. If you paid, your credits will appear in your account shortly."
      />
    );
  }
  if (fulfilled && session) return <Fulfilled session={session} />;
  if (expired) {
    return <Problem title="Checkout expired" text="This checkout expired before it was paid. No payment was taken." />;
  }

  return (
    <div className={styles.page}>
      <Card as="section" className={styles.center} aria-busy={!gaveUp}>
        {gaveUp ? (
          <AlertCircleIcon width={40} height={40} className={styles.waitIcon} />
        ) : (
          <Spinner size="lg" label="Confirming your payment..." />
        )}
        <PageHeading title="Confirming your payment" className={styles.heading} />
        <p className={styles.status} role="status">
          {gaveUp ? GIVE_UP_TEXT : elapsed >= CHECKOUT_SLOW_AFTER_S ? SLOW_TEXT : 'This takes a few seconds.'}
        </p>
        {gaveUp ? (
          <ButtonLink to="/dashboard" variant="primary">
            Go to the editor
          </ButtonLink>
        ) : null}
      </Card>
    </div>
  );
}
