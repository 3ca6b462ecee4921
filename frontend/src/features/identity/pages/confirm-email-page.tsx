import { ComingSoon } from '../../../shared/ui/coming-soon';
import { PageHeading } from '../../../shared/ui/page-heading';

/** /confirm-email/:token (001 §2); verification itself arrives with the identity issue. */
export function ConfirmEmailPage() {
  return (
    <>
      <PageHeading title="Confirm your e-mail" />
      <ComingSoon>
        <p>E-mail confirmation links will work here very soon.</p>
      </ComingSoon>
    </>
  );
}
