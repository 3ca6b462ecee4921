import { Body, Controller, Get, Header, HttpCode, Post, Req, Res, UseGuards, UseInterceptors } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { AuthUser } from '../../../../shared/auth/auth-user';
import { CurrentUser, SignedInGuard } from '../../../../shared/auth/guards';
import { clientIp } from '../../../../shared/http/client-ip';
import { ApiErrors } from '../../../../shared/http/openapi/api-errors';
import { CheckPromptUseCase } from '../../application/check-prompt.use-case';
import { DescribeEngineUseCase } from '../../application/describe-engine.use-case';
import { GenerateImageUseCase, type UploadedFile } from '../../application/generate-image.use-case';
import { ContentFilterDto, GenerateFormDoc } from './generation.dto';
import { EngineDescriptionResponse, GenerationResponse, PromptFilterResponse } from './generation.responses';
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
  @ApiOkResponse({ type: EngineDescriptionResponse })
  capabilities(): Promise<EngineDescriptionResponse> {
    return this.describeEngine.execute();
  }

  @Post('content-filter')
  @HttpCode(200)
  @ApiOperation({ summary: 'The server check of the prompt filter (000 §5 step 3, D13); at most 1000 characters, rate-limited per IP' })
  @ApiOkResponse({ type: PromptFilterResponse })
  @ApiErrors({ 429: { 'GENERATION.CONTENT_FILTER_RATE_LIMITED': 'More than CONTENT_FILTER_PER_MINUTE checks a minute from this IP.' } })
  contentFilter(@Body() body: ContentFilterDto, @Req() req: Request): Promise<PromptFilterResponse> {
    // clientIp honours TRUST_PROXY (never a forged header otherwise) and folds ::ffff:a.b.c.d into a.b.c.d.
    return this.checkPrompt.execute({ prompt: body.prompt, clientKey: clientIp(req) });
  }

  @Post('generate')
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  @UseInterceptors(GenerationUploadInterceptor)
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: GenerateFormDoc })
  @ApiOperation({ summary: 'Edit an uploaded photo (or one of the caller\'s images, D38) with a prompt, optionally within a mask (D40), in 1, 2 or 4 variants (D39); each image costs one credit only when it succeeds (D4)' })
  @ApiOkResponse({ type: GenerationResponse })
  @ApiErrors({
    400: {
      'VALIDATION.FAILED': 'A field is missing or wrong (an image, and a prompt for the realistic style, 000 §5), or the upload could not be read.',
      'GENERATION.PROMPT_BLOCKED': 'The prompt filter refused the prompt (D13; `details.category`).',
      'GENERATION.NSFW_DETECTED': 'The model refused the image or prompt; `error` is `nsfw_detected` (000 §8).',
      'UPLOAD.UNREADABLE': 'The image could not be decoded.',
      'UPLOAD.TOO_MANY_PIXELS': 'The image has more pixels than allowed (D12).',
      'GENERATION.INVALID_MASK': 'D40: the mask is not a PNG, not the photo\'s aspect ratio, or paints under 0.5% or over 99.5% (`details.reason`).',
    },
    404: { 'IMAGE.NOT_FOUND': 'D38: `sourceImageId` is not one of the caller\'s images (or unknown, deleted, malformed); nothing reserved.' },
    409: { 'GENERATION.SOURCE_NOT_READY': 'D38: `sourceImageId` is still processing, or failed.' },
    402: { 'CREDITS.INSUFFICIENT': 'No credit left, or fewer than the variants asked for (000 §8: the Out of Credits dialog; D39).' },
    413: { 'UPLOAD.TOO_LARGE': 'The image file is larger than allowed (D12).' },
    415: { 'UPLOAD.UNSUPPORTED_TYPE': 'Not a JPEG or PNG by its content (D12).' },
    422: { 'GENERATION.UNSUPPORTED_EDIT': 'The local engine does none of what the prompt asks (`details.supported`); no credit spent.' },
    429: { 'GENERATION.TOO_MANY_IN_FLIGHT': 'Too many generations in flight for this user or on this server; no credit spent.' },
    503: {
      'GENERATION.MODEL_UNAVAILABLE': 'The model failed, timed out or gave nothing usable; no credit spent (D4).',
      'GENERATION.CANCELLED': 'The client went away before the model answered.',
    },
  })
  async generate(
    @CurrentUser() user: AuthUser,
    @Req() req: Request & { files?: MultipartFiles },
    @Res({ passthrough: true }) res: Response,
  ): Promise<GenerationResponse> {
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
        sourceImageId: body.sourceImageId,
        variants: body.variants,
        signal: clientGone.signal,
      });
    } finally {
      res.off('close', onClose);
    }
  }
}
