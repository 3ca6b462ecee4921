import { ComingSoon } from '../../../shared/ui/coming-soon';
import { PageHeading } from '../../../shared/ui/page-heading';

export function TermsPage() {
  return (
    <>
      <PageHeading title="Terms of Service" />
      <ComingSoon>
        <p>The full terms of service will be published here shortly.</p>
      </ComingSoon>
    </>
  );
}
