import type { FallbackStatus } from './domain/fallback-state';

/** What one test generation against the active model answered (001 §7 fallback test). */
export interface ModelTestResult {
  model: string;
  success: boolean;
  error: string | null;
}

/**
 * GENERATION_API: generation's synchronous surface for other contexts (ARCHITECTURE rule 2). The
 * admin dashboard steers the image model through it (D11, 001 §2 System Reliability); completed
 * images are the images context's (IMAGES_API).
 */
export interface GenerationApi {
  /** The shared fallback state and which model the next generation uses. */
  fallbackStatus(): Promise<FallbackStatus>;
  /** true: force the fallback model; false: force the primary; null: automatic (D11). */
  overrideFallback(enabled: boolean | null): Promise<FallbackStatus>;
  /** No failures and the fallback off; the override stays as set. */
  resetFallback(): Promise<FallbackStatus>;
  /** One real generation against the active model. */
  testModel(): Promise<ModelTestResult>;
}

export const GENERATION_API = Symbol('GENERATION_API');
