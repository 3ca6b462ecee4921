import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { IntervalJobs, type IntervalJob } from '../../../shared/jobs/interval-jobs';
import { ImageStorageService } from './image-storage.service';

/**
 * ADR 0023: the objects of deleted and failed images go from the object store. The database's
 * trigger queues an image in the transaction that deletes (or fails) its row, and the code that
 * deleted it starts a sweep at once; this job is the retry for a sweep that failed or an instance
 * that stopped: every minute it deletes what is due. Safe on several instances at once (each claims
 * its own images). With the PostgreSQL store nothing is ever queued.
 */
@Injectable()
export class DeleteImageObjectsJob implements IntervalJob, OnApplicationBootstrap {
  readonly jobName = 'images.delete-image-objects';
  readonly everyMs = 60_000;

  constructor(
    private readonly jobs: IntervalJobs,
    private readonly storage: ImageStorageService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.schedule(this);
  }

  execute(): Promise<number> {
    return this.storage.deleteQueued();
  }
}
