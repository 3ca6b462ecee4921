// Public surface of the reports context (ARCHITECTURE rule 2): other contexts import only from here.
export { ReportsModule } from './reports.module';
export { REPORTS_API } from './reports.api';
export type { DismissResult, MyReport, QueuedReportView, ReportCaseView, ReportsApi, ReportsExport, TakeDownResult } from './reports.api';
export { REPORT_REASONS, REPORT_REASON_LABELS } from './domain/report';
export type { CaseStatus, ReportReason } from './domain/report';
export { ImageBlockedError, NoOpenReportError } from './domain/reports-errors';
export { IMAGE_WITHDRAWN } from './domain/image-withdrawn.event';
export type { ImageWithdrawn } from './domain/image-withdrawn.event';
