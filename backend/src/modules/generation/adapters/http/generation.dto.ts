import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsString } from 'class-validator';

export class ContentFilterDto {
  @ApiProperty({ description: 'The prompt to check (000 §5, D13)' })
  @IsString({ message: 'prompt is required' })
  prompt: string;
}

export class VisibilityDto {
  @ApiProperty({ description: 'D14: shown in the community feed' })
  @IsBoolean({ message: 'isPublic must be true or false' })
  isPublic: boolean;
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
