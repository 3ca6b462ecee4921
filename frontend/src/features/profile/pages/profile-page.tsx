import { ComingSoon } from '../../../shared/ui/coming-soon';
import { PageHeading } from '../../../shared/ui/page-heading';

/** /profile (001 §2); account, billing and password cards arrive with the profile issue. */
export function ProfilePage() {
  return (
    <>
      <PageHeading title="My Profile" />
      <ComingSoon>
        <p>Your account details will live here soon.</p>
      </ComingSoon>
    </>
  );
}
