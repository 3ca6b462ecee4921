import { costMicros, describePrice, parseModelPrices, PUBLISHED_PRICES } from './model-catalogue';

describe('model prices (D41)', () => {
  it('flat prices per image; FLUX.2 [pro] by megapixels of input and output, rounded up, at most 4 each', () => {
    expect(costMicros(PUBLISHED_PRICES['black-forest-labs/flux-kontext-max'], 12_000_000, 12_000_000)).toBe(80_000);
    expect(costMicros(PUBLISHED_PRICES['google/nano-banana'], 1, 1)).toBe(39_000);
    const flux2 = PUBLISHED_PRICES['black-forest-labs/flux-2-pro'];
    expect(costMicros(flux2, 1_000_000, 1_000_000)).toBe(45_000); // the published "$0.045 per 1 MP edit"
    expect(costMicros(flux2, 1_500_000, 1_500_000)).toBe(30_000 + 3 * 15_000);
    expect(costMicros(flux2, 40_000_000, 4_000_000)).toBe(30_000 + 7 * 15_000);
    expect(costMicros(PUBLISHED_PRICES['local-engine'], 1, 1)).toBe(0);
  });

  it('describes a price the way the admin reads it', () => {
    expect(describePrice(PUBLISHED_PRICES['black-forest-labs/flux-kontext-max'])).toBe('$0.08 per image');
    expect(describePrice(PUBLISHED_PRICES['google/nano-banana'])).toBe('$0.039 per image');
    expect(describePrice(PUBLISHED_PRICES['black-forest-labs/flux-2-pro'])).toBe('$0.03 per image + $0.015 per further MP');
    expect(describePrice(PUBLISHED_PRICES['local-engine'])).toBe('free');
  });

  it('MODEL_PRICES: model=USD or model=USD+USD/mp; anything else is refused with a reason', () => {
    expect(parseModelPrices('google/nano-banana=0.05, black-forest-labs/flux-2-pro=0.02+0.01/mp')).toEqual({
      'google/nano-banana': { perImageMicros: 50_000, perMegapixelMicros: 0 },
      'black-forest-labs/flux-2-pro': { perImageMicros: 20_000, perMegapixelMicros: 10_000 },
    });
    expect(parseModelPrices('')).toEqual({});
    expect(() => parseModelPrices('google/nano-banana')).toThrow(/not model=USD/);
    expect(() => parseModelPrices('openai/gpt-image-1=0.04')).toThrow(/not a supported model/);
    expect(() => parseModelPrices('google/nano-banana=-1')).toThrow(/not model=USD/);
  });
});
