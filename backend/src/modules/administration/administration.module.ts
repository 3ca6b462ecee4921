import { Module } from '@nestjs/common';
import { BillingModule } from '../billing';
import { CreditsModule } from '../credits';
import { GenerationModule } from '../generation';
import { IdentityModule } from '../identity';
import { ImagesModule } from '../images';
import { ReportsModule } from '../reports';
import { AdminReportsController } from './adapters/http/admin-reports.controller';
import { ReportReviewService } from './application/report-review.service';
import { AdminModerationController } from './adapters/http/admin-moderation.controller';
import { AdminSystemController } from './adapters/http/admin-system.controller';
import { AdminUsersController } from './adapters/http/admin-users.controller';
import { TypeormAuditLogRepository } from './adapters/typeorm/typeorm-audit-log.repository';
import { AdjustCreditsUseCase } from './application/adjust-credits.use-case';
import { AuditTrailService } from './application/audit-trail.service';
import { DashboardFiguresService } from './application/dashboard-figures.service';
import { WhitelistManagementService } from './application/whitelist-management.service';
import { ImageModerationService } from './application/image-moderation.service';
import { ModelSteeringService } from './application/model-steering.service';
import { SuspendUserUseCase } from './application/suspend-user.use-case';
import { UserDirectoryService } from './application/user-directory.service';

/**
 * Administration: the admin dashboard's API (001 §2, §7; D11, D14, D19, D21, D22, D25, D32). It owns
 * only the audit trail; everything else it asks of the other contexts through their public APIs.
 */
@Module({
  imports: [IdentityModule, CreditsModule, BillingModule, ImagesModule, GenerationModule, ReportsModule],
  controllers: [AdminUsersController, AdminSystemController, AdminModerationController, AdminReportsController],
  providers: [
    TypeormAuditLogRepository,
    AuditTrailService,
    UserDirectoryService,
    AdjustCreditsUseCase,
    SuspendUserUseCase,
    ModelSteeringService,
    ImageModerationService,
    WhitelistManagementService,
    DashboardFiguresService,
    ReportReviewService,
  ],
})
export class AdministrationModule {}
