import { Body, Controller, Get, Header, HttpCode, Post, Req, Res, UseGuards, UseInterceptors } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiCookieAuth, ApiOkResponse, ApiOperation, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { AuthUser } from '../../../../shared/auth/auth-user';
import { CurrentUser, SignedInGuard } from '../../../../shared/auth/guards';
import { clientIp } from '../../../../shared/http/client-ip';
import { CheckPromptUseCase } from '../../application/check-prompt.use-case';
import { DescribeEngineUseCase, type EngineDescription } from '../../application/describe-engine.use-case';
import { GenerateImageUseCase, type GenerationResult, type UploadedFile } from '../../application/generate-image.use-case';
import type { PromptFilterResult } from '../../domain/shared-with-client/prompt-filter';
import { ContentFilterDto, GenerateFormDoc } from './generation.dto';
import { GenerationUploadInterceptor } from './upload.interceptor';

type MultipartFiles = Partial<Record<'image' | 'mask', UploadedFile[]>>;

/** The Magic Editor's calls: what the engine can do (issue 15), the server prompt check (D13) and the generation itself (issue 4). */
@ApiTags('generation')
@Controller()
export class GenerationController {
  constructor(
    private readonly generateImage: GenerateImageUseCase,
    private readonly checkPrompt: CheckPromptUseCase,
    private readonly describeEngine: DescribeEngineUseCase,
  ) {}

  @Get('generation/capabilities')
  @Header('cache-control', 'public, max-age=300')
  @ApiOperation({ summary: 'Which engine edits the photos (replicate or local) and what it can do: the 12 chips marked supported or not, and the local engine\'s list (issue 15)' })
  @ApiOkResponse({ description: '{ engine: "replicate" | "local", suggestions: [{prompt, supported}], capabilities: [{name, example}] | null }' })
  capabilities(): EngineDescription {
    return this.describeEngine.execute();
  }

  @Post('content-filter')
  @HttpCode(200)
  @ApiOperation({ summary: 'The server check of the prompt filter (000 §5 step 3, D13); at most 1000 characters, rate-limited per IP' })
  @ApiTooManyRequestsResponse({ description: 'More than CONTENT_FILTER_PER_MINUTE checks a minute from this IP (GENERATION.CONTENT_FILTER_RATE_LIMITED).' })
  contentFilter(@Body() body: ContentFilterDto, @Req() req: Request): Promise<PromptFilterResult> {
    // clientIp honours TRUST_PROXY (never a forged header otherwise) and folds ::ffff:a.b.c.d into a.b.c.d.
    return this.checkPrompt.execute({ prompt: body.prompt, clientKey: clientIp(req) });
  }

  @Post('generate')
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  @UseInterceptors(GenerationUploadInterceptor)
  @ApiCookieAuth()
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: GenerateFormDoc })
  @ApiOperation({ summary: 'Edit an uploaded photo with a prompt; costs one credit only when it succeeds (D4)' })
  @ApiTooManyRequestsResponse({ description: 'Too many generations in flight for this user or on this server (GENERATION.TOO_MANY_IN_FLIGHT); no credit spent.' })
  async generate(
    @CurrentUser() user: AuthUser,
    @Req() req: Request & { files?: MultipartFiles },
    @Res({ passthrough: true }) res: Response,
  ): Promise<GenerationResult> {
    // The client hanging up abandons the model call; its credit is released like any failure's.
    const clientGone = new AbortController();
    const onClose = () => {
      if (!res.writableFinished) clientGone.abort();
    };
    res.once('close', onClose);
    const body = (req.body ?? {}) as Record<string, unknown>;
    try {
      return await this.generateImage.execute({
        userId: user.id,
        image: req.files?.image?.[0],
        mask: req.files?.mask?.[0],
        prompt: body.prompt,
        style: body.style,
        share: body.share,
        signal: clientGone.signal,
      });
    } finally {
      res.off('close', onClose);
    }
  }
}
