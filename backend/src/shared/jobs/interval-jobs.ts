import { Global, Injectable, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/** A periodic job (`<verb>-<noun>.job.ts`): what it does, how often, and whether it also runs at start. */
export interface IntervalJob {
  /** Unique across the app, `<context>.<verb>-<noun>`; also names its lock. */
  readonly jobName: string;
  readonly everyMs: number;
  /** Run once as the app starts (recovery jobs: a restart should not wait a whole period). */
  readonly runAtStart?: boolean;
  execute(): Promise<unknown>;
}

export type JobRun = 'ran' | 'skipped' | 'failed';

/** The first key of every job lock (two-key advisory locks), so job locks never meet other advisory locks. */
const JOB_LOCK_SPACE = 0x4a4f4253; // "JOBS"

/**
 * The one interval-job helper (ARCHITECTURE house style). Every periodic job of every context
 * runs through it, so each gets the same guarantees:
 * - safe with several instances: a run holds a PostgreSQL advisory lock named after the job, and
 *   an instance that finds it taken skips that tick (another instance is doing the work);
 * - no overlap within an instance: a tick that comes while the previous run is still going skips;
 * - a failure is logged and never reaches the timer or the caller;
 * - intervals are registered with Nest's SchedulerRegistry, so they stop when the app closes.
 */
@Injectable()
export class IntervalJobs implements OnApplicationShutdown {
  private readonly logger = new Logger('IntervalJobs');
  private readonly running = new Set<string>();
  private closed = false;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly scheduler: SchedulerRegistry,
  ) {}

  /** Starts the job's timer (and a first run when `runAtStart`, awaited so start-up recovery is done before traffic). */
  async schedule(job: IntervalJob): Promise<void> {
    const timer = setInterval(() => void this.runOnce(job), job.everyMs);
    timer.unref();
    this.scheduler.addInterval(job.jobName, timer);
    if (job.runAtStart) await this.runOnce(job);
  }

  /** One run under the job's lock: 'skipped' when it is already running here or on another instance. */
  async runOnce(job: IntervalJob): Promise<JobRun> {
    if (this.closed || this.running.has(job.jobName)) return 'skipped';
    this.running.add(job.jobName);
    const runner = this.dataSource.createQueryRunner();
    let locked = false;
    try {
      await runner.connect();
      const [row] = (await runner.query(`SELECT pg_try_advisory_lock($1::int, hashtext($2)) AS "locked"`, [JOB_LOCK_SPACE, job.jobName])) as Array<{
        locked: boolean;
      }>;
      locked = row.locked;
      if (!locked) return 'skipped';
      await job.execute();
      return 'ran';
    } catch (error) {
      this.logger.error(`Job ${job.jobName} failed: ${(error as Error).message}`);
      return 'failed';
    } finally {
      if (locked) await runner.query(`SELECT pg_advisory_unlock($1::int, hashtext($2))`, [JOB_LOCK_SPACE, job.jobName]).catch(() => undefined);
      await runner.release().catch(() => undefined);
      this.running.delete(job.jobName);
    }
  }

  onApplicationShutdown(): void {
    this.closed = true;
  }
}

@Global()
@Module({ providers: [IntervalJobs], exports: [IntervalJobs] })
export class JobsModule {}
