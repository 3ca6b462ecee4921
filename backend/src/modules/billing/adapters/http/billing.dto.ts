import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Equals, IsBoolean, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { PACK_IDS, type PackId } from '../../domain/catalogue';
import { PLAN_TIERS, type PlanTier } from '../../domain/entitlement';

export class PurchaseCreditsDto {
  @ApiProperty({ enum: PACK_IDS })
  @IsIn(PACK_IDS as PackId[], { message: `pack must be one of ${PACK_IDS.join(', ')}` })
  pack: PackId;
}

export class CreateSubscriptionDto {
  @ApiProperty({ enum: PLAN_TIERS })
  @IsIn(PLAN_TIERS as readonly string[] as string[], { message: `tier must be one of ${PLAN_TIERS.join(', ')}` })
  tier: PlanTier;
}

/** 001 §5: both confirmations, checked here as in the dialog. */
export class CancelSubscriptionDto {
  @ApiProperty({ description: "The account's e-mail, typed to confirm" })
  @IsString({ message: 'Please type your e-mail address to confirm' })
  @MaxLength(255)
  confirmEmail: string;

  @ApiProperty({ description: 'The acknowledgement box, ticked' })
  @IsBoolean({ message: 'Please confirm that you understand what cancelling means.' })
  @Equals(true, { message: 'Please confirm that you understand what cancelling means.' })
  confirmCancel: boolean;
}

/** D30: the local test checkout's card form. */
export class LocalPayDto {
  @ApiProperty({ example: '4242 4242 4242 4242' })
  @IsString({ message: 'Your card number is incomplete.' })
  @MaxLength(30, { message: 'Your card number is incorrect.' })
  cardNumber: string;

  @ApiProperty({ example: '12/34' })
  @IsString({ message: "Your card's expiration date is incomplete." })
  @MaxLength(7, { message: "Your card's expiration date is incomplete." })
  expiry: string;

  @ApiProperty({ example: '123' })
  @IsString({ message: "Your card's security code is incomplete." })
  @MaxLength(4, { message: "Your card's security code is incomplete." })
  cvc: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(100)
  cardholderName?: string;
}
