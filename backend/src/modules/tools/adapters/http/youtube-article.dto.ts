import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional, ValidateBy, ValidateIf } from 'class-validator';
import { CUSTOM_TITLE_MAX } from '../../domain/article';
import { OPENAI_KEY_MAX } from '../../domain/openai-key';
import { INVALID_YOUTUBE_URL_MESSAGE, OPENAI_KEY_REFUSED_MESSAGE } from '../../domain/tools-errors';
import { EMPTY_YOUTUBE_URL_MESSAGE, YOUTUBE_URL_MAX } from '../../domain/shared-with-client/youtube-url';
import {
  LINK_AND_TRANSCRIPT_MESSAGE,
  TRANSCRIPT_MAX_CHARS,
  TRANSCRIPT_MIN_CHARS,
  TRANSCRIPT_NOT_TEXT_MESSAGE,
  TRANSCRIPT_TOO_LONG_MESSAGE,
  TRANSCRIPT_TOO_SHORT_MESSAGE,
} from '../../domain/shared-with-client/transcript';
import { Filled, MaxChars, Text, trim, trimToUndefined } from '../../../../shared/http/validators';

/*
 * The body of POST /api/youtube-to-article (001 §3, §5; D33). The ValidationPipe answers 400 with
 * the first message; decorators run from the bottom up, so the one that should speak first is
 * written last. No message quotes the value (the key must never be echoed).
 */

export const MISSING_YOUTUBE_URL = EMPTY_YOUTUBE_URL_MESSAGE;
export const CUSTOM_TITLE_TOO_LONG = `The custom title must be at most ${CUSTOM_TITLE_MAX} characters`;

/** A value that says something: a string with more than white space. */
const given = (value: unknown): boolean => typeof value === 'string' && value.trim() !== '';

/** At least `min` characters (a non-string passes: its type check speaks). */
function MinChars(min: number, message: string): PropertyDecorator {
  return ValidateBy(
    { name: 'minChars', constraints: [min], validator: { validate: (v: unknown) => typeof v !== 'string' || v.length >= min } },
    { message },
  );
}

/** Issue 24: exactly one of the link and the transcript; this one fails when `other` is given too. */
function Alone(other: string, message: string): PropertyDecorator {
  return ValidateBy(
    {
      name: 'alone',
      constraints: [other],
      validator: { validate: (_v: unknown, args) => !given((args?.object as Record<string, unknown> | undefined)?.[other]) },
    },
    { message },
  );
}

export class YoutubeArticleDto {
  @ApiPropertyOptional({
    example: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    maxLength: YOUTUBE_URL_MAX,
    description: 'watch, youtu.be, shorts, embed, live or /v/ links. Required unless `transcript` is given (exactly one of the two).',
  })
  // Issue 24: not asked for when a transcript is given instead (an empty one counts as none).
  @ValidateIf((body: YoutubeArticleDto) => body.transcript === undefined)
  @Transform(trim)
  @MaxChars(YOUTUBE_URL_MAX, INVALID_YOUTUBE_URL_MESSAGE)
  @Filled(MISSING_YOUTUBE_URL)
  youtubeUrl?: string;

  @ApiPropertyOptional({
    minLength: TRANSCRIPT_MIN_CHARS,
    maxLength: TRANSCRIPT_MAX_CHARS,
    description:
      "Issue 24: the video's transcript, pasted, instead of `youtubeUrl` (exactly one of the two). Times, cue numbers and [sound cues] are taken out; the same limits as fetched captions.",
  })
  @Transform(trimToUndefined)
  @IsOptional()
  @MaxChars(TRANSCRIPT_MAX_CHARS, TRANSCRIPT_TOO_LONG_MESSAGE)
  @MinChars(TRANSCRIPT_MIN_CHARS, TRANSCRIPT_TOO_SHORT_MESSAGE)
  @Text(TRANSCRIPT_NOT_TEXT_MESSAGE)
  @Alone('youtubeUrl', LINK_AND_TRANSCRIPT_MESSAGE)
  transcript?: string;

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
