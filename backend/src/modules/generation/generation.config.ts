import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { type EnvOf, httpUrl, positiveInt } from '../../config/env-types';

const modelName = z.string().regex(/^[\w.-]+\/[\w.-]+(:\w+)?$/, 'expected owner/name');

/** Generation's environment (D10-D12 and issue 9's in-flight limits). */
export const generationEnv = {
  // D10/D11: Replicate when a token is set, else the local sharp engine.
  REPLICATE_API_TOKEN: z.string().min(1).optional(),
  REPLICATE_PRIMARY_MODEL: modelName.default('black-forest-labs/flux-kontext-max'),
  REPLICATE_FALLBACK_MODEL: modelName.default('black-forest-labs/flux-kontext-pro'),
  REPLICATE_BASE_URL: httpUrl.default('https://api.replicate.com/v1'),
  // One model call may take this long before it counts as a transient failure (keep it well
  // under CREDIT_RESERVATION_STALE_MINUTES).
  MODEL_TIMEOUT_MS: positiveInt.default(120_000),
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
  // POST /api/content-filter calls per client IP per minute (all instances together).
  CONTENT_FILTER_PER_MINUTE: positiveInt.default(60),
};

export function generationConfig(env: EnvOf<typeof generationEnv>) {
  return {
    generation: {
      /** D10: undefined → the local sharp engine. */
      replicate: env.REPLICATE_API_TOKEN
        ? {
            apiToken: env.REPLICATE_API_TOKEN,
            primaryModel: env.REPLICATE_PRIMARY_MODEL,
            fallbackModel: env.REPLICATE_FALLBACK_MODEL,
            baseUrl: env.REPLICATE_BASE_URL,
          }
        : undefined,
      modelTimeoutMs: env.MODEL_TIMEOUT_MS,
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
      maxInFlight: { perUser: env.GENERATION_MAX_IN_FLIGHT_PER_USER, perInstance: env.GENERATION_MAX_IN_FLIGHT_PER_INSTANCE },
      contentFilterPerMinute: env.CONTENT_FILTER_PER_MINUTE,
    },
  };
}
