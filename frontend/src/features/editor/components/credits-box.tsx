import { useCredits } from '../../../shared/api/credits.api';
import { useGetCurrentUserQuery } from '../../../shared/api/current-user.api';
import { Button, ButtonLink } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { SparklesIcon } from '../../../shared/ui/icons';
import { Skeleton } from '../../../shared/ui/skeleton';
import { VisuallyHidden } from '../../../shared/ui/visually-hidden';
import styles from './credits-box.module.css';

/** What the box tells a user with no credits whose e-mail is not verified yet (the banner's offer). */
export const VERIFY_FOR_CREDITS_NOTE =
  'Verify your email to get 2 free credits: open the link we sent you, or use Resend Email in the banner above.';

/** The line under the balance; an unverified user with no credits is pointed to verification. */
export function creditNote(balance: number, watermarked: number, emailVerified = true): string {
  if (balance === 0 && !emailVerified) return VERIFY_FOR_CREDITS_NOTE;
  if (balance === 0) return 'You have no credits left. Buy more to keep creating.';
  if (watermarked > 0) {
    return `Includes ${watermarked} free ${watermarked === 1 ? 'credit' : 'credits'}; images made with free credits are watermarked.`;
  }
  return 'Each image uses 1 credit.';
}

/**
 * 000 §2 "Available Credits" with "Buy More" (→ /pricing); an unverified user with no credits is
 * told to verify (the banner's 2 free credits), not to buy more. The balance comes from the shared
 * credits query (polled every 2 s, refetched at once after a generation through the tag).
 */
export function CreditsBox() {
  const { data: credits, isLoading, isError, refetch } = useCredits();
  const { data: user } = useGetCurrentUserQuery();
  // Until the user is known, take them as verified: the spec's text for 0 credits.
  const emailVerified = user?.emailVerified ?? true;

  let balance;
  if (isLoading) {
    balance = (
      <div aria-busy="true">
        <VisuallyHidden>Loading your credits...</VisuallyHidden>
        <Skeleton width="4rem" height="2.5rem" />
      </div>
    );
  } else if (credits) {
    balance = (
      <p className={styles.balance} aria-live="polite">
        <span className={styles.count}>{credits.balance}</span>
        <span className={styles.unit}>{credits.balance === 1 ? 'credit' : 'credits'}</span>
      </p>
    );
  } else if (isError) {
    balance = (
      <div className={styles.error}>
        <p>We could not load your credits.</p>
        <Button variant="ghost" size="sm" onClick={() => void refetch()}>
          Retry
        </Button>
      </div>
    );
  }

  return (
    <Card as="section" className={styles.box} aria-labelledby="available-credits-title">
      <h2 id="available-credits-title" className={styles.title}>
        <SparklesIcon width={18} height={18} />
        Available Credits
      </h2>
      <div className={styles.row}>
        {balance}
        <ButtonLink to="/pricing" variant="secondary" size="sm" className={styles.buy}>
          Buy More
        </ButtonLink>
      </div>
      {credits ? (
        <p className={styles.note}>{creditNote(credits.balance, credits.watermarked, emailVerified)}</p>
      ) : isLoading ? (
        // The note's room while the balance loads, so the editor below does not move (issue 24).
        <Skeleton height="2lh" className={styles.note} />
      ) : null}
    </Card>
  );
}
