import { Inject, Injectable } from '@nestjs/common';
import { isUuid } from '../../../shared/ids';
import { NoOpenReportError, REPORTS_API, type DismissResult, type ReportCaseView, type ReportsApi, type TakeDownResult } from '../../reports';
import type { Page, PageRequest } from '../../../shared/pagination';
import type { AdminActor } from '../domain/audit';
import { AuditTrailService } from './audit-trail.service';

/**
 * D43 for admins: the queue of reported images and the two decisions, each audited with the
 * admin's reason (D32). Suspending the owner is the Users tab's action (`user.suspend`), offered on
 * the Reports tab too.
 */
@Injectable()
export class ReportReviewService {
  constructor(
    @Inject(REPORTS_API) private readonly reports: ReportsApi,
    private readonly audit: AuditTrailService,
  ) {}

  openCases(page: PageRequest): Promise<Page<ReportCaseView>> {
    return this.reports.openCases(page);
  }

  takeDown(actor: AdminActor, imageId: string, reason: string | null): Promise<TakeDownResult> {
    if (!isUuid(imageId)) return Promise.reject(new NoOpenReportError());
    return this.audit.run(actor, { action: 'report.take-down', targetType: 'image', targetId: imageId.toLowerCase(), reason, details: {} }, async () => {
      const result = await this.reports.takeDown(imageId, actor.id, reason);
      return { value: result, details: { imagesRemoved: result.imagesRemoved, hashesBlocked: result.hashesBlocked } };
    });
  }

  dismiss(actor: AdminActor, imageId: string, reason: string | null): Promise<DismissResult> {
    if (!isUuid(imageId)) return Promise.reject(new NoOpenReportError());
    return this.audit.run(actor, { action: 'report.dismiss', targetType: 'image', targetId: imageId.toLowerCase(), reason, details: {} }, async () => {
      const result = await this.reports.dismiss(imageId, actor.id, reason);
      return { value: result, details: { restored: result.restored } };
    });
  }
}
