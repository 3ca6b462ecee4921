/*
 * /pricing (001 §2, §4, §8; D7, D8, D28).
 *
 * Pending choices (001 §3 storage keys, §4). The spec says that after login a pending plan starts
 * its checkout and a pending pack opens Buy Credits and starts its purchase, each cleared when
 * used, but also that the page "clears any pending subscription on mount", which would throw the
 * choice away before it could be used; it calls the net behaviour uncertain. Resolution:
 * - signed out: the page never clears a pending choice, so it survives the trip to /auth;
 * - signed in: on mount the page *consumes* the pending choice: it clears both keys at once (the
 *   "clears on mount") and starts the plan's or pack's checkout with what it read (the "after
 *   login"). Clearing before the request means a failed start (an unverified e-mail, a provider
 *   outage) is reported once and never retried on every later visit. A ref keeps StrictMode's
 *   second effect run from starting a second checkout.
 * - a subscriber with a pending plan is not switched without asking (D28 charges an upgrade at
 *   once): the choice is cleared and the page says how to switch.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';
import { useGetCurrentUserQuery } from '../../../shared/api/current-user.api';
import { getPendingCreditPack, getPendingSubscription } from '../../../shared/lib/pending-choice';
import { Card } from '../../../shared/ui/card';
import { SparklesIcon } from '../../../shared/ui/icons';
import { PageHeading } from '../../../shared/ui/page-heading';
import { QueryStatus, type QueryState } from '../../../shared/ui/query-status';
import { Skeleton } from '../../../shared/ui/skeleton';
import { Tabs } from '../../../shared/ui/tabs';
import { isPackId, isPlanTier, useGetCatalogueQuery, type Catalogue } from '../api/billing.api';
import { TestModeNote } from '../components/checkout-parts';
import { PackCard, PlanCard } from '../components/offer-cards';
import { PricingFaq } from '../components/pricing-faq';
import { SwitchPlanDialog } from '../components/switch-plan-dialog';
import { clearPendingChoice, useCheckout, type CheckoutControls } from '../hooks/use-checkout';
import styles from './pricing-page.module.css';

export type PricingTab = 'subscriptions' | 'credits';

/** The checkout cancel URL is /pricing?checkout=cancelled (D27, D30). */
const CHECKOUT_PARAM = 'checkout';

/**
 * The cards' places while the prices load: as many as the catalogue's usual plans or packs, each
 * as tall as a card (the grid's items share one minimum height, see the CSS), so nothing moves
 * when the prices arrive (issue 24).
 */
function CardsSkeleton({ kind }: { kind: PricingTab }) {
  const count = kind === 'subscriptions' ? 3 : 4;
  return (
    <ul className={kind === 'subscriptions' ? styles.grid : styles.packGrid} aria-hidden="true">
      {Array.from({ length: count }, (_, index) => (
        <li key={index}>
          <Skeleton height="100%" className={styles.cardSkeleton} />
        </li>
      ))}
    </ul>
  );
}

function CatalogueStatus({
  query,
  kind,
  children,
}: {
  query: QueryState<Catalogue>;
  kind: PricingTab;
  children: (catalogue: Catalogue) => ReactNode;
}) {
  return (
    <QueryStatus
      query={query}
      loadingText="Loading prices..."
      skeleton={<CardsSkeleton kind={kind} />}
      errorText="Unable to load prices right now."
      emptyText="Nothing is on sale right now."
      isEmpty={(catalogue) => catalogue.plans.length === 0 && catalogue.packs.length === 0}
    >
      {children}
    </QueryStatus>
  );
}

/** D30: under the cards, so that it never pushes them down when the catalogue says "local". */
function TestModeLine({ catalogue }: { catalogue: Catalogue }) {
  return catalogue.provider === 'local' ? (
    <TestModeNote>Test mode: checkout uses a test card form and no real payment is taken.</TestModeNote>
  ) : null;
}

/** The lead is the same whatever the catalogue says, so it is there before the prices are. */
function PlansPanel({ query, checkout }: { query: QueryState<Catalogue>; checkout: CheckoutControls }) {
  return (
    <div className={styles.panel}>
      <p className={styles.lead}>
        Monthly credits, watermark-free downloads, My Edits and more. Cancel anytime; your plan runs to the end of the
        billing period.
      </p>
      <CatalogueStatus query={query} kind="subscriptions">
        {(catalogue) => (
          <>
            <ul className={styles.grid} aria-label="Monthly plans">
              {catalogue.plans.map((plan) => (
                <li key={plan.tier}>
                  <PlanCard
                    plan={plan}
                    currency={catalogue.currency}
                    currentTier={checkout.currentTier}
                    busy={checkout.busy}
                    onChoose={checkout.choosePlan}
                  />
                </li>
              ))}
            </ul>
            <TestModeLine catalogue={catalogue} />
          </>
        )}
      </CatalogueStatus>
    </div>
  );
}

