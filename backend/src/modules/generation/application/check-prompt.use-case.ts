import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { allowPerWindow, type RateLimitPolicy } from '../../../shared/rate-limit/rate-limit-policy';
import { RateLimiter } from '../../../shared/rate-limit/rate-limiter';
import { ContentFilterRateLimitedError } from '../domain/generation-errors';
import { checkPromptText } from '../domain/generation-request';
import { checkPromptOnServer, type PromptFilterResult } from '../domain/shared-with-client/prompt-filter';

export interface CheckPromptCommand {
  prompt: string;
  /** Who the rate limit counts against: the client's IP address. */
  clientKey: string;
}

/**
 * POST /api/content-filter (000 §5 step 3, D13; issue 9): the server's prompt filter, limited to
 * CONTENT_FILTER_PER_MINUTE calls per client address per minute by the shared rate limiter (so
 * on all instances together), and to prompts generation would accept (at most MAX_PROMPT_LENGTH
 * characters, no control characters), so it cannot be used to make the server run the filter
 * over megabytes of text. The call is counted before the prompt is looked at: invalid bodies
 * count too.
 */
@Injectable()
export class CheckPromptUseCase {
  private readonly policy: RateLimitPolicy;

  constructor(
    private readonly rateLimiter: RateLimiter,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.policy = allowPerWindow(config.generation.contentFilterPerMinute, 1);
  }

  async execute(command: CheckPromptCommand): Promise<PromptFilterResult> {
    const decision = await this.rateLimiter.consume({ ip: command.clientKey, type: 'content_filter', identifier: '' }, this.policy);
    if (!decision.allowed) throw new ContentFilterRateLimitedError(decision.retryAfterMinutes ?? 1);
    checkPromptText(command.prompt);
    return checkPromptOnServer(command.prompt);
  }
}
