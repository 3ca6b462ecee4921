import type { CSSProperties } from 'react';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { CheckCircleIcon } from '../../../shared/ui/icons';
import type { Pack, PackId, Plan, PlanTier } from '../api/billing.api';
import { formatPrice, perInterval, pricePerCredit } from '../lib/format';
import styles from './offer-cards.module.css';

export interface PlanCardProps {
  plan: Plan;
  currency: string;
  /** The signed-in subscriber's own plan, else null. */
  currentTier: PlanTier | null;
  /** The plan or pack whose checkout is being started, else null. */
  busy: string | null;
  onChoose: (tier: PlanTier) => void;
}

function planAction(plan: Plan, currentTier: PlanTier | null, busy: string | null): string {
  if (busy === plan.tier) return 'Redirecting...';
  if (currentTier === plan.tier) return 'Current plan';
  return currentTier ? 'Switch plan' : 'Subscribe';
}

/** A plan's features, each with a check mark (the plan cards and the order summary). */
export function PlanFeatures({ features, label }: { features: readonly string[]; label?: string }) {
  return (
    <ul className={styles.features} aria-label={label}>
      {features.map((feature) => (
        <li key={feature}>
          <CheckCircleIcon width={18} height={18} className={styles.check} />
          <span>{feature}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * One monthly plan (001 §2, §3): name, price per month, monthly credits, its colour, features, a
 * "Most popular" mark, and Subscribe / Current plan / Switch plan (D28). Prices come from the
 * catalogue (D8).
 */
export function PlanCard({ plan, currency, currentTier, busy, onChoose }: PlanCardProps) {
  const titleId = `plan-${plan.tier}-title`;
  const isCurrent = currentTier === plan.tier;
  const action = planAction(plan, currentTier, busy);
  return (
    <Card
      as="article"
      className={styles.plan}
      data-popular={plan.popular || undefined}
      style={{ '--accent': plan.colour } as CSSProperties}
      aria-labelledby={titleId}
    >
      {plan.popular ? <p className={styles.popular}>Most popular</p> : null}
      <h2 id={titleId} className={styles.name}>
        <span className={styles.dot} aria-hidden="true" />
        {plan.name}
      </h2>
      <p className={styles.price}>
        <span className={styles.amount}>{formatPrice(plan.priceCents, currency)}</span>
        <span className={styles.per}>{perInterval(plan.interval)}</span>
      </p>
      <p className={styles.credits}>{plan.monthlyCredits} credits a month</p>
      <PlanFeatures features={plan.features} />
      <Button
        variant={plan.popular && !isCurrent ? 'primary' : 'secondary'}
        block
        className={styles.action}
        disabled={isCurrent}
        aria-disabled={(busy !== null && !isCurrent) || undefined}
        aria-label={action === 'Subscribe' || action === 'Switch plan' ? `${action} to ${plan.name}` : undefined}
        onClick={() => onChoose(plan.tier)}
      >
        {action}
      </Button>
    </Card>
  );
}

export interface PackCardProps {
  pack: Pack;
  currency: string;
  busy: string | null;
  onChoose: (pack: PackId) => void;
}

/** One credit pack (001 §3, §9): credits, price, price per credit and a Buy button. */
export function PackCard({ pack, currency, busy, onChoose }: PackCardProps) {
  const titleId = `pack-${pack.id}-title`;
  return (
    <Card as="article" className={styles.pack} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.name}>
        {pack.name}
      </h2>
      <p className={styles.price}>
        <span className={styles.amount}>{formatPrice(pack.priceCents, currency)}</span>
      </p>
      <p className={styles.perCredit}>{pricePerCredit(pack.priceCents, pack.credits, currency)}</p>
      <p className={styles.note}>Never expire · watermark-free images</p>
      <Button
        variant="primary"
        block
        className={styles.action}
        aria-disabled={busy !== null || undefined}
        aria-label={busy === pack.id ? undefined : `Buy ${pack.name}`}
        onClick={() => onChoose(pack.id)}
      >
        {busy === pack.id ? 'Redirecting...' : 'Buy'}
      </Button>
    </Card>
  );
}
