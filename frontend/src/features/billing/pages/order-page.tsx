import { ButtonLink } from '../../../shared/ui/button';
import { ComingSoon } from '../../../shared/ui/coming-soon';
import { ArrowLeftIcon } from '../../../shared/ui/icons';
import { PageHeading } from '../../../shared/ui/page-heading';
import styles from './order-page.module.css';

/** /order: the checkout confirmation (001 §2); arrives with the billing issue. */
export function OrderPage() {
  return (
    <div className={styles.page}>
      <PageHeading title="Order Summary" />
      <ComingSoon>
        <p>Checkout opens soon.</p>
      </ComingSoon>
      <ButtonLink to="/pricing" variant="ghost" className={styles.back}>
        <ArrowLeftIcon />
        Back to Pricing
      </ButtonLink>
    </div>
  );
}
