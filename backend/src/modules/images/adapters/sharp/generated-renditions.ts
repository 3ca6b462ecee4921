import type { GeneratedRenditions, RawPixels } from '../../images.api';
import { makeWebpRenditionsFromPixels } from './webp-renditions';

/**
 * D31 from pixels the caller already decoded (a generation's output while its file is encoded, or
 * the upload check's decode of the original), scaled to `largestRenditionWidth(sourceWidth)` (the
 * file's pixels, orientation applied, as the file is stored: `sourceWidth` wide) with everything
 * the stored file carries (a watermark, D2) drawn: the file's renditions, for
 * `GeneratedImage.renditions` or `NewProcessingImage.originalRenditions`.
 */
export async function makeGeneratedRenditions(pixels: RawPixels, sourceWidth: number): Promise<GeneratedRenditions> {
  return { made: await makeWebpRenditionsFromPixels(pixels, sourceWidth) };
}
