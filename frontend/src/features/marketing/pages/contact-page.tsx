import { ComingSoon } from '../../../shared/ui/coming-soon';
import { PageHeading } from '../../../shared/ui/page-heading';

export function ContactPage() {
  return (
    <>
      <PageHeading title="Contact Us" subtitle="We reply within 24 hours." />
      <ComingSoon>
        <p>The contact form is on its way.</p>
      </ComingSoon>
    </>
  );
}
