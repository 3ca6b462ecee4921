import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsDefined, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min, NotEquals, ValidateIf } from 'class-validator';
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
