import sharp, { type ResizeOptions } from 'sharp';

/** A phone camera's 12 megapixels. */
export const PHONE_WIDTH = 4000;
export const PHONE_HEIGHT = 3000;

/**
 * A sample photo as a 12-megapixel phone JPEG (quality 92): scaled to 4000x3000 as `resize` says,
 * with gaussian sensor grain of `sigma` blended in (soft light) so it does not compress
 * unrealistically well.
 */
export async function twelveMegapixelJpeg(source: string, options: { sigma: number; resize: Pick<ResizeOptions, 'fit' | 'position'> }): Promise<Buffer> {
  const grain = await sharp({
    create: { width: PHONE_WIDTH, height: PHONE_HEIGHT, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: options.sigma } },
  })
    .png({ compressionLevel: 0 })
    .toBuffer();
  return sharp(source)
    .resize(PHONE_WIDTH, PHONE_HEIGHT, options.resize)
    .composite([{ input: grain, blend: 'soft-light' }])
    .jpeg({ quality: 92 })
    .toBuffer();
}
