import { PageHeading } from '../../../shared/ui/page-heading';
import { PlannedFeatures } from '../components/planned-features';

const FEATURES = [
  'Layer editing',
  'Retouching',
  'Background removal',
  'Object replacement',
  'Batch processing',
] as const;

/** /tools/photoshop-ai and /tools/photo-editor: a coming-soon page (001 §2). */
export function PhotoshopAiPage() {
  return (
    <>
      <PageHeading title="Photoshop AI" subtitle="A full AI photo editor, right in your browser." />
      <PlannedFeatures features={FEATURES} />
    </>
  );
}
