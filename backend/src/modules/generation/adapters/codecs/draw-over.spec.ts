import { drawOver } from './output-image.service';

const rgba = (width: number, height: number, pixel: [number, number, number, number]) => ({
  data: Buffer.from(Array.from({ length: width * height }, () => pixel).flat()),
  width,
  height,
  channels: 4 as const,
});

describe('drawOver (the watermark drawn into a local edit’s pixels, ADR 0038)', () => {
  it('blends by the drawn picture’s alpha over RGB, only where it lies, clipped to the base', () => {
    const base = { data: Buffer.alloc(4 * 3 * 3, 100), width: 4, height: 3, channels: 3 as const };
    drawOver(base, rgba(3, 3, [200, 0, 255, 128]), 2, 1);
    const at = (x: number, y: number) => [...base.data.subarray((y * 4 + x) * 3, (y * 4 + x) * 3 + 3)];
    expect(at(0, 0)).toEqual([100, 100, 100]);
    expect(at(1, 1)).toEqual([100, 100, 100]);
    expect(at(2, 0)).toEqual([100, 100, 100]); // above it
    // 128/255 of the colour over 127/255 of the base
    expect(at(2, 1)).toEqual([150, 50, 178]);
    expect(at(3, 2)).toEqual([150, 50, 178]);
  });

  it('leaves transparent pixels alone and replaces under opaque ones', () => {
    const base = { data: Buffer.alloc(2 * 1 * 3, 10), width: 2, height: 1, channels: 3 as const };
    const over = { data: Buffer.from([255, 255, 255, 0, 1, 2, 3, 255]), width: 2, height: 1, channels: 4 as const };
    drawOver(base, over, 0, 0);
    expect([...base.data]).toEqual([10, 10, 10, 1, 2, 3]);
  });

  it('composes alpha over a transparent background (RGBA base)', () => {
    const base = rgba(1, 1, [0, 0, 0, 0]);
    drawOver(base, rgba(1, 1, [40, 80, 120, 102]), 0, 0);
    expect([...base.data]).toEqual([40, 80, 120, 102]);
    const half = rgba(1, 1, [0, 0, 0, 255]);
    drawOver(half, rgba(1, 1, [255, 255, 255, 51]), 0, 0);
    expect([...half.data]).toEqual([51, 51, 51, 255]);
  });

  it('refuses a picture without alpha', () => {
    const base = { data: Buffer.alloc(3), width: 1, height: 1, channels: 3 as const };
    expect(() => drawOver(base, { data: Buffer.alloc(3), width: 1, height: 1, channels: 3 }, 0, 0)).toThrow(/alpha/);
  });
});
