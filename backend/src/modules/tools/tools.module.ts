import { Logger, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { RateLimitModule } from '../../shared/rate-limit/rate-limit.module';
import { YoutubeArticleController } from './adapters/http/youtube-article.controller';
import { LocalArticleWriter } from './adapters/local/local-article-writer.adapter';
import { YoutubeTranscriptSource } from './adapters/youtube/youtube-transcript.adapter';
import { ARTICLE_WRITERS, type ArticleWriters } from './application/article-writer.port';
import { TRANSCRIPT_SOURCE, type TranscriptSource } from './application/transcript-source.port';
import { WriteYoutubeArticleUseCase } from './application/write-youtube-article.use-case';

/**
 * Tools: YouTube to Article (D33; ADR 0020). The captions come from YouTube through
 * youtube-transcript-plus (YOUTUBE_BASE_URL points it at a fake in development and tests); the
 * article is written by OpenAI with the request's key (the user's, else OPENAI_API_KEY), else by
 * the local writer. Counted per user by the shared rate limiter.
 */
@Module({
  imports: [RateLimitModule],
  controllers: [YoutubeArticleController],
  providers: [
    WriteYoutubeArticleUseCase,
    {
      provide: TRANSCRIPT_SOURCE,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): TranscriptSource => {
        const { baseUrl } = config.tools.youtube;
        if (baseUrl) new Logger('Tools').log(`YouTube captions are fetched from ${baseUrl} (YOUTUBE_BASE_URL), not from YouTube`);
        return new YoutubeTranscriptSource(config.tools.youtube);
      },
    },
    {
      provide: ARTICLE_WRITERS,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): ArticleWriters => {
        const { openai } = config.tools;
        new Logger('Tools').log(
          openai.serverKey
            ? `YouTube articles: OpenAI ${openai.model} with the user's key, else the server's OPENAI_API_KEY`
            : `YouTube articles: OpenAI ${openai.model} with the user's own key, else the local writer (no OPENAI_API_KEY)`,
        );
        const local = new LocalArticleWriter();
        return {
          local,
          openai: (apiKey: string) => {
            // The OpenAI SDK is loaded on the first article that uses it, not at start (issue 14: memory).
            // eslint-disable-next-line @typescript-eslint/no-require-imports
            const { OpenaiArticleWriter } = require('./adapters/openai/openai-article-writer.adapter') as typeof import('./adapters/openai/openai-article-writer.adapter');
            return new OpenaiArticleWriter(openai, apiKey);
          },
        };
      },
    },
  ],
})
export class ToolsModule {}
