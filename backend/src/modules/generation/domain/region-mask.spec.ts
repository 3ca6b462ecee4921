import { featherSigma, maskShareProblem, MASK_MAX_FEATHER, sameAspect } from './region-mask';

describe('region mask rules (D40)', () => {
  it('refuses a painted share under 0.5% or over 99.5%, and accepts the bounds', () => {
    expect(maskShareProblem(0.0049)).toBe('too_small');
    expect(maskShareProblem(0.005)).toBeNull();
    expect(maskShareProblem(0.995)).toBeNull();
    expect(maskShareProblem(0.9951)).toBe('too_large');
  });

  it('feathers within 2% of the short side (kernel cut at about 1.8 sigma)', () => {
    for (const [w, h] of [[4000, 3000], [1024, 1024], [200, 800]]) {
      const sigma = featherSigma(w, h);
      expect(sigma).toBeGreaterThan(0);
      expect(sigma * 1.8).toBeLessThan(Math.min(w, h) * MASK_MAX_FEATHER);
    }
    expect(featherSigma(40, 40)).toBe(0);
  });

  it('takes a mask of the same aspect ratio (within 1%), at any scale', () => {
    expect(sameAspect({ width: 400, height: 300 }, { width: 4000, height: 3000 })).toBe(true);
    expect(sameAspect({ width: 401, height: 300 }, { width: 4000, height: 3000 })).toBe(true);
    expect(sameAspect({ width: 300, height: 300 }, { width: 4000, height: 3000 })).toBe(false);
  });
});
