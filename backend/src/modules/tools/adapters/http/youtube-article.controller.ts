import { Body, Controller, HttpCode, Post, Res, UseGuards } from '@nestjs/common';
import { ApiCookieAuth, ApiOperation, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthUser } from '../../../../shared/auth/auth-user';
import { CurrentUser, SignedInGuard } from '../../../../shared/auth/guards';
import { NoStore } from '../../../../shared/http/no-store';
import { WriteYoutubeArticleUseCase, type YoutubeArticle } from '../../application/write-youtube-article.use-case';
import { YoutubeArticleDto } from './youtube-article.dto';

/** YouTube to Article (001 §2, §7; D33). */
@ApiTags('tools')
@Controller()
export class YoutubeArticleController {
  constructor(private readonly writeArticle: WriteYoutubeArticleUseCase) {}

  @Post('youtube-to-article')
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  @NoStore()
  @ApiCookieAuth()
  @ApiOperation({
    summary:
      "Turn a YouTube video's captions, or a transcript the user pasted, into an article: OpenAI with the user's key (else the server's), else the local writer",
  })
  @ApiTooManyRequestsResponse({ description: 'More than YOUTUBE_ARTICLES_PER_HOUR articles in the last hour (TOOLS.TOO_MANY_ARTICLES).' })
  async write(@CurrentUser() user: AuthUser, @Body() body: YoutubeArticleDto, @Res({ passthrough: true }) res: Response): Promise<YoutubeArticle> {
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
