import { DomainError } from '../../../shared/errors/domain-error';
import { TRANSCRIPT_MAX_CHARS, TRANSCRIPT_TOO_LONG_MESSAGE, TRANSCRIPT_TOO_SHORT_MESSAGE } from './shared-with-client/transcript';
import { INVALID_YOUTUBE_URL_MESSAGE } from './shared-with-client/youtube-url';

/**
 * The errors of YouTube to Article (D33), with the texts of the issue 13 HTTP contract. None of
 * them carries a cause: a provider's error (the OpenAI SDK's messages name a masked key) is mapped
 * to one of these and never travels further, not even into a log.
 */

export { INVALID_YOUTUBE_URL_MESSAGE };

/** Not a link to one YouTube video (400). */
export class InvalidYoutubeUrlError extends DomainError {
  constructor() {
    super('invalid', 'TOOLS.INVALID_YOUTUBE_URL', INVALID_YOUTUBE_URL_MESSAGE);
  }
}

/** The video is private, removed or cannot be played (404). */
export class VideoUnavailableError extends DomainError {
  constructor() {
    super('not_found', 'TOOLS.VIDEO_UNAVAILABLE', 'This video is private or unavailable.');
  }
}

/** The video has no captions, or only empty ones: never an empty article (422). */
export class NoCaptionsError extends DomainError {
  constructor() {
    super('unprocessable', 'TOOLS.NO_CAPTIONS', 'This video has no captions to turn into an article.');
  }
}

/**
 * YouTube answered, but not with the captions: an error status (4xx, 5xx, "too many requests"),
 * a captcha, a consent page or its bot check (503).
 */
export class YoutubeRefusedError extends DomainError {
  constructor() {
    super('unavailable', 'TOOLS.YOUTUBE_REFUSED', "YouTube refused to share this video's captions right now. Please try again in a few minutes.");
  }
}

/**
 * Issue 24: YouTube could not be reached at all: the connection was refused, the name did not
 * resolve, or no answer came in time (YOUTUBE_TIMEOUT_MS). Not a refusal: YouTube said nothing (503).
 */
export class YoutubeUnreachableError extends DomainError {
  constructor() {
    super('unavailable', 'TOOLS.YOUTUBE_UNREACHABLE', "We could not reach YouTube to fetch this video's captions. Please try again in a few minutes.");
  }
}

const CAPTIONS_TOO_SHORT_MESSAGE = "This video's captions are too short to write an article from.";
const CAPTIONS_TOO_LONG_MESSAGE = `This video's captions are longer than ${TRANSCRIPT_MAX_CHARS.toLocaleString('en-US')} characters, too long for one article. Paste the part you want as a transcript instead.`;

/**
 * Issue 24: fewer characters than a transcript needs (TRANSCRIPT_MIN_CHARS): a pasted one once
 * times and sound cues are taken out (400), or a video's captions (422).
 */
export class TranscriptTooShortError extends DomainError {
  constructor(from: 'pasted' | 'captions') {
    super(
      from === 'pasted' ? 'invalid' : 'unprocessable',
      'TOOLS.TRANSCRIPT_TOO_SHORT',
      from === 'pasted' ? TRANSCRIPT_TOO_SHORT_MESSAGE : CAPTIONS_TOO_SHORT_MESSAGE,
    );
  }
}

/** Issue 24: more characters than a transcript may have (TRANSCRIPT_MAX_CHARS): a pasted one (400), a video's captions (422). */
export class TranscriptTooLongError extends DomainError {
  constructor(from: 'pasted' | 'captions') {
    super(
      from === 'pasted' ? 'invalid' : 'unprocessable',
      'TOOLS.TRANSCRIPT_TOO_LONG',
      from === 'pasted' ? TRANSCRIPT_TOO_LONG_MESSAGE : CAPTIONS_TOO_LONG_MESSAGE,
    );
  }
}

export const OPENAI_KEY_REFUSED_MESSAGE = 'Your OpenAI key was refused. Check the key and try again.';

/** OpenAI refused the user's key (401/403): never retried (400). */
export class OpenaiKeyRefusedError extends DomainError {
  constructor() {
    super('invalid', 'TOOLS.OPENAI_KEY_REFUSED', OPENAI_KEY_REFUSED_MESSAGE);
  }
}

/** The user's OpenAI account has no credit (429 insufficient_quota): never retried (402). */
export class OpenaiNoCreditError extends DomainError {
  constructor() {
    super('payment_required', 'TOOLS.OPENAI_NO_CREDIT', 'Your OpenAI account has no credit left.');
  }
}

/** OpenAI is down, unreachable, too slow, or still rate-limiting after the retries (503). */
export class OpenaiUnavailableError extends DomainError {
  constructor() {
    super('unavailable', 'TOOLS.OPENAI_UNAVAILABLE', 'OpenAI is not answering right now. Please try again in a few minutes.');
  }
}

/** D33: more than YOUTUBE_ARTICLES_PER_HOUR articles in an hour (429). */
export class TooManyArticlesError extends DomainError {
  constructor(perHour: number, retryAfterMinutes: number) {
    super(
      'rate_limited',
      'TOOLS.TOO_MANY_ARTICLES',
      `You can generate ${perHour} ${perHour === 1 ? 'article' : 'articles'} an hour. Please try again in ${retryAfterMinutes} ${retryAfterMinutes === 1 ? 'minute' : 'minutes'}.`,
      { details: { retryAfterMinutes } },
    );
  }
}
