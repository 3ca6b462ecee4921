import { ApiProperty } from '@nestjs/swagger';
import { REPORT_REASONS, type CaseStatus, type ReportReason } from '../../domain/report';

const CASE_STATUSES: CaseStatus[] = ['open', 'taken_down', 'dismissed'];

/** D43: a report just filed. */
export class FiledReportResponse {
  @ApiProperty({ type: String, format: 'uuid' })
  id: string;

  @ApiProperty({ type: String, format: 'uuid' })
  imageId: string;

  @ApiProperty({ enum: REPORT_REASONS, enumName: 'ReportReason' })
  reason: ReportReason;

  @ApiProperty({ enum: ['open'] })
  status: 'open';

  @ApiProperty({ type: String, format: 'date-time' })
  createdAt: string;

  @ApiProperty({ type: Boolean, description: 'An urgent reason (ncii, minor) hid the image from every public place until an admin decides.' })
  hiddenPendingReview: boolean;
}

/** D43: one of the signed-in user's reports, with the outcome so far. */
export class MyReportResponse {
  @ApiProperty({ type: String, format: 'uuid' })
  id: string;

  @ApiProperty({ type: String, format: 'uuid' })
  imageId: string;

  @ApiProperty({ enum: REPORT_REASONS, enumName: 'ReportReason' })
  reason: ReportReason;

  @ApiProperty({ type: String, format: 'date-time' })
  createdAt: string;

  @ApiProperty({ enum: CASE_STATUSES, enumName: 'ReportStatus' })
  status: CaseStatus;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  decidedAt: string | null;
}
