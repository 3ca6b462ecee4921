import sharp from 'sharp';

export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** A PNG mask of `width`×`height`: black, with a white rectangle (the area to change). */
export function rectMask(width: number, height: number, rect: Rect): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#000000' } })
    .composite([{ input: { create: { width: rect.width, height: rect.height, channels: 3, background: '#ffffff' } }, left: rect.left, top: rect.top }])
    .png()
    .toBuffer();
}

/**
 * The largest channel difference between two pictures of the same size outside `rect` grown by
 * `margin` pixels (D40's feather), and inside `rect` shrunk by the same margin.
 */
export async function maxDifferenceOutside(before: Buffer, after: Buffer, rect: Rect, margin: number): Promise<{ outside: number; inside: number }> {
  const [a, b] = await Promise.all([before, after].map((x) => sharp(x).removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true })));
  if (a.info.width !== b.info.width || a.info.height !== b.info.height) throw new Error(`sizes differ: ${a.info.width}x${a.info.height} vs ${b.info.width}x${b.info.height}`);
  const { width, height, channels } = a.info;
  let outside = 0;
  let inside = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const grown = x >= rect.left - margin && x < rect.left + rect.width + margin && y >= rect.top - margin && y < rect.top + rect.height + margin;
      const shrunk = x >= rect.left + margin && x < rect.left + rect.width - margin && y >= rect.top + margin && y < rect.top + rect.height - margin;
      if (grown && !shrunk) continue;
      const i = (y * width + x) * channels;
      let d = 0;
      for (let c = 0; c < channels; c++) d = Math.max(d, Math.abs(a.data[i + c] - b.data[i + c]));
      if (grown) inside = Math.max(inside, d);
      else outside = Math.max(outside, d);
    }
  }
  return { outside, inside };
}
