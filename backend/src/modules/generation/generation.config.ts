import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { type EnvOf, httpUrl, positiveInt } from '../../config/env-types';
import {
  DEFAULT_MODEL_CHAIN,
  isSupportedModel,
  LOCAL_ENGINE_MODEL,
  type ModelPrice,
  parseModelPrices,
  PUBLISHED_PRICES,
  SUPPORTED_MODELS,
  type SupportedModel,
} from './domain/model-catalogue';

/** D41: MODEL_CHAIN, comma separated model ids, each once, in the order a generation tries them. */
const modelChain = z
  .string()
  .transform((v) => v.split(',').map((m) => m.trim()).filter(Boolean))
  .superRefine((models, ctx) => {
    if (models.length === 0) ctx.addIssue({ code: 'custom', message: 'expected at least one model id' });
    for (const m of models) {
      if (!isSupportedModel(m)) ctx.addIssue({ code: 'custom', message: `"${m}" is not a supported model (${SUPPORTED_MODELS.join(', ')})` });
    }
    if (new Set(models).size !== models.length) ctx.addIssue({ code: 'custom', message: 'names a model twice' });
  })
  .transform((models) => models as SupportedModel[]);

/** D41: MODEL_PRICES overrides the published prices (model=USD or model=USD+USD/mp, comma separated). */
const modelPrices = z.string().transform((v, ctx) => {
  try {
    return parseModelPrices(v);
  } catch (error) {
    ctx.addIssue({ code: 'custom', message: (error as Error).message });
    return z.NEVER;
  }
});

/** Generation's environment (D10-D12 and issue 9's in-flight limits). */
export const generationEnv = {
  // D10/D11: Replicate when a token is set, else the local sharp engine.
  REPLICATE_API_TOKEN: z.string().min(1).optional(),
  REPLICATE_BASE_URL: httpUrl.default('https://api.replicate.com/v1'),
  // D41: the models a generation tries, in order (with a token; default Kontext Max → Kontext Pro).
  MODEL_CHAIN: modelChain.optional(),
  MODEL_PRICES: modelPrices.optional(),
  // A generation's whole time budget, all the models of the chain together (keep it well under
  // CREDIT_RESERVATION_STALE_MINUTES).
  MODEL_TIMEOUT_MS: positiveInt.default(120_000),
  // One model's call may take this long (within the budget) before it counts as a transient
  // failure and the next model of the chain is tried.
  MODEL_ATTEMPT_TIMEOUT_MS: positiveInt.default(60_000),
  FALLBACK_FAILURE_THRESHOLD: positiveInt.default(5),
  FALLBACK_DURATION_MINUTES: positiveInt.default(10),
  FALLBACK_RECOVERY_INTERVAL_MINUTES: positiveInt.default(10),
  // D12 upload limits.
  UPLOAD_MAX_BYTES: positiveInt.default(10 * 1024 * 1024),
  UPLOAD_MAX_MEGAPIXELS: positiveInt.default(40),
  // Generations in flight at once, per user (on all instances) and per instance.
  GENERATION_MAX_IN_FLIGHT_PER_USER: positiveInt.default(2),
  GENERATION_MAX_IN_FLIGHT_PER_INSTANCE: positiveInt.default(2),
  // Worker threads for the local engine's pixel work (ADR 0022); unset: one fewer than the cores, at least 1.
  LOCAL_ENGINE_THREADS: positiveInt.optional(),
  // Issue 29: the CPU-bound steps of generations (upload check, the local engine's edit, an
  // output's watermark, renditions, credentials) running at once in this instance; the rest wait
  // their turn. Bounds the memory of concurrent edits.
  GENERATION_IMAGE_WORK_CONCURRENCY: positiveInt.default(1),
  // POST /api/content-filter calls per client IP per minute (all instances together).
  CONTENT_FILTER_PER_MINUTE: positiveInt.default(60),
};

/** MODEL_CHAIN naming a Replicate model needs the token. */
export function checkGenerationEnv(env: EnvOf<typeof generationEnv>, ctx: z.RefinementCtx): void {
  if (!env.REPLICATE_API_TOKEN && env.MODEL_CHAIN?.some((m) => m !== LOCAL_ENGINE_MODEL)) {
    ctx.addIssue({ code: 'custom', path: ['MODEL_CHAIN'], message: 'names Replicate models: set REPLICATE_API_TOKEN too' });
  }
}

export function generationConfig(env: EnvOf<typeof generationEnv>) {
  const prices: Record<SupportedModel, ModelPrice> = { ...PUBLISHED_PRICES, ...env.MODEL_PRICES };
  return {
    generation: {
      /** D10: undefined → the local sharp engine. */
      replicate: env.REPLICATE_API_TOKEN ? { apiToken: env.REPLICATE_API_TOKEN, baseUrl: env.REPLICATE_BASE_URL } : undefined,
      /** D41: the configured chain; with zero configuration the local engine alone. */
      modelChain: env.MODEL_CHAIN ?? (env.REPLICATE_API_TOKEN ? [...DEFAULT_MODEL_CHAIN] : [LOCAL_ENGINE_MODEL]),
      /** D41: micro-dollars per call, the published prices unless MODEL_PRICES says otherwise. */
      modelPrices: prices,
      modelTimeoutMs: env.MODEL_TIMEOUT_MS,
      modelAttemptTimeoutMs: Math.min(env.MODEL_ATTEMPT_TIMEOUT_MS, env.MODEL_TIMEOUT_MS),
      /** D11 */
      fallback: {
        failureThreshold: env.FALLBACK_FAILURE_THRESHOLD,
        durationMinutes: env.FALLBACK_DURATION_MINUTES,
        recoveryIntervalMinutes: env.FALLBACK_RECOVERY_INTERVAL_MINUTES,
      },
      /** D12 */
      upload: { maxBytes: env.UPLOAD_MAX_BYTES, maxMegapixels: env.UPLOAD_MAX_MEGAPIXELS },
      /** ADR 0022: the local engine's worker pool. */
      localEngineThreads: env.LOCAL_ENGINE_THREADS ?? Math.max(1, availableParallelism() - 1),
      /** Issue 29: InstanceImageWork's turns. */
      imageWorkConcurrency: env.GENERATION_IMAGE_WORK_CONCURRENCY,
      maxInFlight: { perUser: env.GENERATION_MAX_IN_FLIGHT_PER_USER, perInstance: env.GENERATION_MAX_IN_FLIGHT_PER_INSTANCE },
      contentFilterPerMinute: env.CONTENT_FILTER_PER_MINUTE,
    },
  };
}
