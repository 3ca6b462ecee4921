import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { allowPerWindow, ANY_ADDRESS, type RateLimitPolicy } from '../../../shared/rate-limit/rate-limit-policy';
import { RateLimiter } from '../../../shared/rate-limit/rate-limiter';
import { oneLine } from '../domain/article';
import { checkOpenaiKeyShape } from '../domain/openai-key';
import { checkTranscriptLines, pastedTranscriptLines, transcriptChars } from '../domain/pasted-transcript';
import { NoCaptionsError, OpenaiKeyRefusedError, OpenaiNoCreditError, OpenaiUnavailableError, TooManyArticlesError } from '../domain/tools-errors';
import { parseYoutubeVideoId } from '../domain/youtube-url';
import { ARTICLE_WRITERS, type ArticleWriter, type ArticleWriters } from './article-writer.port';
import { TRANSCRIPT_SOURCE, type Transcript, type TranscriptSource } from './transcript-source.port';

/** The language of a pasted transcript: not known (the writers treat it as they treat English, D33). */
const UNKNOWN_LANGUAGE = 'und';

export interface WriteYoutubeArticleCommand {
  userId: string;
  /** The video whose captions are fetched; or, issue 24, `transcript` instead (exactly one, checked by the DTO). */
  youtubeUrl?: string | null;
  /** Issue 24: the transcript the user pasted (its length checked by the DTO). */
  transcript?: string | null;
  customTitle?: string | null;
  /** The user's own OpenAI key for this one request (D33): never logged, stored or echoed. */
  openaiKey?: string | null;
  /** Aborted when the client hangs up: the remaining calls are abandoned. */
  signal?: AbortSignal;
}

export interface YoutubeArticle {
  article: string;
  title: string;
  writer: 'openai' | 'local';
}

/**
 * POST /api/youtube-to-article (D33): the link is checked, then the request is counted against the
 * user's hourly allowance (before any work, so failures count too), the captions are fetched on
 * the server, and the article is written by OpenAI (the user's key, else OPENAI_API_KEY) or by
 * the local writer. Issue 24: a pasted transcript takes the link's place; it is checked, counted
 * and written the same way, and YouTube is not asked.
 */
@Injectable()
export class WriteYoutubeArticleUseCase {
  private readonly logger = new Logger(WriteYoutubeArticleUseCase.name);
  private readonly policy: RateLimitPolicy;

  constructor(
    private readonly rateLimiter: RateLimiter,
    @Inject(TRANSCRIPT_SOURCE) private readonly transcripts: TranscriptSource,
    @Inject(ARTICLE_WRITERS) private readonly writers: ArticleWriters,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.policy = allowPerWindow(config.tools.articlesPerHour, 60);
  }

  async execute(command: WriteYoutubeArticleCommand): Promise<YoutubeArticle> {
    // Issue 24: a pasted transcript is read (and refused when nothing is left of it) before anything is counted.
    const pasted = command.transcript ? pastedTranscriptLines(command.transcript) : null;
    if (pasted) checkTranscriptLines(pasted, 'pasted');
    const videoId = pasted ? null : parseYoutubeVideoId(command.youtubeUrl ?? '');
    const userKey = command.openaiKey || null;
    if (userKey) checkOpenaiKeyShape(userKey);

    const decision = await this.rateLimiter.consume({ ip: ANY_ADDRESS, type: 'youtube_article', identifier: command.userId }, this.policy);
    if (!decision.allowed) throw new TooManyArticlesError(this.config.tools.articlesPerHour, decision.retryAfterMinutes ?? 60);

    const startedAt = Date.now();
    const transcript: Transcript = videoId ? await this.transcripts.fetch(videoId, command.signal) : { title: null, language: UNKNOWN_LANGUAGE, segments: pasted! };
    const segments = transcript.segments.filter((s) => s.trim() !== '');
    // An empty transcript is an error, never an empty article; a video's captions have a pasted one's limits.
    if (segments.length === 0) throw new NoCaptionsError();
    if (videoId) checkTranscriptLines(segments, 'captions');

    const key = userKey ?? this.config.tools.openai.serverKey;
    const writerKind = key ? 'openai' : 'local';
    const writer: ArticleWriter = key ? this.writers.openai(key) : this.writers.local;
    const source = {
      customTitle: oneLine(command.customTitle) || null,
      videoTitle: oneLine(transcript.title) || null,
      language: transcript.language,
      segments,
    };

    let written;
    try {
      written = await writer.write(source, command.signal);
    } catch (e) {
      // The server's own key refused or out of credit is our problem, not the user's: they typed
      // no key, so "your key" would be wrong. Said once in the log, shown as OpenAI unavailable.
      if (!userKey && (e instanceof OpenaiKeyRefusedError || e instanceof OpenaiNoCreditError)) {
        this.logger.error(`OPENAI_API_KEY is not usable (${e.code}): articles without a key of their own fail until it is fixed`);
        throw new OpenaiUnavailableError();
      }
      throw e;
    }

    this.logger.log(
      {
        userId: command.userId,
        videoId: videoId ?? 'pasted transcript',
        writer: writerKind,
        keyFrom: userKey ? 'user' : key ? 'server' : 'none',
        language: transcript.language,
        transcriptChars: transcriptChars(segments),
        articleChars: written.article.length,
        ms: Date.now() - startedAt,
      },
      'YouTube article written',
    );
    return { article: written.article, title: written.title, writer: writerKind };
  }
}
