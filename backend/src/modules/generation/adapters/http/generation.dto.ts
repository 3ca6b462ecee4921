import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsString } from 'class-validator';

export class ContentFilterDto {
  @ApiProperty({ description: 'The prompt to check (000 §5, D13): at most 1000 characters, like a generation prompt', maxLength: 1000 })
  @IsString({ message: 'prompt is required' })
  prompt: string;
}

/** Documentation only: the multipart body is read by GenerationUploadInterceptor and checked by the use case. */
export class GenerateFormDoc {
  @ApiPropertyOptional({ type: 'string', format: 'binary', description: 'JPEG or PNG (by content), at most 10 MB and 40 megapixels; or sourceImageId instead' })
  image?: unknown;

  @ApiPropertyOptional({
    type: 'string',
    format: 'uuid',
    description: "D38: edit one of the caller's own completed images instead of an upload (404 when not theirs, 409 while processing or failed)",
  })
  sourceImageId?: string;

  @ApiPropertyOptional({ enum: ['1', '2', '4'], default: '1', description: 'D39: how many variants (each costs a credit, reserved together)' })
  variants?: string;

  @ApiPropertyOptional({ description: 'Required when style is realistic; 1..1000 characters after trim' })
  prompt?: string;

  @ApiPropertyOptional({ enum: ['realistic', 'cartoon'], default: 'realistic' })
  style?: string;

  @ApiPropertyOptional({
    type: 'string',
    format: 'binary',
    description: "D40: optional PNG mask, white = area to change, the photo's aspect ratio, painted area 0.5%-99.5%; the output changes only there (feathered edge)",
  })
  mask?: unknown;

  @ApiPropertyOptional({ enum: ['true', 'false'], default: 'true', description: 'D14: share to the community feed' })
  share?: string;
}
