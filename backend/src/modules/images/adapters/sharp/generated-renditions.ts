import type { GeneratedRenditions } from '../../images.api';
import { largestRenditionWidth, makeWebpRenditionsFromPixels, type RawPixels } from './webp-renditions';

/**
 * D31 for a generation's output: the width (null: none to make) the caller scales the output's
 * pixels to (orientation applied, as the file is stored: `sourceWidth` wide) before handing them
 * to makeGeneratedRenditions, with everything the stored file carries (a watermark, D2) drawn.
 */
export function generatedRenditionWidth(sourceWidth: number): number | null {
  return largestRenditionWidth(sourceWidth);
}

/** The generated file's renditions from those pixels, for `GeneratedImage.renditions`. */
export async function makeGeneratedRenditions(pixels: RawPixels, sourceWidth: number): Promise<GeneratedRenditions> {
  return { made: await makeWebpRenditionsFromPixels(pixels, sourceWidth) };
}
