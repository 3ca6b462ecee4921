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
  for (let p = 0; p < ta.length; p += 3) {
    const d0 = Math.abs(ta[p] - tb[p]);
    const d1 = Math.abs(ta[p + 1] - tb[p + 1]);
    const d2 = Math.abs(ta[p + 2] - tb[p + 2]);
    sum += d0 + d1 + d2;
    if (Math.max(d0, d1, d2) > 48) changed++;
  }
  return { meanAbsDiff: sum / ta.length, changedShare: changed / (ta.length / 3), sameSize };
}

/** A visible change: clearly above re-encoding noise (mean diff ~1) over the picture, or a strong change over part of it (a caption). */
export function isVisible(d: ImageDiff): boolean {
  return !d.sameSize || d.meanAbsDiff >= 4 || d.changedShare >= 0.015;
}
