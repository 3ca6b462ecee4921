import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { IntervalJobs, type IntervalJob } from '../../../shared/jobs/interval-jobs';
import { TypeormImageRepository } from '../adapters/typeorm/typeorm-image.repository';
import { ImageObjectMovesService } from './image-object-moves.service';
import { ImageRenditionsService } from './image-renditions.service';

/** Images per run: gentle on a small server (a 12-megapixel image takes ~0.3 s); the command does bulk. */
const PER_RUN = 10;

/**
 * D31 backfill: completed images without renditions (made before renditions existed, or whose
 * renditions could not be made at completion) get them, newest first, a few each minute. The
 * command `src/cli/backfill-renditions.ts` runs the same work until none is left. Safe with
 * several instances and with the command running at once: storing is conditional (`renditions IS NULL`).
 */
@Injectable()
export class MakeMissingRenditionsJob implements IntervalJob, OnApplicationBootstrap {
  readonly jobName = 'images.make-missing-renditions';
  readonly everyMs = 60_000;
  private readonly logger = new Logger('Images');

  constructor(
    private readonly jobs: IntervalJobs,
    private readonly images: TypeormImageRepository,
    private readonly renditions: ImageRenditionsService,
    private readonly moves: ImageObjectMovesService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.schedule(this);
  }

  execute(): Promise<{ made: number; remaining: boolean }> {
    return this.run(PER_RUN);
  }

  /** Makes renditions for up to `max` images; `remaining` when there may be more. */
  async run(max: number): Promise<{ made: number; remaining: boolean }> {
    const ids = await this.images.missingRenditions(max);
    let made = 0;
    for (const id of ids) {
      if ((await this.renditions.backfill(id)) !== 'made') continue;
      made++;
      // Issue 24: renditions put under the prefix of a visibility that changed meanwhile move now.
      this.moves.settleSoon(id);
    }
    if (made) this.logger.log(`Renditions made for ${made} images`);
    return { made, remaining: ids.length === max };
  }
}
