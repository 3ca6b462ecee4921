import type { FallbackStatus, ModelStatus } from './domain/model-chain';

/** What one test generation against a model answered (001 §7 fallback test; D41 per model). */
export interface ModelTestResult {
  model: string;
  success: boolean;
  error: string | null;
  /** How long the model took to answer. */
  latencyMs: number;
}

/** A model's calls over a window (D41): how many, the share that did not fail, latency of those that made an image. */
export interface ModelReliability {
  attempts: number;
  /** Percent, one decimal; a refusal is the model answering. null: no calls. */
  successRate: number | null;
  p50Ms: number | null;
  p95Ms: number | null;
}

/** One model of the chain as the admin's System Reliability tab shows it (D41). */
export interface ChainModelView {
  model: string;
  label: string;
  vendor: string;
  /** 1 = tried first. */
  position: number;
  status: ModelStatus;
  failureCount: number;
  /** Inside its skip window until then (ms timestamp); null when not skipped. */
  skippedUntil: number | null;
  lastFailureTime: number | null;
  /** Dollars: per image (FLUX.2: the first megapixel of output) and per further megapixel. */
  price: { perImage: number; perMegapixel: number; description: string };
  last24Hours: ModelReliability;
  last7Days: ModelReliability;
}

export interface ModelChainView {
  engine: 'replicate' | 'local';
  /** The model the next generation tries first. */
  currentModel: string;
  adminOverride: boolean | null;
  failureThreshold: number;
  skipMinutes: number;
  recoveryIntervalMinutes: number;
  models: ChainModelView[];
}

/** Model spend of one UTC day and model (D41), micro-dollars. */
export interface ModelSpendRow {
  date: string;
  model: string;
  generations: number;
  spendMicros: number;
}

/**
 * GENERATION_API: generation's synchronous surface for other contexts (ARCHITECTURE rule 2). The
 * admin dashboard steers the image models through it (D11, D41, 001 §2 System Reliability) and
 * reads their spend (Sales Analytics); completed images are the images context's (IMAGES_API).
 */
export interface GenerationApi {
  /** 001's fallback status: the chain's first two models as primary and fallback. */
  fallbackStatus(): Promise<FallbackStatus>;
  /** true: pass over the primary; false: try the primary first whatever its state; null: automatic (D11). */
  overrideFallback(enabled: boolean | null): Promise<FallbackStatus>;
  /** No failures and no skip window for any model; the override stays as set. */
  resetFallback(): Promise<FallbackStatus>;
  /** One real generation against the model that serves now. */
  testModel(): Promise<ModelTestResult>;
  /** D41: the chain, each model's state, price and reliability. */
  modelChain(): Promise<ModelChainView>;
  /** D41: every configured model once, in the new order (400 otherwise). */
  reorderModels(order: readonly string[]): Promise<ModelChainView>;
  /** D41: 404 for a model not in the chain; 409 when it would leave none enabled. */
  setModelEnabled(model: string, enabled: boolean): Promise<ModelChainView>;
  /** D41: one real generation against one model of the chain. */
  testChainModel(model: string): Promise<ModelTestResult>;
  /** D41: spend and generations per UTC day and model over the last `days` days. */
  modelSpend(days: number): Promise<ModelSpendRow[]>;
}

export const GENERATION_API = Symbol('GENERATION_API');
