import { Inject, Injectable, Optional, type OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { IntervalJobs, type IntervalJob } from '../../../shared/jobs/interval-jobs';
import { FALLBACK_MODELS, type FallbackModels } from './fallback-models';
import { FallbackService, type RecoveryCheckResult } from './fallback.service';

/**
 * D11: the image model recovery test (FallbackService.runRecoveryCheck) every
 * FALLBACK_RECOVERY_INTERVAL_MINUTES, not at start. Scheduled only when the Replicate models are
 * configured (the local engine has nothing to recover). The check keeps its own coordination
 * through the shared state row (its lock and lastRecoveryCheck), so it runs at most once per
 * interval across instances.
 */
@Injectable()
export class RunFallbackRecoveryJob implements IntervalJob, OnApplicationBootstrap {
  readonly jobName = 'generation.run-fallback-recovery';
  readonly everyMs: number;
  readonly runAtStart = false;

  constructor(
    private readonly fallback: FallbackService,
    private readonly jobs: IntervalJobs,
    @Inject(APP_CONFIG) config: AppConfig,
    @Optional() @Inject(FALLBACK_MODELS) private readonly models: FallbackModels | null,
  ) {
    this.everyMs = config.generation.fallback.recoveryIntervalMinutes * 60_000;
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.models) await this.jobs.schedule(this);
  }

  execute(): Promise<RecoveryCheckResult> {
    return this.fallback.runRecoveryCheck();
  }
}
