import { LiveCommunityCard } from '../../features/community/components/live-community-card';
import { useGetEngineInfoQuery } from '../../features/editor/api/editor.api';
import { chipsFor } from '../../features/editor/lib/chips';
import { LandingPage } from '../../features/marketing/pages/landing-page';

/**
 * / and /sales (000 §2): the marketing feature's landing page with the community feature's live
 * edit card and the editor's word on which engine is active (issue 15: the hero adapts).
 * Features never import each other (ARCHITECTURE rule 9); a page that needs several of them is
 * put together here.
 */
export function LandingRoute() {
  // Issue 15: the hero promises what the active engine does (the editor's own answer, cached).
  const { data: engine } = useGetEngineInfoQuery();
  // The example prompts (some of the editor's chips) the active engine cannot do: marked and shown
  // last, by the editor's own rule for its chips.
  const needsAiModel = chipsFor(engine)
    .filter((chip) => chip.needsAiModel)
    .map((chip) => chip.prompt);
  return <LandingPage liveCommunityCard={<LiveCommunityCard />} engine={engine?.engine} needsAiModel={needsAiModel} />;
}
