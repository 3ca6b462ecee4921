import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { creditsLabel } from '../../../shared/api/credits.api';
import { useGetCurrentUserQuery, type CurrentUser } from '../../../shared/api/current-user.api';
import { failureText } from '../../../shared/api/error-text';
import { cx } from '../../../shared/lib/cx';
import { Button, ButtonLink } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { AlertCircleIcon, CreditCardIcon } from '../../../shared/ui/icons';
import { notifyError } from '../../../shared/ui/notify';
import { QueryStatus } from '../../../shared/ui/query-status';
import { Skeleton } from '../../../shared/ui/skeleton';
import {
  useGetBillingQuery,
  useResumeSubscriptionMutation,
  type Billing,
  type CreditPurchase,
  type Invoice,
  type PaymentMethod,
  type Subscription,
} from '../api/billing.api';
import {
  dateFromIso,
  dateFromSeconds,
  formatDate,
  formatMoney,
  formatMoneyWithCurrency,
  perInterval,
  tierName,
} from '../lib/format';
import { CancelSubscriptionDialog } from './cancel-subscription-dialog';
import { Badge, type BadgeTone } from '../../../shared/ui/badge';
import styles from './billing-card.module.css';

/** 001 §2 / §6: the card is for subscribed or paid-tier users only. */
export function showsBillingCard(user: Pick<CurrentUser, 'isSubscribed' | 'subscriptionTier'> | null | undefined): boolean {
  return !!user && (user.isSubscribed || user.subscriptionTier !== 'free');
}

/** "Active", "Past due", "Incomplete expired". */
export function statusLabel(status: string): string {
  const words = status.replace(/[_-]+/g, ' ').trim().toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Unknown';
}

const BRANDS: Readonly<Record<string, string>> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  american_express: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/** "Visa" for "visa"; other brands (the local provider's "Test card") with a capital first letter. */
export function brandName(brand: string): string {
  const known = BRANDS[brand.toLowerCase()];
  if (known) return known;
  return brand ? brand.charAt(0).toUpperCase() + brand.slice(1) : 'Card';
}

/** "Visa •••• 4242, expires 12/2030". */
export function cardText({ card }: PaymentMethod): string {
  const expiry =
    card.expMonth !== null && card.expYear !== null ? `, expires ${String(card.expMonth).padStart(2, '0')}/${card.expYear}` : '';
  return `${brandName(card.brand)} •••• ${card.last4}${expiry}`;
}


function subscriptionTone(status: string): BadgeTone {
  if (status === 'active' || status === 'trialing') return 'success';
  if (status === 'past_due' || status === 'incomplete') return 'warning';
  if (status === 'unpaid' || status === 'canceled' || status === 'incomplete_expired') return 'danger';
  return 'neutral';
}

