import { RecentCommunityEdits } from '../../features/community/components/recent-community-edits';
import { DashboardPage } from '../../features/editor/pages/dashboard-page';
import { ResendEmailButton } from '../../features/identity/components/resend-email-button';

/**
 * /dashboard (000 §2 "Editor page"): the editor feature's Magic Editor with the community
 * feature's Recent Community Edits, and the identity feature's Resend Email for the editor's
 * offer to verify (issue 24), put together here because features never import each other.
 */
export function DashboardRoute() {
  return (
    <DashboardPage
      communityEdits={<RecentCommunityEdits />}
      resendEmailButton={(onSent) => <ResendEmailButton variant="primary" onSent={onSent} />}
    />
  );
}
