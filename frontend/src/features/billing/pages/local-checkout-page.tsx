import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useParams } from 'react-router-dom';
import { z } from 'zod';
import { getErrorStatus } from '../../../shared/api/base-api';
import { creditsLabel } from '../../../shared/api/credits.api';
import { failureText } from '../../../shared/api/error-text';
import { Button, ButtonLink } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { EmailAddress } from '../../../shared/ui/email-address';
import { AlertCircleIcon, CreditCardIcon, LockIcon } from '../../../shared/ui/icons';
import { PageHeading } from '../../../shared/ui/page-heading';
import { QueryStatus } from '../../../shared/ui/query-status';
import { Skeleton } from '../../../shared/ui/skeleton';
import { TextField } from '../../../shared/ui/text-field';
import {
  useCancelLocalCheckoutMutation,
  useGetLocalCheckoutSessionQuery,
  usePayLocalCheckoutMutation,
  type LocalCheckoutSession,
} from '../api/billing.api';
import { Fact, FactList, TestModeNote } from '../components/checkout-parts';
import { formatMoney } from '../lib/format';
import { useLeaveFor } from '../lib/leave-for';
import styles from './checkout-pages.module.css';

/** Where a cancelled checkout goes (D27, D30) when the server could not be asked. */
const CANCELLED_URL = '/pricing?checkout=cancelled';

/** Only "is it filled in" is checked here; the server answers card problems in Stripe's words. */
export const cardFormSchema = z.object({
  cardNumber: z.string().refine((value) => value.replace(/[\s-]/g, '') !== '', 'Your card number is incomplete.'),
  expiry: z.string().trim().min(1, "Your card's expiration date is incomplete."),
  cvc: z.string().trim().min(1, "Your card's security code is incomplete."),
  cardholderName: z.string().trim().min(1, 'Please enter the name on the card.'),
});
type CardFormValues = z.input<typeof cardFormSchema>;

/** "1230" or "12 / 30" → "12/30"; anything else is sent as typed. */
export function normaliseExpiry(value: string): string {
  const digits = value.replace(/\D/g, '');
  if (/^\d{2}\s*\/\s*\d{2}$/.test(value.trim()) || (digits.length === 4 && !value.includes('/'))) {
    return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  }
  return value.trim();
}

function OrderSummary({ session }: { session: LocalCheckoutSession }) {
  const { item } = session;
  return (
    <Card as="section" className={styles.summaryCard} aria-labelledby="local-order-title">
      <h2 id="local-order-title" className={styles.sectionTitle}>
        Order summary
      </h2>
      <FactList>
        <Fact label="Item">{item.kind === 'subscription' ? `${item.name} plan` : item.name}</Fact>
        <Fact label="Credits">
          {item.kind === 'subscription' ? `${item.credits} credits a month` : creditsLabel(item.credits)}
        </Fact>
        <Fact label={item.kind === 'subscription' ? 'Amount (billed monthly)' : 'Amount'}>
          {formatMoney(session.amountCents, session.currency)}
        </Fact>
        {session.email ? (
          <Fact label="Account">
            <EmailAddress email={session.email} />
          </Fact>
        ) : null}
      </FactList>
    </Card>
  );
}