function invoiceTone(status: string): BadgeTone {
  if (status === 'paid') return 'success';
  if (status === 'open') return 'warning';
  if (status === 'uncollectible' || status === 'void') return 'danger';
  return 'neutral';
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.fact}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function SubscriptionSection({ billing, subscription }: { billing: Billing; subscription: Subscription }) {
  const [resume, { isLoading: resuming }] = useResumeSubscriptionMutation();
  const periodEnd = formatDate(dateFromSeconds(subscription.currentPeriodEnd));
  const ending = subscription.cancelAtPeriodEnd && subscription.status !== 'canceled';
  const planName = subscription.planName ?? tierName(subscription.tier);
  const price =
    subscription.amount === null ? 'N/A' : `${formatMoney(subscription.amount, subscription.currency)}${perInterval(subscription.interval)}`;
  const card = billing.paymentMethods[0];
  const cardsUnavailable = billing.unavailable.includes('paymentMethods');

  async function onResume() {
    if (resuming) return;
    try {
      await resume().unwrap();
      toast.success('Subscription resumed', { description: 'Your plan will renew as usual.' });
    } catch (error) {
      notifyError('Resume Failed', { description: failureText(error, 'Failed to resume subscription. Please try again.') });
    }
  }

  return (
    <section className={styles.section} aria-labelledby="billing-subscription-title">
      <div className={styles.sectionHead}>
        <h3 id="billing-subscription-title" className={styles.sectionTitle}>
          Current subscription
        </h3>
        <Badge tone={subscriptionTone(subscription.status)}>{statusLabel(subscription.status)}</Badge>
      </div>

      {subscription.status === 'past_due' ? (
        <div className={cx(styles.notice, styles.danger)}>
          <AlertCircleIcon className={styles.noticeIcon} />
          <div>
            <p className={styles.noticeTitle}>Your last payment failed. Please update your card to keep your plan.</p>
            <p>
              We'll retry the payment automatically; <Link to="/contact">contact support</Link> if it keeps failing.
            </p>
          </div>
        </div>
      ) : null}

      <dl className={styles.facts}>
        <Fact label="Plan">
          <span>{planName}</span> · <span>{price}</span>
        </Fact>
        {subscription.status === 'canceled' ? (
          <Fact label="Ended">{periodEnd ?? 'Contact support for billing details'}</Fact>
        ) : ending ? (
          <Fact label="Access until">{periodEnd ?? 'Contact support for billing details'}</Fact>
        ) : (
          <Fact label="Next billing date">{periodEnd ?? 'Contact support for billing details'}</Fact>
        )}
        <Fact label="Payment method">
          {card ? cardText(card) : cardsUnavailable ? 'Card details are unavailable right now' : 'No card on file'}
        </Fact>
      </dl>

      {subscription.pendingTier && !ending ? (
        <p className={cx(styles.notice, styles.info)}>
          Your plan changes to {tierName(subscription.pendingTier)}
          {periodEnd ? ` on ${periodEnd}` : ' at your next renewal'}.
        </p>
      ) : null}

      {ending ? (
        <div className={cx(styles.notice, styles.warning)}>
          <AlertCircleIcon className={styles.noticeIcon} />
          <div className={styles.noticeBody}>
            <h4 className={styles.noticeTitle}>Subscription Ending</h4>
            <p>
              {periodEnd
                ? `Your subscription will end on ${periodEnd}. You'll retain access until then.`
                : "Your subscription will end at the end of the current billing period. You'll retain access until then."}
            </p>
            <Button size="sm" variant="secondary" aria-disabled={resuming || undefined} onClick={() => void onResume()}>
              {resuming ? 'Resuming...' : 'Resume subscription'}
            </Button>
          </div>
        </div>
      ) : null}
    </section>
  );
}

function PurchaseRow({ purchase }: { purchase: CreditPurchase }) {
  const date = formatDate(dateFromIso(purchase.date));
  return (
    <li className={styles.row}>
      <div className={styles.rowMain}>
        <span className={styles.rowTitle}>{creditsLabel(purchase.amount)}</span>
        <span className={styles.rowAmount}>{formatMoney(purchase.cost)}</span>
      </div>
      {purchase.description ? <p>{purchase.description}</p> : null}
      <p className={styles.rowMeta}>
        {[date, purchase.paymentMethod].filter(Boolean).join(' · ')}
      </p>
    </li>
  );
}

function CreditPurchaserSection({ billing }: { billing: Billing }) {
  const purchases = billing.creditPurchases.slice(0, 10);
  return (
    <section className={styles.section} aria-labelledby="billing-purchaser-title">
      <div className={styles.sectionHead}>
        <h3 id="billing-purchaser-title" className={styles.sectionTitle}>
          Pay-as-you-go credits
        </h3>
        <Badge tone="magic">Credit Purchaser</Badge>
      </div>
      <dl className={styles.facts}>
        <Fact label="Total credits purchased">{billing.totalCredits}</Fact>
        <Fact label="Purchases">{billing.purchaseCount}</Fact>
      </dl>
      <h4 className={styles.subTitle} id="billing-history-title">
        Purchase History
      </h4>
      {purchases.length > 0 ? (
        <ul className={styles.rows} aria-labelledby="billing-history-title">
          {purchases.map((purchase, index) => (
            <PurchaseRow key={purchase.id || index} purchase={purchase} />
          ))}
        </ul>
      ) : (
        <p className={styles.muted}>No purchases yet.</p>
      )}
    </section>
  );
}

