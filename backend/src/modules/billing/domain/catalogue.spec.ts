import { CURRENCY, isPackId, offerOf, PACK_IDS, PACKS, packOf, planByPrice, planOf, PLANS } from './catalogue';
import type { PlanTier } from './entitlement';

const SUBSCRIBER_FEATURES = [
  'Premium styles',
  'Image history in My Edits',
  'Credits roll over 1 month',
  'Community access',
  'Watermark-free downloads',
];

describe('the catalogue (D8)', () => {
  it('D8: sells three monthly plans, Starter $19 / 45 credits, Creator $29 / 70, Pro $49 / 140, cheapest first', () => {
    expect(PLANS.map(({ tier, name, priceCents, monthlyCredits, interval }) => ({ tier, name, priceCents, monthlyCredits, interval }))).toEqual([
      { tier: 'starter', name: 'Starter', priceCents: 1900, monthlyCredits: 45, interval: 'month' },
      { tier: 'creator', name: 'Creator', priceCents: 2900, monthlyCredits: 70, interval: 'month' },
      { tier: 'pro', name: 'Pro', priceCents: 4900, monthlyCredits: 140, interval: 'month' },
    ]);
  });

  it('D8: sells four packs, 1 credit $1, 7 credits $5, 15 credits $10, 45 credits $25, named by their credits', () => {
    expect(PACKS).toEqual([
      { id: 'pack1', name: '1 credit', priceCents: 100, credits: 1 },
      { id: 'pack7', name: '7 credits', priceCents: 500, credits: 7 },
      { id: 'pack15', name: '15 credits', priceCents: 1000, credits: 15 },
      { id: 'pack45', name: '45 credits', priceCents: 2500, credits: 45 },
    ]);
    expect(PACK_IDS).toEqual(PACKS.map((p) => p.id));
  });

  it('D8: charges in US dollars', () => {
    expect(CURRENCY).toBe('usd');
  });

  it('001 §1: each plan lists its monthly generations, what every subscriber gets, then what the plan adds', () => {
    expect(planOf('starter').features).toEqual(['45 image generations a month', ...SUBSCRIBER_FEATURES]);
    expect(planOf('creator').features).toEqual(['70 image generations a month', ...SUBSCRIBER_FEATURES, 'In-app editor (coming soon)']);
    expect(planOf('pro').features).toEqual([
      '140 image generations a month',
      ...SUBSCRIBER_FEATURES,
      'In-app editor (coming soon)',
      'Prompt tuning tool (coming soon)',
      'Early access to new features',
    ]);
  });

  it('the pricing page marks Creator, and only Creator, "Most popular"', () => {
    expect(PLANS.filter((p) => p.popular).map((p) => p.tier)).toEqual(['creator']);
  });

  it('001 §3: each plan card has an accent colour of its own, as a CSS hex colour', () => {
    const colours = PLANS.map((p) => p.colour);
    for (const colour of colours) expect(colour).toMatch(/^#[0-9a-f]{6}$/);
    expect(new Set(colours).size).toBe(PLANS.length);
  });

  it('knows a pack id from a request body, and nothing else', () => {
    expect(['pack1', 'pack7', 'pack15', 'pack45'].every(isPackId)).toBe(true);
    expect(isPackId('pack2')).toBe(false);
    expect(isPackId('')).toBe(false);
    expect(isPackId(7)).toBe(false);
    expect(isPackId(undefined)).toBe(false);
  });

  it('finds a plan by tier and a pack by id, and refuses one it does not sell, naming it', () => {
    expect(planOf('pro')).toMatchObject({ name: 'Pro', priceCents: 4900 });
    expect(packOf('pack15')).toMatchObject({ name: '15 credits', credits: 15 });
    expect(() => planOf('enterprise' as PlanTier)).toThrow(new RangeError('no plan enterprise'));
    expect(() => packOf('pack2' as never)).toThrow(new RangeError('no pack pack2'));
  });

  it('names the plan an invoice line charged for by its amount, and no plan for any other amount', () => {
    expect(planByPrice(2900)?.tier).toBe('creator');
    expect(planByPrice(1900)?.tier).toBe('starter');
    // A prorated upgrade charge (D28) is not a monthly price.
    expect(planByPrice(1000)).toBeNull();
  });

  it('D8: a checkout sells a pack for its price and credits, or a plan for one month and its monthly credits', () => {
    expect(offerOf({ kind: 'pack', pack: 'pack7' })).toEqual({ name: '7 credits', credits: 7, amountCents: 500 });
    expect(offerOf({ kind: 'subscription', tier: 'creator' })).toEqual({ name: 'Creator', credits: 70, amountCents: 2900 });
  });
});
