import { copyInto } from './output-image.service';

describe('copyInto (the watermarked corner put back into a local edit’s pixels, ADR 0038)', () => {
  const picture = (width: number, height: number, channels: 3 | 4, fill: number) => ({ data: Buffer.alloc(width * height * channels, fill), width, height, channels });

  it('copies the patch row by row at (left, top) and touches nothing else', () => {
    const base = picture(4, 3, 3, 0);
    const patch = { data: Buffer.from([1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4]), width: 2, height: 2, channels: 3 as const };
    copyInto(base, patch, 2, 1);
    const at = (x: number, y: number) => base.data[(y * 4 + x) * 3];
    expect([at(0, 0), at(1, 1), at(2, 0), at(3, 0)]).toEqual([0, 0, 0, 0]);
    expect([at(2, 1), at(3, 1), at(2, 2), at(3, 2)]).toEqual([1, 2, 3, 4]);
    expect([...base.data.subarray((1 * 4 + 2) * 3, (1 * 4 + 2) * 3 + 6)]).toEqual([1, 1, 1, 2, 2, 2]);
  });

  it('refuses a patch that does not fit or has other channels', () => {
    expect(() => copyInto(picture(4, 3, 3, 0), picture(2, 2, 3, 1), 3, 0)).toThrow(/fit/);
    expect(() => copyInto(picture(4, 3, 3, 0), picture(2, 2, 3, 1), 0, 2)).toThrow(/fit/);
    expect(() => copyInto(picture(4, 3, 3, 0), picture(2, 2, 4, 1), 0, 0)).toThrow(/fit/);
  });
});