function InvoiceRow({ invoice }: { invoice: Invoice }) {
  const date = formatDate(dateFromSeconds(invoice.created));
  return (
    <li className={styles.row}>
      <div className={styles.rowMain}>
        <span className={styles.rowTitle}>{formatMoneyWithCurrency(invoice.amountPaid, invoice.currency)}</span>
        <Badge tone={invoiceTone(invoice.status)}>{statusLabel(invoice.status)}</Badge>
      </div>
      <div className={styles.rowMain}>
        <span className={styles.rowMeta}>{date ?? 'Date unknown'}</span>
        {invoice.hostedInvoiceUrl ? (
          <a
            href={invoice.hostedInvoiceUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={styles.link}
            aria-label={`View invoice${date ? ` of ${date}` : ''} (opens in a new tab)`}
          >
            View invoice
          </a>
        ) : null}
      </div>
    </li>
  );
}

function InvoicesSection({ billing }: { billing: Billing }) {
  const invoices = billing.invoices.slice(0, 5);
  if (invoices.length === 0 && !billing.unavailable.includes('invoices')) return null;
  return (
    <section className={styles.section} aria-labelledby="billing-invoices-title">
      <h3 id="billing-invoices-title" className={styles.sectionTitle}>
        Recent Invoices
      </h3>
      {invoices.length > 0 ? (
        <ul className={styles.rows} aria-labelledby="billing-invoices-title">
          {invoices.map((invoice, index) => (
            <InvoiceRow key={invoice.id || index} invoice={invoice} />
          ))}
        </ul>
      ) : (
        <p className={styles.muted}>Invoices are unavailable right now.</p>
      )}
    </section>
  );
}

function CancelSection({ email }: { email: string }) {
  const [open, setOpen] = useState(false);
  return (
    <section className={cx(styles.section, styles.cancelSection)} aria-labelledby="billing-cancel-title">
      <h3 id="billing-cancel-title" className={styles.sectionTitle}>
        Cancel Subscription
      </h3>
      <p className={styles.warningText}>
        Cancelling ends your plan at the end of the current billing period. Your saved images in My Edits will be deleted
        and your account will go back to free, with watermarked images.
      </p>
      <Button variant="destructive" className={styles.cancelButton} onClick={() => setOpen(true)}>
        Cancel Subscription
      </Button>
      <CancelSubscriptionDialog open={open} onClose={() => setOpen(false)} email={email} />
    </section>
  );
}

function BillingDetails({ billing, user }: { billing: Billing; user: CurrentUser }) {
  const { subscription } = billing;
  const cancellable = subscription !== null && subscription.status !== 'canceled' && !subscription.cancelAtPeriodEnd;
  return (
    <div className={styles.details}>
      {subscription ? (
        <SubscriptionSection billing={billing} subscription={subscription} />
      ) : user.subscriptionTier === 'paid' || billing.purchaseCount > 0 ? (
        <CreditPurchaserSection billing={billing} />
      ) : (
        <div className={styles.section}>
          <p className={styles.muted}>You have no active subscription. Contact support for billing details.</p>
          <ButtonLink to="/pricing" variant="secondary" className={styles.cancelButton}>
            See plans
          </ButtonLink>
        </div>
      )}
      <InvoicesSection billing={billing} />
      {cancellable ? <CancelSection email={user.email} /> : null}
    </div>
  );
}

function BillingSkeleton() {
  return (
    <div className={styles.details}>
      <Skeleton width="10rem" height="1.5rem" />
      <Skeleton height="5rem" />
      <Skeleton height="3rem" />
    </div>
  );
}

/**
 * The profile's Billing & Subscription card (001 §2 "Billing card contents", §6, §7; D28, D29).
 * Shown only to subscribed or paid-tier users; GET /api/user/billing is not called for others.
 */
export function BillingCard() {
  const { data: user } = useGetCurrentUserQuery();
  const shown = showsBillingCard(user);
  const query = useGetBillingQuery(undefined, { skip: !shown });
  if (!user || !shown) return null;

  return (
    <Card as="section" className={styles.card} aria-labelledby="billing-card-title">
      <h2 id="billing-card-title" className={styles.cardTitle}>
        <CreditCardIcon />
        Billing & Subscription
      </h2>
      <QueryStatus
        query={query}
        loadingText="Loading your billing details..."
        skeleton={<BillingSkeleton />}
        errorText="Unable to load your billing details."
        emptyText=""
        isEmpty={() => false}
      >
        {(billing) => <BillingDetails billing={billing} user={user} />}
      </QueryStatus>
    </Card>
  );
}
