import { RecentCommunityEdits } from '../../features/community/components/recent-community-edits';
import { DashboardPage } from '../../features/editor/pages/dashboard-page';

/**
 * /dashboard (000 §2 "Editor page"): the editor feature's Magic Editor with the community
 * feature's Recent Community Edits, put together here because features never import each other.
 */
export function DashboardRoute() {
  return <DashboardPage communityEdits={<RecentCommunityEdits />} />;
}
