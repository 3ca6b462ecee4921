import { ButtonLink } from '../../../shared/ui/button';
import { PageHeading } from '../../../shared/ui/page-heading';
import styles from './not-found-page.module.css';

/** Any path no route matches (000 §2). */
export function NotFoundPage() {
  return (
    <div className={styles.page}>
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <PageHeading title="404 Page Not Found" subtitle="The page you are looking for does not exist or has moved." />
      <ButtonLink to="/" variant="primary">
        Go back home
      </ButtonLink>
    </div>
  );
}
