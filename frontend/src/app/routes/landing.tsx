import { LiveCommunityCard } from '../../features/community/components/live-community-card';
import { LandingPage } from '../../features/marketing/pages/landing-page';

/**
 * / and /sales (000 §2): the marketing feature's landing page with the community feature's live
 * edit card. Features never import each other (ARCHITECTURE rule 9); a page that needs several
 * of them is put together here.
 */
export function LandingRoute() {
  return <LandingPage liveCommunityCard={<LiveCommunityCard />} />;
}
