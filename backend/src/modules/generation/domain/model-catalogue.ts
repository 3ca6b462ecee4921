/**
 * D41: the image models the chain can hold, each with its vendor and its published price
 * (ADR 0030 has the sources). Prices are micro-dollars (1 USD = 1,000,000) so sums stay exact.
 */
export const KONTEXT_MAX = 'black-forest-labs/flux-kontext-max';
export const KONTEXT_PRO = 'black-forest-labs/flux-kontext-pro';
export const FLUX_2_PRO = 'black-forest-labs/flux-2-pro';
export const NANO_BANANA = 'google/nano-banana';
/** D10: the sharp engine on this machine; may stand last in the chain as a degraded mode. */
export const LOCAL_ENGINE_MODEL = 'local-engine';

export const SUPPORTED_MODELS = [KONTEXT_MAX, KONTEXT_PRO, FLUX_2_PRO, NANO_BANANA, LOCAL_ENGINE_MODEL] as const;
export type SupportedModel = (typeof SUPPORTED_MODELS)[number];

export function isSupportedModel(model: string): model is SupportedModel {
  return (SUPPORTED_MODELS as readonly string[]).includes(model);
}

/** D41 default: the spec's Kontext Max → Kontext Pro (000 §6-§7). */
export const DEFAULT_MODEL_CHAIN: readonly SupportedModel[] = [KONTEXT_MAX, KONTEXT_PRO];

export interface ModelPrice {
  /** Per image (for FLUX.2: the first megapixel of output). */
  perImageMicros: number;
  /** Per further megapixel of input and output, each rounded up (0: a flat price). */
  perMegapixelMicros: number;
}

/**
 * Published prices on Replicate and the vendors' own pages, November 2026 (ADR 0030):
 * Kontext Max $0.08 and Kontext Pro $0.04 per image; FLUX.2 [pro] $0.03 for the first output
 * megapixel plus $0.015 per further megapixel of input and output ($0.045 for a 1 MP edit);
 * nano-banana $0.039 per image; the local engine costs nothing per call.
 */
export const PUBLISHED_PRICES: Readonly<Record<SupportedModel, ModelPrice>> = {
  [KONTEXT_MAX]: { perImageMicros: 80_000, perMegapixelMicros: 0 },
  [KONTEXT_PRO]: { perImageMicros: 40_000, perMegapixelMicros: 0 },
  [FLUX_2_PRO]: { perImageMicros: 30_000, perMegapixelMicros: 15_000 },
  [NANO_BANANA]: { perImageMicros: 39_000, perMegapixelMicros: 0 },
  [LOCAL_ENGINE_MODEL]: { perImageMicros: 0, perMegapixelMicros: 0 },
};

export const MODEL_LABELS: Readonly<Record<SupportedModel, { label: string; vendor: string }>> = {
  [KONTEXT_MAX]: { label: 'FLUX.1 Kontext [max]', vendor: 'Black Forest Labs' },
  [KONTEXT_PRO]: { label: 'FLUX.1 Kontext [pro]', vendor: 'Black Forest Labs' },
  [FLUX_2_PRO]: { label: 'FLUX.2 [pro]', vendor: 'Black Forest Labs' },
  [NANO_BANANA]: { label: 'Nano Banana', vendor: 'Google' },
  [LOCAL_ENGINE_MODEL]: { label: 'Local engine (degraded mode)', vendor: 'This server' },
};

/** The models price large images by megapixel only up to what they make (FLUX.2: at most 4 MP). */
const BILLED_MEGAPIXELS_CAP = 4;

function billedMegapixels(pixels: number): number {
  return Math.min(BILLED_MEGAPIXELS_CAP, Math.max(1, Math.ceil(pixels / 1_000_000)));
}

/** What one successful call cost: the flat price, plus the further megapixels where priced so. */
export function costMicros(price: ModelPrice, inputPixels: number, outputPixels: number): number {
  if (price.perMegapixelMicros === 0) return price.perImageMicros;
  const further = billedMegapixels(inputPixels) + billedMegapixels(outputPixels) - 1;
  return price.perImageMicros + price.perMegapixelMicros * further;
}

/** "$0.08 per image", "$0.03 per image + $0.015 per further MP". */
export function describePrice(price: ModelPrice): string {
  const usd = (micros: number) => `$${(micros / 1_000_000).toFixed(micros % 10_000 === 0 ? 2 : 3)}`;
  if (price.perImageMicros === 0 && price.perMegapixelMicros === 0) return 'free';
  const flat = `${usd(price.perImageMicros)} per image`;
  return price.perMegapixelMicros === 0 ? flat : `${flat} + ${usd(price.perMegapixelMicros)} per further MP`;
}

/**
 * MODEL_PRICES: `model=USD` or `model=USD+USD/mp`, comma separated, e.g.
 * `google/nano-banana=0.039,black-forest-labs/flux-2-pro=0.03+0.015/mp`. Throws on anything else.
 */
export function parseModelPrices(text: string): Partial<Record<SupportedModel, ModelPrice>> {
  const prices: Partial<Record<SupportedModel, ModelPrice>> = {};
  for (const part of text.split(',').map((p) => p.trim()).filter(Boolean)) {
    const m = /^([^=\s]+)\s*=\s*(\d+(?:\.\d+)?)(?:\s*\+\s*(\d+(?:\.\d+)?)\s*\/\s*mp)?$/i.exec(part);
    if (!m) throw new Error(`"${part}" is not model=USD or model=USD+USD/mp`);
    if (!isSupportedModel(m[1])) throw new Error(`"${m[1]}" is not a supported model (${SUPPORTED_MODELS.join(', ')})`);
    const micros = (usd: string) => Math.round(Number(usd) * 1_000_000);
    prices[m[1]] = { perImageMicros: micros(m[2]), perMegapixelMicros: m[3] ? micros(m[3]) : 0 };
  }
  return prices;
}
