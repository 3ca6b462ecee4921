import sharp from 'sharp';

export interface ImageDiff {
  /** Mean absolute difference per channel value (0-255), pixel by pixel (both scaled to 160x120 when their sizes differ). */
  meanAbsDiff: number;
  /** Share of the pixels where some channel differs by more than 48. */
  changedShare: number;
  sameSize: boolean;
}

async function pixels(bytes: Buffer, scale: boolean): Promise<Buffer> {
  const s = sharp(bytes).flatten({ background: '#000000' }).toColourspace('srgb');
  return (scale ? s.resize(160, 120, { fit: 'fill' }) : s).removeAlpha().raw().toBuffer();
}

/** How different two pictures look (independent of their formats and sizes). */
export async function imageDiff(a: Buffer, b: Buffer): Promise<ImageDiff> {
  const [ma, mb] = await Promise.all([sharp(a).metadata(), sharp(b).metadata()]);
  const sameSize = ma.width === mb.width && ma.height === mb.height;
  const [ta, tb] = await Promise.all([pixels(a, !sameSize), pixels(b, !sameSize)]);
  let sum = 0;
  let changed = 0;
  // No global (Math) in the loop: jest runs test code in a vm context, where each global lookup
  // goes through the context's interceptor; with Math.abs/Math.max here this loop ran 100× slower
  // than in plain node (8 s of CPU for the seeds tests alone).
  for (let p = 0; p < ta.length; p += 3) {
    const d0 = ta[p] > tb[p] ? ta[p] - tb[p] : tb[p] - ta[p];
    const d1 = ta[p + 1] > tb[p + 1] ? ta[p + 1] - tb[p + 1] : tb[p + 1] - ta[p + 1];
    const d2 = ta[p + 2] > tb[p + 2] ? ta[p + 2] - tb[p + 2] : tb[p + 2] - ta[p + 2];
    sum += d0 + d1 + d2;
    if (d0 > 48 || d1 > 48 || d2 > 48) changed++;
  }
  return { meanAbsDiff: sum / ta.length, changedShare: changed / (ta.length / 3), sameSize };
}

/** A visible change: clearly above re-encoding noise (mean diff ~1) over the picture, or a strong change over part of it (a caption). */
export function isVisible(d: ImageDiff): boolean {
  return !d.sameSize || d.meanAbsDiff >= 4 || d.changedShare >= 0.015;
}
