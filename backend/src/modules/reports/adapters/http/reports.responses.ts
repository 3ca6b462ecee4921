import { ApiProperty } from '@nestjs/swagger';
import { REPORT_REASONS, type CaseStatus, type ReportReason } from '../../domain/report';

const CASE_STATUSES: CaseStatus[] = ['open', 'taken_down', 'dismissed'];

/** What every answer about one report says. */
class ReportFields {
  @ApiProperty({ type: String, format: 'uuid' })
  id: string;

  @ApiProperty({ type: String, format: 'uuid' })
  imageId: string;

  @ApiProperty({ enum: REPORT_REASONS, enumName: 'ReportReason' })
  reason: ReportReason;

  @ApiProperty({ type: String, format: 'date-time' })
  createdAt: string;
}

/** D43: a report just filed. */
export class FiledReportResponse extends ReportFields {
  @ApiProperty({ enum: ['open'] })
  status: 'open';

  @ApiProperty({ type: Boolean, description: 'An urgent reason (ncii, minor) hid the image from every public place until an admin decides.' })
  hiddenPendingReview: boolean;
}

/** D43: one of the signed-in user's reports, with the outcome so far. */
export class MyReportResponse extends ReportFields {
  @ApiProperty({ enum: CASE_STATUSES, enumName: 'ReportStatus' })
  status: CaseStatus;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  decidedAt: string | null;
}
