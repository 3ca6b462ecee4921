import { ComingSoon } from '../../../shared/ui/coming-soon';
import { PageHeading } from '../../../shared/ui/page-heading';

/** /my-edits (001 §2); the saved-image gallery arrives with the My Edits issue. */
export function MyEditsPage() {
  return (
    <>
      <PageHeading title="My Edits" subtitle="Your saved images, kept for 60 days; favorites are kept longer." />
      <ComingSoon>
        <p>Your personal collection opens soon.</p>
      </ComingSoon>
    </>
  );
}
