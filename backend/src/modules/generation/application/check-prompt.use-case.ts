import { Injectable } from '@nestjs/common';
import { checkPromptText } from '../domain/generation-request';
import { checkPromptOnServer, type PromptFilterResult } from '../domain/shared-with-client/prompt-filter';
import { ContentFilterRateLimiter } from './content-filter-rate-limiter';

export interface CheckPromptCommand {
  prompt: string;
  /** Who the rate limit counts against: the client's IP address. */
  clientKey: string;
}

/**
 * POST /api/content-filter (000 §5 step 3, D13; issue 9): the server's prompt filter, limited to
 * CONTENT_FILTER_PER_MINUTE calls per client and to prompts generation would accept (at most
 * MAX_PROMPT_LENGTH characters, no control characters), so it cannot be used to make the server
 * run the filter over megabytes of text.
 */
@Injectable()
export class CheckPromptUseCase {
  constructor(private readonly limiter: ContentFilterRateLimiter) {}

  execute(command: CheckPromptCommand): PromptFilterResult {
    this.limiter.take(command.clientKey);
    checkPromptText(command.prompt);
    return checkPromptOnServer(command.prompt);
  }
}
