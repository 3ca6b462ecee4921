import { ComingSoon } from '../../../shared/ui/coming-soon';
import { PageHeading } from '../../../shared/ui/page-heading';

/** /admin (001 §2 "Admin dashboard"), marked no-index; the tabs arrive with the admin issue. */
export function AdminPage() {
  return (
    <>
      {/* React 19 hoists this into <head> while the page is shown. */}
      <meta name="robots" content="noindex, nofollow" />
      <PageHeading title="Admin Dashboard - Internal Access Only" />
      <ComingSoon>
        <p>The admin tools are being built.</p>
      </ComingSoon>
    </>
  );
}
