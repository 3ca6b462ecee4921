import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional } from 'class-validator';
import { CUSTOM_TITLE_MAX } from '../../domain/article';
import { OPENAI_KEY_MAX } from '../../domain/openai-key';
import { INVALID_YOUTUBE_URL_MESSAGE, OPENAI_KEY_REFUSED_MESSAGE } from '../../domain/tools-errors';
import { EMPTY_YOUTUBE_URL_MESSAGE, YOUTUBE_URL_MAX } from '../../domain/shared-with-client/youtube-url';
import { Filled, MaxChars, Text, trim, trimToUndefined } from '../../../../shared/http/validators';

/*
 * The body of POST /api/youtube-to-article (001 §3, §5; D33). The ValidationPipe answers 400 with
 * the first message; decorators run from the bottom up, so the one that should speak first is
 * written last. No message quotes the value (the key must never be echoed).
 */

export const MISSING_YOUTUBE_URL = EMPTY_YOUTUBE_URL_MESSAGE;
export const CUSTOM_TITLE_TOO_LONG = `The custom title must be at most ${CUSTOM_TITLE_MAX} characters`;

export class YoutubeArticleDto {
  @ApiProperty({ example: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', maxLength: YOUTUBE_URL_MAX, description: 'watch, youtu.be, shorts, embed, live or /v/ links' })
  @Transform(trim)
  @MaxChars(YOUTUBE_URL_MAX, INVALID_YOUTUBE_URL_MESSAGE)
  @Filled(MISSING_YOUTUBE_URL)
  youtubeUrl: string;

  @ApiPropertyOptional({ maxLength: CUSTOM_TITLE_MAX, description: "The article's title; default the video's title" })
  @Transform(trimToUndefined)
  @IsOptional()
  @MaxChars(CUSTOM_TITLE_MAX, CUSTOM_TITLE_TOO_LONG)
  @Text('The custom title must be text')
  customTitle?: string;

  @ApiPropertyOptional({
    maxLength: OPENAI_KEY_MAX,
    description: "The user's own OpenAI API key (browser storage openai_api_key), used for this request only: never logged, stored or echoed",
  })
  @Transform(trimToUndefined)
  @IsOptional()
  @MaxChars(OPENAI_KEY_MAX, OPENAI_KEY_REFUSED_MESSAGE)
  @Text(OPENAI_KEY_REFUSED_MESSAGE)
  openaiKey?: string;
}
