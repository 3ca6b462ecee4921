import type { PlanTier } from './entitlement';

/**
 * D8: the one catalogue of plans and credit packs. The server charges from it and the pricing page
 * reads it through `GET /api/billing/catalogue`; no price is written anywhere else.
 * 001 §1 for what each plan includes, §9 for the prices and credits.
 */
export type PackId = 'pack1' | 'pack7' | 'pack15' | 'pack45';
export const PACK_IDS: readonly PackId[] = ['pack1', 'pack7', 'pack15', 'pack45'];

export interface Plan {
  tier: PlanTier;
  name: string;
  /** cents, per month */
  priceCents: number;
  /** credits granted with each paid invoice (D28) */
  monthlyCredits: number;
  interval: 'month';
  /** the card's accent colour (001 §3 "colour") */
  colour: string;
  features: string[];
  popular: boolean;
}

export interface Pack {
  id: PackId;
  name: string;
  /** cents */
  priceCents: number;
  credits: number;
}

export const CURRENCY = 'usd';

const SUBSCRIBER_FEATURES = [
  'Premium styles',
  'Image history in My Edits',
  'Credits roll over 1 month',
  'Community access',
  'Watermark-free downloads',
];

export const PLANS: readonly Plan[] = [
  {
    tier: 'starter',
    name: 'Starter',
    priceCents: 1900,
    monthlyCredits: 45,
    interval: 'month',
    colour: '#3b82f6',
    features: ['45 image generations a month', ...SUBSCRIBER_FEATURES],
    popular: false,
  },
  {
    tier: 'creator',
    name: 'Creator',
    priceCents: 2900,
    monthlyCredits: 70,
    interval: 'month',
    colour: '#8b5cf6',
    features: ['70 image generations a month', ...SUBSCRIBER_FEATURES, 'In-app editor (coming soon)'],
    popular: true,
  },
  {
    tier: 'pro',
    name: 'Pro',
    priceCents: 4900,
    monthlyCredits: 140,
    interval: 'month',
    colour: '#db2777',
    features: [
      '140 image generations a month',
      ...SUBSCRIBER_FEATURES,
      'In-app editor (coming soon)',
      'Prompt tuning tool (coming soon)',
      'Early access to new features',
    ],
    popular: false,
  },
];

export const PACKS: readonly Pack[] = [
  { id: 'pack1', name: '1 credit', priceCents: 100, credits: 1 },
  { id: 'pack7', name: '7 credits', priceCents: 500, credits: 7 },
  { id: 'pack15', name: '15 credits', priceCents: 1000, credits: 15 },
  { id: 'pack45', name: '45 credits', priceCents: 2500, credits: 45 },
];

export function isPackId(value: unknown): value is PackId {
  return typeof value === 'string' && (PACK_IDS as readonly string[]).includes(value);
}

export function planOf(tier: PlanTier): Plan {
  const plan = PLANS.find((p) => p.tier === tier);
  if (!plan) throw new RangeError(`no plan ${tier}`);
  return plan;
}

export function packOf(id: PackId): Pack {
  const pack = PACKS.find((p) => p.id === id);
  if (!pack) throw new RangeError(`no pack ${id}`);
  return pack;
}

/** The plan whose monthly price is `cents`, if any (an invoice line names its price by amount). */
export function planByPrice(cents: number): Plan | null {
  return PLANS.find((p) => p.priceCents === cents) ?? null;
}

/** What one checkout sells: a pack (one-time) or a plan (monthly). */
export type CatalogueItem = { kind: 'pack'; pack: PackId } | { kind: 'subscription'; tier: PlanTier };

export interface Offer {
  /** the plan's or pack's name ("Starter", "7 credits") */
  name: string;
  /** a pack's credits, or a plan's monthly credits */
  credits: number;
  /** the price of one purchase (a plan: one month), cents */
  amountCents: number;
}

/** D8: the name, credits and price of what an item sells, from the catalogue. */
export function offerOf(item: CatalogueItem): Offer {
  if (item.kind === 'pack') {
    const pack = packOf(item.pack);
    return { name: pack.name, credits: pack.credits, amountCents: pack.priceCents };
  }
  const plan = planOf(item.tier);
  return { name: plan.name, credits: plan.monthlyCredits, amountCents: plan.priceCents };
}
