import { fromSigned64, hammingDistance, perceptualHashOfGrey, SIZE, toSigned64 } from './perceptual-hash';

describe('the 64-bit perceptual hash (D43)', () => {
  const grid = (f: (x: number, y: number) => number) => Uint8Array.from({ length: SIZE * SIZE }, (_, i) => f(i % SIZE, Math.floor(i / SIZE)));

  it('counts differing bits', () => {
    expect(hammingDistance(0n, 0n)).toBe(0);
    expect(hammingDistance(0b1011n, 0n)).toBe(3);
    expect(hammingDistance(-1n, 0n)).toBe(64);
    expect(hammingDistance(toSigned64(0xffff_ffff_ffff_ffffn), 0xffff_ffff_ffff_ffffn)).toBe(0);
  });

  it('goes to PostgreSQL’s signed bigint and back', () => {
    for (const h of [0n, 1n, 0x8000_0000_0000_0000n, 0xffff_ffff_ffff_ffffn, 0x0123_4567_89ab_cdefn]) {
      expect(fromSigned64(toSigned64(h).toString())).toBe(h);
      expect(toSigned64(h) >= -(2n ** 63n) && toSigned64(h) < 2n ** 63n).toBe(true);
    }
  });

  it('stays put when the picture is brightened (only the mean changes), and differs for another picture (real photos: test/reports)', () => {
    const picture = grid((x, y) => Math.round(128 + 60 * Math.sin(x / 5) + 40 * Math.cos(y / 7)));
    const brighter = picture.map((v) => Math.min(255, v + 10));
    const other = grid((x, y) => Math.round(128 + 60 * Math.cos(x / 3) - 40 * Math.sin((x + y) / 4)));
    const h = perceptualHashOfGrey(picture);
    expect(hammingDistance(h, perceptualHashOfGrey(brighter))).toBeLessThanOrEqual(2);
    expect(hammingDistance(h, perceptualHashOfGrey(other))).toBeGreaterThan(16);
  });

  it('refuses a grid of the wrong size', () => {
    expect(() => perceptualHashOfGrey(new Uint8Array(10))).toThrow(RangeError);
  });
});
