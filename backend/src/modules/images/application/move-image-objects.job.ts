import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { IntervalJobs, type IntervalJob } from '../../../shared/jobs/interval-jobs';
import { ImageObjectMovesService } from './image-object-moves.service';

/**
 * Issue 24 (ADR 0023): an image's objects are under `public/` only while it is publicly visible.
 * A visibility change starts its move at once (ImageObjectMovesService.settleSoon); this job is
 * the retry for a move that failed or an instance that stopped, and it moves the objects stored
 * before issue 24 under `images/{id}/`: every minute it moves every image whose objects are not
 * (known to be) where its visibility says. Safe on several instances at once (each claims its own
 * images). With the PostgreSQL store nothing is ever due.
 */
@Injectable()
export class MoveImageObjectsJob implements IntervalJob, OnApplicationBootstrap {
  readonly jobName = 'images.move-image-objects';
  readonly everyMs = 60_000;

  constructor(
    private readonly jobs: IntervalJobs,
    private readonly moves: ImageObjectMovesService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.schedule(this);
  }

  execute(): Promise<number> {
    return this.moves.settleDue();
  }
}
