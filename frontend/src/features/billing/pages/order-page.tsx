import { useState } from 'react';
import { Navigate } from 'react-router-dom';
import { useGetCurrentUserQuery } from '../../../shared/api/current-user.api';
import { getPendingSubscription } from '../../../shared/lib/pending-choice';
import { BackLink } from '../../../shared/ui/back-link';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { PageHeading } from '../../../shared/ui/page-heading';
import { QueryStatus } from '../../../shared/ui/query-status';
import { Skeleton } from '../../../shared/ui/skeleton';
import { Spinner } from '../../../shared/ui/spinner';
import { isPlanTier, useGetCatalogueQuery, type Catalogue, type PlanTier } from '../api/billing.api';
import { Fact, FactList } from '../components/checkout-parts';
import { PlanFeatures } from '../components/offer-cards';
import { SwitchPlanDialog } from '../components/switch-plan-dialog';
import { useCheckout } from '../hooks/use-checkout';
import { formatMoney, perInterval } from '../lib/format';
import styles from './order-page.module.css';

function OrderSummary({ catalogue, tier }: { catalogue: Catalogue; tier: PlanTier }) {
  const checkout = useCheckout(catalogue);
  const plan = catalogue.plans.find((candidate) => candidate.tier === tier);
  if (!plan) return <Navigate to="/pricing" replace />;
  const isCurrent = checkout.currentTier === plan.tier;
  const busy = checkout.busy === plan.tier;
  const currentPlan = catalogue.plans.find((candidate) => candidate.tier === checkout.currentTier) ?? null;
  const switchTarget = catalogue.plans.find((candidate) => candidate.tier === checkout.switchTarget) ?? null;

  return (
    <Card as="section" className={styles.summary} aria-labelledby="order-plan-title">
      <h2 id="order-plan-title" className={styles.planName}>
        {plan.name} plan
      </h2>
      <FactList>
        <Fact label="Price">
          {formatMoney(plan.priceCents, catalogue.currency)}
          {perInterval(plan.interval)}
        </Fact>
        <Fact label="Monthly credits">{plan.monthlyCredits} credits a month</Fact>
      </FactList>
      <PlanFeatures features={plan.features} label="What's included" />
      <p className={styles.terms}>Billed monthly. Cancel anytime; cancellation takes effect at the end of the billing period.</p>
      <Button
        variant="primary"
        size="lg"
        className={styles.subscribe}
        disabled={isCurrent}
        aria-disabled={(checkout.busy !== null && !isCurrent) || undefined}
        onClick={() => checkout.choosePlan(plan.tier)}
      >
        {busy ? 'Redirecting...' : isCurrent ? 'Current plan' : checkout.currentTier ? 'Switch plan' : 'Subscribe'}
      </Button>
      <SwitchPlanDialog
        target={switchTarget}
        current={currentPlan}
        currency={catalogue.currency}
        onConfirm={checkout.confirmSwitch}
        onCancel={checkout.cancelSwitch}
      />
    </Card>
  );
}

/**
 * /order (001 §2): the order summary of the plan chosen while signed out, with a Subscribe
 * button that does what the pricing page's does. Signed out: /auth; no pending plan: /pricing.
 */
export function OrderPage() {
  const { data: user, isLoading } = useGetCurrentUserQuery();
  // Read once: a successful Subscribe clears it, and the page must not jump to /pricing then.
  const [pendingTier] = useState(() => getPendingSubscription());
  const catalogueQuery = useGetCatalogueQuery(undefined, { skip: isLoading || !user || !isPlanTier(pendingTier) });

  if (isLoading) {
    return (
      <div className={styles.loading}>
        <Spinner size="lg" label="Loading your order..." />
      </div>
    );
  }
  if (!user) return <Navigate to="/auth" replace />;
  if (!isPlanTier(pendingTier)) return <Navigate to="/pricing" replace />;

  return (
    <div className={styles.page}>
      <PageHeading title="Order Summary" subtitle="Check your plan, then subscribe." />
      <QueryStatus
        query={catalogueQuery}
        loadingText="Loading your order..."
        skeleton={<Skeleton height="20rem" />}
        errorText="Unable to load your order right now."
        emptyText="This plan is not on sale right now."
        isEmpty={(catalogue) => catalogue.plans.length === 0}
      >
        {(catalogue) => <OrderSummary catalogue={catalogue} tier={pendingTier} />}
      </QueryStatus>
      <BackLink to="/pricing">Back to Pricing</BackLink>
    </div>
  );
}
