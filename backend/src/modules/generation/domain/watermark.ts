/**
 * D2: the output is watermarked exactly when a watermarked credit paid for it. The mark is a
 * visible, semi-transparent "Magic Editor" badge in the bottom-right corner, scaled to the image.
 * This file decides whether and where; the pixels are drawn by application/output-image.service.ts.
 */
export type PaidWithCredit = 'regular' | 'watermarked';

export const WATERMARK_TEXT = 'Magic Editor';

export function shouldWatermark(paidWith: PaidWithCredit): boolean {
  return paidWith === 'watermarked';
}

export interface WatermarkLayout {
  /** Where the badge's top-left corner goes on the image. */
  left: number;
  top: number;
  width: number;
  height: number;
  fontSize: number;
}

/**
 * A badge about a quarter of the image's width (never narrower than 60 px where the image allows,
 * never wider than the image), with a margin of ~2.5% of the shorter side.
 */
export function watermarkLayout(imageWidth: number, imageHeight: number): WatermarkLayout {
  if (!(imageWidth > 0 && imageHeight > 0)) throw new RangeError('image size must be positive');
  const margin = Math.max(2, Math.round(Math.min(imageWidth, imageHeight) * 0.025));
  const maxWidth = Math.max(1, imageWidth - 2 * margin);
  const width = Math.max(1, Math.min(maxWidth, Math.max(60, Math.round(imageWidth * 0.26))));
  // "Magic Editor" in a sans-serif face is about 6.2 em wide; padding of 0.5 em each side.
  const fontSize = Math.max(4, Math.floor(width / 7.2));
  const height = Math.max(1, Math.min(imageHeight, Math.round(fontSize * 1.7)));
  return {
    left: Math.max(0, imageWidth - margin - width),
    top: Math.max(0, imageHeight - margin - height),
    width,
    height,
    fontSize,
  };
}

/** The badge as SVG: a translucent dark rounded box with translucent white text (readable on any photo). */
export function watermarkSvg(layout: WatermarkLayout): string {
  const { width, height, fontSize } = layout;
  const radius = Math.round(height / 4);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<rect x="0" y="0" width="${width}" height="${height}" rx="${radius}" ry="${radius}" fill="#000000" fill-opacity="0.35"/>` +
    `<text x="${width / 2}" y="${height / 2}" font-family="DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif" ` +
    `font-size="${fontSize}" font-weight="bold" fill="#ffffff" fill-opacity="0.8" text-anchor="middle" ` +
    `dominant-baseline="central">${WATERMARK_TEXT}</text>` +
    `</svg>`
  );
}
