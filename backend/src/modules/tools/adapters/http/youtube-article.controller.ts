import { Body, Controller, HttpCode, Post, Res, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthUser } from '../../../../shared/auth/auth-user';
import { CurrentUser, SignedInGuard } from '../../../../shared/auth/guards';
import { NoStore } from '../../../../shared/http/no-store';
import { ApiErrors } from '../../../../shared/http/openapi/api-errors';
import { WriteYoutubeArticleUseCase } from '../../application/write-youtube-article.use-case';
import { YoutubeArticleDto } from './youtube-article.dto';
import { YoutubeArticleResponse } from './youtube-article.responses';

/** YouTube to Article (001 §2, §7; D33). */
@ApiTags('tools')
@Controller()
export class YoutubeArticleController {
  constructor(private readonly writeArticle: WriteYoutubeArticleUseCase) {}

  @Post('youtube-to-article')
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  @NoStore()
  @ApiOperation({
    summary:
      "Turn a YouTube video's captions, or a transcript the user pasted, into an article: OpenAI with the user's key (else the server's), else the local writer",
  })
  @ApiOkResponse({ type: YoutubeArticleResponse })
  @ApiErrors({
    400: {
      'TOOLS.INVALID_YOUTUBE_URL': 'Not a YouTube video link.',
      'TOOLS.TRANSCRIPT_TOO_SHORT': 'A pasted transcript shorter than 40 characters (once times and sound cues are out).',
      'TOOLS.TRANSCRIPT_TOO_LONG': 'A pasted transcript longer than 200,000 characters.',
      'TOOLS.OPENAI_KEY_REFUSED': 'OpenAI refused the key.',
    },
    402: { 'TOOLS.OPENAI_NO_CREDIT': 'The OpenAI account has no credit left.' },
    404: { 'TOOLS.VIDEO_UNAVAILABLE': 'The video is private or unavailable.' },
    422: {
      'TOOLS.NO_CAPTIONS': 'The video has no captions.',
      'TOOLS.TRANSCRIPT_TOO_SHORT': "The video's captions are too short for an article.",
      'TOOLS.TRANSCRIPT_TOO_LONG': "The video's captions are longer than 200,000 characters.",
    },
    429: { 'TOOLS.TOO_MANY_ARTICLES': 'More than YOUTUBE_ARTICLES_PER_HOUR articles in the last hour (D33; `details.retryAfterMinutes`).' },
    503: {
      'TOOLS.YOUTUBE_UNREACHABLE': 'YouTube could not be reached.',
      'TOOLS.YOUTUBE_REFUSED': "YouTube refused to share the captions right now.",
      'TOOLS.OPENAI_UNAVAILABLE': 'OpenAI is not answering.',
    },
  })
  async write(@CurrentUser() user: AuthUser, @Body() body: YoutubeArticleDto, @Res({ passthrough: true }) res: Response): Promise<YoutubeArticleResponse> {
    // The client hanging up abandons the remaining YouTube and OpenAI calls.
    const clientGone = new AbortController();
    const onClose = () => {
      if (!res.writableFinished) clientGone.abort();
    };
    res.once('close', onClose);
    try {
      return await this.writeArticle.execute({
        userId: user.id,
        youtubeUrl: body.youtubeUrl,
        transcript: body.transcript,
        customTitle: body.customTitle,
        openaiKey: body.openaiKey,
        signal: clientGone.signal,
      });
    } finally {
      res.off('close', onClose);
    }
  }
}
