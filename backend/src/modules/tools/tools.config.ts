import { z } from 'zod';
import { type EnvOf, httpUrl, milliseconds, positiveInt } from '../../config/env-types';

/** Tools' environment: YouTube to Article (D33). */
export const toolsEnv = {
  // D33: articles one signed-in user may generate per hour (all instances together).
  YOUTUBE_ARTICLES_PER_HOUR: positiveInt.default(10),
  // Where the captions are fetched from: unset is YouTube itself (https://www.youtube.com).
  // Development and tests point it at a fake YouTube server speaking the same wire format.
  YOUTUBE_BASE_URL: httpUrl.optional(),
  // How long fetching one video's captions (three requests) may take before it counts as refused.
  YOUTUBE_TIMEOUT_MS: positiveInt.default(20_000),
  // D33: the server's own OpenAI key, used when the browser sends none. Unset: a request without
  // a key is written by the local writer (no model).
  OPENAI_API_KEY: z.string().regex(/^[\x21-\x7e]+$/, 'expected an OpenAI API key (sk-…)').optional(),
  // The OpenAI API's base URL, path included. Default https://api.openai.com/v1; development and
  // tests point it at a fake server, production may point it at an OpenAI-compatible gateway.
  OPENAI_BASE_URL: httpUrl.optional(),
  OPENAI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  // One OpenAI call may take this long before OpenAI counts as not answering.
  OPENAI_TIMEOUT_MS: positiveInt.default(120_000),
  // A 429 rate limit (never insufficient_quota) is retried this many times, waiting
  // OPENAI_RETRY_BASE_MS, then twice that, and so on.
  OPENAI_RATE_LIMIT_RETRIES: z.coerce.number({ message: 'expected a whole number' }).int('expected a whole number').min(0).max(10).default(3),
  OPENAI_RETRY_BASE_MS: milliseconds.min(0).default(1000),
  // Transcripts longer than this many characters are summarised chunk by chunk first.
  OPENAI_CHUNK_CHARS: positiveInt.min(1000, 'expected 1000 or more').default(12_000),
};

export interface OpenaiSettings {
  /** OPENAI_API_KEY: the server's key, used when a request brings none; null → the local writer. */
  serverKey: string | null;
  /** null → the SDK's default, https://api.openai.com/v1 */
  baseUrl: string | null;
  model: string;
  timeoutMs: number;
  rateLimitRetries: number;
  retryBaseMs: number;
  chunkChars: number;
}

export function toolsConfig(env: EnvOf<typeof toolsEnv>) {
  const openai: OpenaiSettings = {
    serverKey: env.OPENAI_API_KEY ?? null,
    baseUrl: env.OPENAI_BASE_URL ?? null,
    model: env.OPENAI_MODEL,
    timeoutMs: env.OPENAI_TIMEOUT_MS,
    rateLimitRetries: env.OPENAI_RATE_LIMIT_RETRIES,
    retryBaseMs: env.OPENAI_RETRY_BASE_MS,
    chunkChars: env.OPENAI_CHUNK_CHARS,
  };
  return {
    tools: {
      /** D33 */
      articlesPerHour: env.YOUTUBE_ARTICLES_PER_HOUR,
      youtube: { baseUrl: env.YOUTUBE_BASE_URL ?? null, timeoutMs: env.YOUTUBE_TIMEOUT_MS },
      openai,
    },
  };
}
