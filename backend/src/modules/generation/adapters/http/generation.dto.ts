import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsString } from 'class-validator';

export class ContentFilterDto {
  @ApiProperty({ description: 'The prompt to check (000 §5, D13): at most 1000 characters, like a generation prompt', maxLength: 1000 })
  @IsString({ message: 'prompt is required' })
  prompt: string;
}

/** Documentation only: the multipart body is read by GenerationUploadInterceptor and checked by the use case. */
export class GenerateFormDoc {
  @ApiProperty({ type: 'string', format: 'binary', description: 'JPEG or PNG (by content), at most 10 MB and 40 megapixels' })
  image: unknown;

  @ApiPropertyOptional({ description: 'Required when style is realistic; 1..1000 characters after trim' })
  prompt?: string;

  @ApiPropertyOptional({ enum: ['realistic', 'cartoon'], default: 'realistic' })
  style?: string;

  @ApiPropertyOptional({ type: 'string', format: 'binary', description: 'Optional mask (white = area to edit)' })
  mask?: unknown;

  @ApiPropertyOptional({ enum: ['true', 'false'], default: 'true', description: 'D14: share to the community feed' })
  share?: string;
}
