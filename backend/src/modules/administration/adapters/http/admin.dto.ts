import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsDefined, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min, NotEquals, ValidateIf } from 'class-validator';
import { WHITELIST_TYPES, type WhitelistType } from '../../../identity';
import { ADJUSTMENT_REASONS, type AdjustmentReason, MAX_ADJUSTMENT, NOTES_MAX } from '../../domain/credit-adjustment';

const REASON_MAX = 500;

/** 001 §7 suspend {suspended}; D32 "why" optionally. */
export class SuspendUserDto {
  @ApiProperty()
  @IsBoolean({ message: 'suspended must be true or false' })
  suspended: boolean;

  @ApiPropertyOptional({ maxLength: REASON_MAX })
  @IsOptional()
  @IsString()
  @MaxLength(REASON_MAX)
  reason?: string;
}

/** 001 §5: amount (a whole number, positive or negative) and reason required; notes optional. */
export class AdjustCreditsDto {
  @ApiProperty({ description: 'Signed whole number, not 0', example: 5 })
  @IsInt({ message: 'credits must be a whole number' })
  @NotEquals(0, { message: 'credits must not be 0' })
  @Min(-MAX_ADJUSTMENT, { message: `credits must be at least -${MAX_ADJUSTMENT}` })
  @Max(MAX_ADJUSTMENT, { message: `credits must be at most ${MAX_ADJUSTMENT}` })
  credits: number;

  @ApiProperty({ enum: ADJUSTMENT_REASONS })
  @IsIn(ADJUSTMENT_REASONS as readonly string[] as string[], { message: `reason must be one of ${ADJUSTMENT_REASONS.join(', ')}` })
  reason: AdjustmentReason;

  @ApiPropertyOptional({ maxLength: NOTES_MAX })
  @IsOptional()
  @IsString({ message: 'notes must be text' })
  @MaxLength(NOTES_MAX, { message: `notes must be at most ${NOTES_MAX} characters` })
  notes?: string;
}

/** true: force the fallback model; false: force the primary; null: automatic (D11). */
export class FallbackOverrideDto {
  @ApiProperty({ type: Boolean, nullable: true })
  @IsDefined({ message: 'enabled must be true, false or null' })
  @ValidateIf((o: FallbackOverrideDto) => o.enabled !== null)
  @IsBoolean({ message: 'enabled must be true, false or null' })
  enabled: boolean | null;
}

const MODEL_ID_MAX = 100;

/** D41: the chain's new order, every model of the chain once (the server checks it is the chain's set). */
export class ModelOrderDto {
  @ApiProperty({ type: [String], example: ['black-forest-labs/flux-2-pro', 'google/nano-banana', 'black-forest-labs/flux-kontext-pro'] })
  @IsArray({ message: 'models must be a list of model ids' })
  @ArrayMinSize(1, { message: 'models must name the models of the chain' })
  @ArrayMaxSize(20, { message: 'models must name the models of the chain' })
  @IsString({ each: true, message: 'models must be a list of model ids' })
  @MaxLength(MODEL_ID_MAX, { each: true, message: 'models must be a list of model ids' })
  models: string[];
}

/** D41: one model of the chain. */
export class ModelRefDto {
  @ApiProperty({ example: 'google/nano-banana', maxLength: MODEL_ID_MAX })
  @IsString({ message: 'model must be a model id' })
  @MaxLength(MODEL_ID_MAX, { message: 'model must be a model id' })
  model: string;
}

/** D41: enable or disable one model of the chain. */
export class ModelEnabledDto extends ModelRefDto {
  @ApiProperty()
  @IsBoolean({ message: 'enabled must be true or false' })
  enabled: boolean;
}

export class ImageVisibilityDto {
  @ApiProperty()
  @IsBoolean({ message: 'hidden must be true or false' })
  hidden: boolean;

  @ApiPropertyOptional({ maxLength: REASON_MAX })
  @IsOptional()
  @IsString()
  @MaxLength(REASON_MAX)
  reason?: string;
}

export class AddWhitelistEntryDto {
  @ApiProperty({ enum: WHITELIST_TYPES })
  @IsIn(WHITELIST_TYPES as readonly string[] as string[], { message: `type must be one of ${WHITELIST_TYPES.join(', ')}` })
  type: WhitelistType;

  @ApiProperty({ maxLength: 255 })
  @IsString({ message: 'value must be text' })
  @MaxLength(255, { message: 'value must be at most 255 characters' })
  value: string;

  @ApiPropertyOptional({ maxLength: REASON_MAX })
  @IsOptional()
  @IsString()
  @MaxLength(REASON_MAX)
  reason?: string;
}

export class WhitelistEntryActiveDto {
  @ApiProperty()
  @IsBoolean({ message: 'isActive must be true or false' })
  isActive: boolean;
}

/** D43: an admin's decision on a reported image; the reason goes to the audit trail (D32). */
export class ReportDecisionDto {
  @ApiPropertyOptional({ maxLength: REASON_MAX })
  @IsOptional()
  @IsString()
  @MaxLength(REASON_MAX)
  reason?: string;
}
