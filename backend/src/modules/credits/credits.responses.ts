/**
 * The response classes of the credits HTTP contract (ADR 0027), public because other contexts' answers
 * carry these shapes (billing's checkout status, administration's user figures and ledger lists).
 */
import { ApiProperty } from '@nestjs/swagger';
import { sameJsonShape } from '../../shared/http/openapi/same-shape';
import type { CreditBalance, CreditTransaction, UserCreditStats } from './credits.api';

/** D2: a balance and its two kinds. */
export class CreditBalanceResponse {
  @ApiProperty({ type: Number, description: 'regular + watermarked (D2).' })
  balance: number;

  @ApiProperty({ type: Number, description: 'Credits whose images carry no watermark.' })
  regular: number;

  @ApiProperty({ type: Number, description: 'Credits whose images are watermarked (the free ones, D1).' })
  watermarked: number;
}
sameJsonShape<CreditBalanceResponse, CreditBalance>();

/** A ledger row's public fields (admin lists, 001 §3 credit_transaction). */
export class CreditTransactionResponse {
  @ApiProperty({ type: String, format: 'uuid' })
  id: string;

  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'null once the account was deleted (D35).' })
  userId: string | null;

  @ApiProperty({ type: String, description: 'grant, purchase, subscription, refund, use or adjustment.' })
  type: string;

  @ApiProperty({ enum: ['regular', 'watermarked'], enumName: 'CreditKind' })
  kind: 'regular' | 'watermarked';

  @ApiProperty({ type: Number, description: 'Signed.' })
  credits: number;

  @ApiProperty({ type: String, nullable: true })
  description: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'pack, subscription, admin, generation, verification, ...' })
  sourceType: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  expiresAt: string | null;

  @ApiProperty({ type: String, nullable: true })
  stripeTransactionId: string | null;

  @ApiProperty({ type: Number, nullable: true, description: 'Cents.' })
  purchaseAmount: number | null;

  @ApiProperty({ type: String })
  currency: string;

  @ApiProperty({ type: String, nullable: true })
  packType: string | null;

  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  imageId: string | null;

  @ApiProperty({ type: String, nullable: true })
  createdBy: string | null;

  @ApiProperty({ type: String, format: 'date-time' })
  createdAt: string;
}
sameJsonShape<CreditTransactionResponse, CreditTransaction>();

/** 001 §3 "User stats". */
export class UserCreditStatsResponse {
  @ApiProperty({ type: Number, description: 'regular + watermarked.' })
  balance: number;

  @ApiProperty({ type: Number })
  regular: number;

  @ApiProperty({ type: Number })
  watermarked: number;

  @ApiProperty({ type: Number, description: 'Credits bought over all time.' })
  totalPurchased: number;

  @ApiProperty({ type: Number, description: 'Credits spent on generations over all time.' })
  totalUsed: number;
}
sameJsonShape<UserCreditStatsResponse, UserCreditStats>();
