import { ComingSoon } from '../../../shared/ui/coming-soon';
import { PageHeading } from '../../../shared/ui/page-heading';

export function PrivacyPage() {
  return (
    <>
      <PageHeading title="Privacy Policy" />
      <ComingSoon>
        <p>The full privacy policy will be published here shortly.</p>
      </ComingSoon>
    </>
  );
}
