import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { IntervalJobs, type IntervalJob } from '../../../shared/jobs/interval-jobs';
import { TypeormReportsRepository } from '../adapters/typeorm/typeorm-reports.repository';
import { DECIDED_REPORT_RETENTION_DAYS } from '../domain/report';

const DAY_MS = 24 * 60 * 60 * 1000;

/** D43 retention (the privacy policy's): reports and decisions go a year after the decision; open ones stay until decided. */
@Injectable()
export class PurgeDecidedReportsJob implements IntervalJob, OnApplicationBootstrap {
  readonly jobName = 'reports.purge-decided-reports';
  readonly everyMs = 6 * 60 * 60 * 1000;
  private readonly logger = new Logger('Reports');

  constructor(
    private readonly jobs: IntervalJobs,
    private readonly reports: TypeormReportsRepository,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.schedule(this);
  }

  async execute(now = new Date()): Promise<number> {
    const deleted = await this.reports.deleteDecidedBefore(new Date(now.getTime() - DECIDED_REPORT_RETENTION_DAYS * DAY_MS));
    if (deleted) this.logger.log(`${deleted} decided report row(s) past retention deleted`);
    return deleted;
  }
}
