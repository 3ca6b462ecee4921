import { Inject, Injectable, Logger, OnApplicationBootstrap, Optional } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { LOCAL_ENGINE_MODEL, LocalImageModel } from '../adapters/model/local-image-model.adapter';
import { TypeormModelFallbackStateRepository, type StoredFallbackState } from '../adapters/model/typeorm/typeorm-model-fallback-state.repository';
import { chooseModelRole, isRecoveryDue, type FallbackPolicy, type FallbackStatus, type ModelRole } from '../domain/fallback-state';
import { ModelRefusedError, TransientModelError } from '../domain/model-errors';
import { FALLBACK_MODELS, PROBE_IMAGE, PROBE_PROMPT, type FallbackModels } from './fallback-models';
import type { ImageModel } from './image-model.port';

export type RecoveryCheckResult = 'recovered' | 'still-failing' | 'not-due' | 'locked' | 'not-configured';

export interface FallbackTestResult {
  model: string;
  success: boolean;
  error: string | null;
}

/**
 * D11: the image model fallback as a service. The state is the one model_fallback_state row
 * (every instance shares it); the rules are domain/fallback-state.ts. Used by FallbackImageModel
 * on each generation (chooseRole / recordOutcome), by the recovery test every
 * FALLBACK_RECOVERY_INTERVAL_MINUTES (RunFallbackRecoveryJob; one instance at a time), and by the
 * admin dashboard (status, setOverride, reset, runTest: 001 §2 System Reliability, §4, §7).
 */
@Injectable()
export class FallbackService implements OnApplicationBootstrap {
  private readonly logger = new Logger(FallbackService.name);
  private readonly policy: FallbackPolicy;

  constructor(
    private readonly state: TypeormModelFallbackStateRepository,
    private readonly local: LocalImageModel,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() @Inject(FALLBACK_MODELS) private readonly models: FallbackModels | null,
  ) {
    this.policy = config.generation.fallback;
  }

  onApplicationBootstrap(): void {
    if (!this.models) {
      this.logger.log('Image model: local sharp engine (REPLICATE_API_TOKEN is not set)');
      return;
    }
    this.logger.log(
      `Image model: Replicate ${this.models.primary.model}, fallback ${this.models.fallback.model} ` +
        `(after ${this.policy.failureThreshold} transient failures, for ${this.policy.durationMinutes} min; recovery test every ${this.policy.recoveryIntervalMinutes} min)`,
    );
  }

  /** Which model serves the next generation (database clock, shared state). */
  async chooseRole(): Promise<ModelRole> {
    const state = await this.state.read();
    return chooseModelRole(state, state.now);
  }

  /**
   * Records how a call on `role` ended: null = success. Transient failures count (primary only,
   * per the domain rules); E005 refusals and anything else do not. Never throws: a database
   * hiccup here must not turn a finished generation into an error.
   */
  async recordOutcome(role: ModelRole, error: unknown): Promise<void> {
    try {
      if (error === null) {
        if (role === 'primary') await this.state.recordPrimarySuccess();
        return;
      }
      if (!(error instanceof TransientModelError)) return; // D11: E005 (ModelRefusedError) never counts
      if (role === 'fallback') {
        await this.state.recordFallbackFailure();
        return;
      }
      const after = await this.state.recordPrimaryFailure(this.policy.failureThreshold, this.policy.durationMinutes);
      if (after.isActive && after.failureCount === this.policy.failureThreshold) {
        this.logger.warn(
          `Image model fallback ACTIVE: ${after.failureCount} consecutive transient failures of ${this.models?.primary.model}; ` +
            `using ${this.models?.fallback.model} until ${after.retryAfter?.toISOString()}`,
        );
      }
    } catch (dbError) {
      this.logger.error(`Recording the image model outcome failed: ${(dbError as Error).message}`);
    }
  }

  /** The 001 §3 "Fallback status" shape, plus the model the next generation uses. */
  async status(): Promise<FallbackStatus> {
    return this.toStatus(await this.state.read());
  }

