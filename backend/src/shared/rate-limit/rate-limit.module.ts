import { Module } from '@nestjs/common';
import { PruneRateLimitsJob } from './prune-rate-limits.job';
import { RateLimiter } from './rate-limiter';

/**
 * The shared rate limiter on `rate_limit_attempt` (its only writer): import this module and
 * inject RateLimiter. Nest makes one instance of it, and of the pruning job, however many
 * modules import it.
 */
@Module({
  providers: [RateLimiter, PruneRateLimitsJob],
  exports: [RateLimiter],
})
export class RateLimitModule {}