function PacksPanel({ query, checkout }: { query: QueryState<Catalogue>; checkout: CheckoutControls }) {
  return (
    <div className={styles.panel}>
      <p className={styles.lead}>
        Pay as you go: one-time credit packs that never expire and make watermark-free images. My Edits comes with a
        subscription.
      </p>
      <CatalogueStatus query={query} kind="credits">
        {(catalogue) => (
          <>
            <ul className={styles.packGrid} aria-label="Credit packs">
              {catalogue.packs.map((pack) => (
                <li key={pack.id}>
                  <PackCard pack={pack} currency={catalogue.currency} busy={checkout.busy} onChoose={checkout.choosePack} />
                </li>
              ))}
            </ul>
            <TestModeLine catalogue={catalogue} />
          </>
        )}
      </CatalogueStatus>
    </div>
  );
}

export function PricingPage() {
  const catalogueQuery = useGetCatalogueQuery();
  const catalogue = catalogueQuery.data;
  const { data: user, isLoading: userLoading } = useGetCurrentUserQuery();
  const checkout = useCheckout(catalogue);
  const [tab, setTab] = useState<PricingTab>('subscriptions');
  const [searchParams, setSearchParams] = useSearchParams();
  const consumed = useRef(false);

  // 001 §2: the page scrolls to the top when it opens.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);

  // Back from a cancelled checkout: say so once and drop the parameter.
  const checkoutParam = searchParams.get(CHECKOUT_PARAM);
  useEffect(() => {
    if (checkoutParam !== 'cancelled') return;
    toast.info('Checkout cancelled', { id: 'checkout-cancelled', description: 'No payment was taken.' });
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        next.delete(CHECKOUT_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [checkoutParam, setSearchParams]);

  // The pending choice (see the comment at the top of this file).
  const { subscribe, buyPack, currentTier } = checkout;
  useEffect(() => {
    if (userLoading || !user || consumed.current) return;
    consumed.current = true;
    const tier = getPendingSubscription();
    const pack = getPendingCreditPack();
    if (tier === null && pack === null) return;
    clearPendingChoice();
    if (isPlanTier(tier)) {
      if (currentTier) {
        toast.info('You already have a plan', {
          description: currentTier === tier ? 'You are already subscribed to this plan.' : 'Choose "Switch plan" to change it.',
        });
        return;
      }
      void subscribe(tier);
    } else if (isPackId(pack)) {
      setTab('credits');
      void buyPack(pack);
    }
  }, [user, userLoading, currentTier, subscribe, buyPack]);

  const switchTarget = catalogue?.plans.find((plan) => plan.tier === checkout.switchTarget) ?? null;
  const currentPlan = catalogue?.plans.find((plan) => plan.tier === checkout.currentTier) ?? null;

  return (
    <div className={styles.page}>
      <PageHeading
        title="Pricing"
        subtitle="A monthly plan for regular editing, or pay-as-you-go credit packs. Every edit costs one credit."
        className={styles.heading}
      />

      {/* 001 §2: the tabs in the spec's order, Buy Credits then Monthly Subscriptions; Monthly is the default. */}
      <Tabs<PricingTab>
        label="Pricing options"
        value={tab}
        onChange={setTab}
        items={[
          {
            value: 'credits',
            label: 'Buy Credits',
            panel: <PacksPanel query={catalogueQuery} checkout={checkout} />,
          },
          {
            value: 'subscriptions',
            label: 'Monthly Subscriptions',
            panel: <PlansPanel query={catalogueQuery} checkout={checkout} />,
          },
        ]}
      />

      <section className={styles.faq} aria-labelledby="pricing-faq-title">
        <h2 id="pricing-faq-title" className={styles.sectionTitle}>
          Frequently asked questions
        </h2>
        <PricingFaq />
      </section>

      <Card as="aside" className={styles.disclaimer} aria-labelledby="ai-disclaimer-title">
        <SparklesIcon width={22} height={22} className={styles.disclaimerIcon} />
        <div>
          <h2 id="ai-disclaimer-title" className={styles.disclaimerTitle}>
            About AI results
          </h2>
          <p>
            Edits are made by an AI model, and results vary: an edit may not always match what you asked for. Review
            every image before you share it.
          </p>
        </div>
      </Card>

      <SwitchPlanDialog
        target={switchTarget}
        current={currentPlan}
        currency={catalogue?.currency ?? 'usd'}
        onConfirm={checkout.confirmSwitch}
        onCancel={checkout.cancelSwitch}
      />
    </div>
  );
}
