import type { GeneratedRenditions } from '../../images.api';
import { largestRenditionWidth, makeWebpRenditionsFromPixels, type RawPixels } from './webp-renditions';

/**
 * D31 from pixels the caller already decoded (a generation's output while its file is encoded, or
 * the upload check's decode of the original): the width (null: none to make) the caller scales the
 * file's pixels to (orientation applied, as the file is stored: `sourceWidth` wide) before handing
 * them to makeGeneratedRenditions, with everything the stored file carries (a watermark, D2) drawn.
 */
export function generatedRenditionWidth(sourceWidth: number): number | null {
  return largestRenditionWidth(sourceWidth);
}

/** A file's renditions from those pixels, for `GeneratedImage.renditions` or `NewProcessingImage.originalRenditions`. */
export async function makeGeneratedRenditions(pixels: RawPixels, sourceWidth: number): Promise<GeneratedRenditions> {
  return { made: await makeWebpRenditionsFromPixels(pixels, sourceWidth) };
}
