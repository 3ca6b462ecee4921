import { PageHeading } from '../../../shared/ui/page-heading';
import { PlannedFeatures } from '../components/planned-features';

const FEATURES = [
  'Upload documents to train the AI',
  'Vector embeddings',
  'Retrieval-enhanced generation',
  'Competitor analysis',
  'Brand voice',
] as const;

/** /brains/youtube-script-gen: a coming-soon page (001 §2). */
export function YoutubeScriptGenPage() {
  return (
    <>
      <PageHeading title="YouTube Script Generator" subtitle="Scripts in your own voice, grounded in your own material." />
      <PlannedFeatures features={FEATURES} />
    </>
  );
}
