import { Link } from 'react-router-dom';
import { creditsLabel, useCredits } from '../../shared/api/credits.api';
import { SparklesIcon } from '../../shared/ui/icons';
import { Skeleton } from '../../shared/ui/skeleton';
import styles from './credits-pill.module.css';

/**
 * The signed-in user's balance in the top bar, from the shared credits query (polled every 2 s,
 * 000 §9); links to /pricing to buy more. Hidden when the balance cannot be read. Below 480 px
 * it shows only the number, so the top bar fits a 360 px phone (issue 15).
 */
export function CreditsPill() {
  const { data: credits, isLoading } = useCredits();
  if (isLoading) return <Skeleton width="5.5rem" height="2rem" className={styles.skeleton} />;
  if (!credits) return null;
  const label = creditsLabel(credits.balance);
  return (
    <Link to="/pricing" className={styles.pill} aria-label={`${label}. Buy more credits`} title="Buy more credits">
      <SparklesIcon width={16} height={16} />
      {/* On a phone the pill shows the number only; the word stays for screen readers. */}
      <span aria-live="polite">
        {credits.balance}
        <span className={styles.unit}> {credits.balance === 1 ? 'credit' : 'credits'}</span>
      </span>
    </Link>
  );
}