function CardForm({ session }: { session: LocalCheckoutSession }) {
  const leaveFor = useLeaveFor();
  const [pay, payState] = usePayLocalCheckoutMutation();
  const [cancel, cancelState] = useCancelLocalCheckoutMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<CardFormValues>({
    resolver: zodResolver(cardFormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { cardNumber: '', expiry: '', cvc: '', cardholderName: '' },
  });
  const busy = payState.isLoading || cancelState.isLoading;

  async function onPay(values: CardFormValues) {
    if (busy) return;
    setServerError(null);
    try {
      const answer = await pay({
        sessionId: session.sessionId,
        cardNumber: values.cardNumber.replace(/[\s-]/g, ''),
        expiry: normaliseExpiry(values.expiry),
        cvc: values.cvc.trim(),
        cardholderName: values.cardholderName.trim(),
      }).unwrap();
      leaveFor(answer.redirectUrl);
    } catch (error) {
      setServerError(failureText(error, 'The payment could not be completed. Please try again.'));
    }
  }

  async function onCancel() {
    if (busy) return;
    try {
      const answer = await cancel(session.sessionId).unwrap();
      leaveFor(answer.redirectUrl);
    } catch {
      leaveFor(CANCELLED_URL);
    }
  }

  return (
    <Card as="section" className={styles.formCard} aria-labelledby="local-card-title">
      <h2 id="local-card-title" className={styles.sectionTitle}>
        <CreditCardIcon />
        Card details
      </h2>
      <form className={styles.form} noValidate onSubmit={(event) => void handleSubmit(onPay)(event)}>
        <TextField
          label="Card number"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="4242 4242 4242 4242"
          hint="Test cards: 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined. Use any future expiry date and any 3-digit CVC."
          error={errors.cardNumber?.message}
          {...register('cardNumber')}
        />
        <div className={styles.row}>
          <TextField
            label="Expiry (MM/YY)"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            error={errors.expiry?.message}
            {...register('expiry')}
          />
          <TextField
            label="CVC"
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={4}
            placeholder="123"
            error={errors.cvc?.message}
            {...register('cvc')}
          />
        </div>
        <TextField
          label="Name on card"
          autoComplete="cc-name"
          error={errors.cardholderName?.message}
          {...register('cardholderName')}
        />
        {serverError ? (
          <p className={styles.formError} role="alert">
            <AlertCircleIcon width={18} height={18} />
            {serverError}
          </p>
        ) : null}
        <div className={styles.formActions}>
          <Button type="submit" variant="primary" size="lg" disabled={busy}>
            <LockIcon width={18} height={18} />
            {payState.isLoading ? 'Processing...' : `Pay ${formatMoney(session.amountCents, session.currency)}`}
          </Button>
          <Button variant="ghost" disabled={busy} onClick={() => void onCancel()}>
            {cancelState.isLoading ? 'Cancelling...' : 'Cancel'}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function Problem({ title, text, signIn = false }: { title: string; text: string; signIn?: boolean }) {
  return (
    <div className={styles.page}>
      <Card as="section" className={styles.center}>
        <AlertCircleIcon width={40} height={40} className={styles.problemIcon} />
        <PageHeading title={title} subtitle={text} className={styles.heading} />
        {signIn ? (
          <ButtonLink to="/auth" variant="primary">
            Sign In
          </ButtonLink>
        ) : (
          <ButtonLink to="/pricing" variant="primary">
            Back to Pricing
          </ButtonLink>
        )}
      </Card>
    </div>
  );
}

/**
 * /checkout/local/{sessionId}: the local test checkout (D30), served by the app when no payment
 * provider is configured. It completes through the same fulfilment as Stripe; no real payment
 * is taken, and the page says so.
 */
export function LocalCheckoutPage() {
  const { sessionId = '' } = useParams();
  const query = useGetLocalCheckoutSessionQuery(sessionId, { skip: sessionId === '' });

  if (getErrorStatus(query.error) === 401) {
    return <Problem title="Login Required" text="Please log in to continue to checkout." signIn />;
  }
  if (sessionId === '' || getErrorStatus(query.error) === 404) {
    return <Problem title="Checkout not found" text="This checkout does not exist or belongs to another account." />;
  }
  const session = query.data;
  if (session?.status === 'complete') {
    return <Navigate to={`/checkout/success?session_id=${encodeURIComponent(session.sessionId)}`} replace />;
  }
  if (session?.status === 'expired') {
    return <Problem title="Checkout expired" text="This checkout expired before it was paid. No payment was taken." />;
  }

  return (
    <div className={styles.page}>
      <TestModeNote>Test checkout — no real payment is taken</TestModeNote>
      <PageHeading title="Checkout" eyebrow="Magic Editor" className={styles.heading} />
      <QueryStatus
        query={query}
        loadingText="Loading your checkout..."
        skeleton={
          <div className={styles.checkoutGrid}>
            <Skeleton height="16rem" />
            <Skeleton height="24rem" />
          </div>
        }
        loadingClassName={styles.loading}
        errorText={query.error ? failureText(query.error, 'Unable to load this checkout.') : 'Unable to load this checkout.'}
        emptyText=""
        isEmpty={() => false}
      >
        {(loaded) => (
          <div className={styles.checkoutGrid}>
            <OrderSummary session={loaded} />
            <CardForm session={loaded} />
          </div>
        )}
      </QueryStatus>
    </div>
  );
}
