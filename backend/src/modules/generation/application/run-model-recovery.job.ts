import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { IntervalJobs, type IntervalJob } from '../../../shared/jobs/interval-jobs';
import { CHAIN_MODELS, type ChainModels } from './chain-models';
import { ModelChainService, type RecoveryCheckResult } from './model-chain.service';

/**
 * D11/D41: the recovery test (ModelChainService.runRecoveryCheck) every
 * FALLBACK_RECOVERY_INTERVAL_MINUTES, not at start. Scheduled only when the chain holds Replicate
 * models (the local engine alone has nothing to recover). The check keeps its own coordination
 * through the shared rows (its lock and each model's last_recovery_check), so it runs at most once
 * per interval across instances.
 */
@Injectable()
export class RunModelRecoveryJob implements IntervalJob, OnApplicationBootstrap {
  readonly jobName = 'generation.run-model-recovery';
  readonly everyMs: number;
  readonly runAtStart = false;

  constructor(
    private readonly chain: ModelChainService,
    private readonly jobs: IntervalJobs,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(CHAIN_MODELS) private readonly models: ChainModels,
  ) {
    this.everyMs = config.generation.fallback.recoveryIntervalMinutes * 60_000;
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.models.engine === 'replicate') await this.jobs.schedule(this);
  }

  execute(): Promise<RecoveryCheckResult> {
    return this.chain.runRecoveryCheck();
  }
}