  /** Admin: true forces the fallback, false forces the primary, null returns to the automatic rules. */
  async setOverride(enabled: boolean | null): Promise<FallbackStatus> {
    const after = await this.state.setOverride(enabled);
    this.logger.warn(`Image model fallback override set to ${enabled === null ? 'automatic' : enabled ? 'fallback' : 'primary'}`);
    return this.toStatus(after);
  }

  /** Admin: failure count 0 and fallback off (the override stays as set). */
  async reset(): Promise<FallbackStatus> {
    const after = await this.state.reset();
    this.logger.warn('Image model fallback reset');
    return this.toStatus(after);
  }

  /**
   * Admin: a test generation (a tiny picture) against the model that serves now, recorded like
   * any generation. Answers 001 §7's {model, success, error}.
   */
  async runTest(): Promise<FallbackTestResult> {
    if (!this.models) {
      const { model, success, error } = await this.probe(this.local, LOCAL_ENGINE_MODEL);
      return { model, success, error };
    }
    const role = await this.chooseRole();
    const model = this.models[role];
    const result = await this.probe(model, model.model);
    await this.recordOutcome(role, result.thrown);
    return { model: result.model, success: result.success, error: result.error };
  }

  /**
   * D11 recovery test: while the fallback is active (and no admin override decides), try a tiny
   * edit on the primary; success switches back, failure pushes retryAfter out. Runs on one
   * instance at a time (pg_try_advisory_lock) and at most once per interval across instances
   * (lastRecoveryCheck), unless `force` (tests, an operator) skips the interval check.
   */
  async runRecoveryCheck(options: { force?: boolean } = {}): Promise<RecoveryCheckResult> {
    const models = this.models;
    if (!models) return 'not-configured';
    const outcome = await this.state.withRecoveryLock(async (): Promise<RecoveryCheckResult> => {
      const state = await this.state.read();
      const due = options.force ? state.isActive && state.adminOverride === null : isRecoveryDue(state, state.now, this.policy);
      if (!due) return 'not-due';
      const result = await this.probe(models.primary, models.primary.model);
      // A refusal is the primary answering: it is up.
      const up = result.success || result.thrown instanceof ModelRefusedError;
      const after = await this.state.recordRecoveryResult(up, this.policy.durationMinutes);
      if (up) {
        this.logger.warn(`Image model recovery test passed: back to ${models.primary.model}`);
        return 'recovered';
      }
      this.logger.warn(`Image model recovery test failed (${result.error}); fallback stays until ${after.retryAfter?.toISOString()}`);
      return 'still-failing';
    });
    return outcome.ran ? outcome.value : 'locked';
  }

  private async probe(model: ImageModel, name: string): Promise<FallbackTestResult & { thrown: unknown }> {
    try {
      await model.edit({ image: PROBE_IMAGE, mimeType: 'image/png', prompt: PROBE_PROMPT, style: 'realistic' });
      return { model: name, success: true, error: null, thrown: null };
    } catch (error) {
      return { model: name, success: false, error: (error as Error).message, thrown: error };
    }
  }

  private toStatus(state: StoredFallbackState): FallbackStatus {
    const role = chooseModelRole(state, state.now);
    return {
      isActive: state.isActive,
      adminOverride: state.adminOverride,
      failureCount: state.failureCount,
      retryAfter: state.retryAfter ? state.retryAfter.getTime() : null,
      lastFailureTime: state.lastFailureTime ? state.lastFailureTime.getTime() : null,
      currentModel: this.models ? this.models[role].model : LOCAL_ENGINE_MODEL,
      configuration: {
        engine: this.models ? 'replicate' : 'local',
        primaryModel: this.models ? this.models.primary.model : LOCAL_ENGINE_MODEL,
        fallbackModel: this.models ? this.models.fallback.model : null,
        failureThreshold: this.policy.failureThreshold,
        fallbackDurationMinutes: this.policy.durationMinutes,
        recoveryIntervalMinutes: this.policy.recoveryIntervalMinutes,
      },
    };
  }
}
