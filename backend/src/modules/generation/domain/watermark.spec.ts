import { shouldWatermark, watermarkLayout, watermarkSvg, WATERMARK_TEXT } from './watermark';

describe('shouldWatermark (D2)', () => {
  it('marks exactly the output a watermarked credit paid for', () => {
    expect(shouldWatermark('watermarked')).toBe(true);
    expect(shouldWatermark('regular')).toBe(false);
  });
});

describe('watermarkLayout', () => {
  it.each([
    [640, 427],
    [4000, 3000],
    [3000, 4000],
    [120, 80],
    [10, 10],
  ])('puts a badge inside the bottom-right corner of a %ix%i image', (w, h) => {
    const box = watermarkLayout(w, h);
    expect(box.left).toBeGreaterThanOrEqual(0);
    expect(box.top).toBeGreaterThanOrEqual(0);
    expect(box.left + box.width).toBeLessThanOrEqual(w);
    expect(box.top + box.height).toBeLessThanOrEqual(h);
    // Bottom-right: the badge's far edges are close to the image's.
    expect(w - (box.left + box.width)).toBeLessThanOrEqual(Math.max(2, Math.ceil(Math.min(w, h) * 0.03)));
    expect(h - (box.top + box.height)).toBeLessThanOrEqual(Math.max(2, Math.ceil(Math.min(w, h) * 0.03)));
  });

  it('scales with the image width', () => {
    const small = watermarkLayout(800, 600);
    const large = watermarkLayout(4000, 3000);
    expect(large.width / small.width).toBeCloseTo(5, 0);
    expect(large.fontSize).toBeGreaterThan(small.fontSize * 4);
  });

  it('refuses a size that is not an image', () => {
    expect(() => watermarkLayout(0, 10)).toThrow(RangeError);
  });
});

describe('watermarkSvg', () => {
  it('draws the product name, semi-transparent, at the layout size', () => {
    const svg = watermarkSvg(watermarkLayout(1000, 800));
    expect(svg).toContain(`>${WATERMARK_TEXT}</text>`);
    expect(WATERMARK_TEXT).toBe('Magic Editor');
    expect(svg).toMatch(/fill-opacity="0\.\d+"/);
    expect(svg).toContain(`width="${watermarkLayout(1000, 800).width}"`);
  });
});
