import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { DETAILS_MAX, REPORT_REASONS, type ReportReason } from '../../domain/report';

/** POST /api/images/{id}/report. The use case checks the body (reason, then details) with the contract's messages. */
export class ReportImageDto {
  @ApiProperty({ enum: REPORT_REASONS, enumName: 'ReportReason' })
  @Allow()
  reason: ReportReason;

  @ApiPropertyOptional({ type: String, maxLength: DETAILS_MAX, description: 'What the reporter wants the reviewer to know.' })
  @Allow()
  details?: string;
}
