import { type EnvOf, milliseconds } from '../../config/env-types';

/** Community's environment (ADR 0011). */
export const communityEnv = {
  // How long a cached feed/leaderboard answer may live. Writes invalidate it at once on every
  // instance; this is only the safety net should a notification be lost.
  COMMUNITY_CACHE_TTL_MS: milliseconds.min(0).default(5000),
};

export function communityConfig(env: EnvOf<typeof communityEnv>) {
  return { community: { cacheTtlMs: env.COMMUNITY_CACHE_TTL_MS } };
}
