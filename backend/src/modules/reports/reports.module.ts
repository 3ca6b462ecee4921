import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity';
import { ImagesModule } from '../images';
import { RateLimitModule } from '../../shared/rate-limit/rate-limit.module';
import { ReportsController } from './adapters/http/reports.controller';
import { TypeormReportsRepository } from './adapters/typeorm/typeorm-reports.repository';
import { PurgeDecidedReportsJob } from './application/purge-decided-reports.job';
import { ReportImageUseCase } from './application/report-image.use-case';
import { ReportsApiService } from './application/reports-api.service';
import { REPORTS_API } from './reports.api';

/**
 * Reports and takedown (D43, ADR 0032): anyone reports a public image; urgent reasons hide it at
 * once; admins take images down (files deleted everywhere, copies too, hashes blocked) or dismiss
 * the reports. Owns `image_report`, `image_report_case` and `image_block`; reaches images and
 * identity through their APIs, mails through MAILER (global MailModule).
 */
@Module({
  imports: [RateLimitModule, ImagesModule, IdentityModule],
  controllers: [ReportsController],
  providers: [
    TypeormReportsRepository,
    ReportImageUseCase,
    ReportsApiService,
    PurgeDecidedReportsJob,
    { provide: REPORTS_API, useExisting: ReportsApiService },
  ],
  exports: [REPORTS_API],
})
export class ReportsModule {}
