import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { DomainError } from '../../../shared/errors/domain-error';
import {
  type AttemptOutcome,
  type AttemptPurpose,
  type SpendRow,
  type StoredChain,
  TypeormModelChainRepository,
} from '../adapters/model/typeorm/typeorm-model-chain.repository';
import { describePrice, isSupportedModel, MODEL_LABELS, type ModelPrice, type SupportedModel } from '../domain/model-catalogue';
import {
  attemptOrder,
  chainOrder,
  type ChainPolicy,
  fallbackStatusOf,
  type FallbackStatus,
  healthyModel,
  isRecoveryDue,
  type ModelHealth,
  modelStatus,
} from '../domain/model-chain';
import { ModelRefusedError, TransientModelError, UnsupportedEditError } from '../domain/model-errors';
import type { ChainModelView, ModelChainView, ModelReliability, ModelTestResult } from '../generation.api';
import { CHAIN_MODELS, type ChainModels, PROBE_IMAGE, PROBE_PROMPT } from './chain-models';
import type { ImageEditResult } from './image-model.port';

export type RecoveryCheckResult = 'recovered' | 'still-failing' | 'not-due' | 'locked';

/** What one call of a model ended as, for the health row and the attempt record. */
export interface CallOutcome {
  model: string;
  purpose: AttemptPurpose;
  imageId: string | null;
  latencyMs: number;
  /** null: it made an image. */
  error: unknown;
  /** The caller gave up (the user went away): not the model's fault, never counted. */
  callerAborted?: boolean;
  result?: ImageEditResult;
}

/**
 * D41 (D11 per model): the model chain as a service. The shared state is model_fallback_state
 * (the admin's order and 001's override) and one model_health row per model; the rules are
 * domain/model-chain.ts. Used by ChainImageModel on every generation (plan / record), by the
 * recovery test every FALLBACK_RECOVERY_INTERVAL_MINUTES (RunModelRecoveryJob; one instance at a
 * time), and by the admin dashboard (001's fallback controls, and the chain's own: view, reorder,
 * enable/disable, test one model).
 */
@Injectable()
export class ModelChainService implements OnApplicationBootstrap {
  private readonly logger = new Logger(ModelChainService.name);
  private readonly policy: ChainPolicy;
  private readonly prices: Readonly<Record<SupportedModel, ModelPrice>>;

  constructor(
    private readonly state: TypeormModelChainRepository,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(CHAIN_MODELS) private readonly models: ChainModels,
  ) {
    this.policy = config.generation.fallback;
    this.prices = config.generation.modelPrices;
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.state.ensureModels(this.models.configured);
    const chain = this.chainOf(await this.state.read());
    this.logger.log(
      this.models.engine === 'local'
        ? 'Image model: local sharp engine (REPLICATE_API_TOKEN is not set)'
        : `Image model chain: ${chain.map((h) => `${h.model}${h.disabled ? ' (disabled)' : ''}`).join(' → ')} ` +
            `(a model is skipped for ${this.policy.durationMinutes} min after ${this.policy.failureThreshold} transient failures; recovery test every ${this.policy.recoveryIntervalMinutes} min)`,
    );
  }

  /** The models the next generation tries, in order (database clock, shared state). */
  async plan(): Promise<string[]> {
    const stored = await this.state.read();
    return attemptOrder(this.chainOf(stored), stored.adminOverride, stored.now);
  }

  /**
   * Records how one call ended: the attempt (model, outcome, latency, cost) and the model's health.
   * Transient failures count; refusals, unsupported edits and the caller going away do not. Never
   * throws: a database hiccup here must not turn a finished generation into an error.
   */
  async record(call: CallOutcome): Promise<void> {
    const outcome = outcomeOf(call);
    try {
      await this.state.recordAttempt({
        imageId: call.imageId,
        model: call.model,
        purpose: call.purpose,
        outcome,
        latencyMs: Math.max(0, Math.round(call.latencyMs)),
        costMicros: call.result?.costMicros ?? 0,
      });
      if (call.purpose === 'recovery') return; // the recovery test writes its own result
      if (outcome === 'succeeded') await this.state.recordSuccess(call.model);
      else if (outcome === 'failed' && call.error instanceof TransientModelError) {
        const after = await this.state.recordFailure(call.model, this.policy.failureThreshold, this.policy.durationMinutes);
        if (after?.skipped && after.failureCount === this.policy.failureThreshold) {
          this.logger.warn(`Image model ${call.model} SKIPPED after ${after.failureCount} consecutive transient failures, until ${after.skippedUntil?.toISOString()}`);
        }
      }
    } catch (dbError) {
      this.logger.error(`Recording the image model outcome failed: ${(dbError as Error).message}`);
    }
  }

  /** 001 §3 "Fallback status": the chain's first model is the primary, its second the fallback. */
  async status(): Promise<FallbackStatus> {
    const stored = await this.state.read();
    return fallbackStatusOf(this.chainOf(stored), stored.adminOverride, stored.now, {
      engine: this.models.engine,
      failureThreshold: this.policy.failureThreshold,
      fallbackDurationMinutes: this.policy.durationMinutes,
      recoveryIntervalMinutes: this.policy.recoveryIntervalMinutes,
    });
  }

  /** Admin (001): true passes over the primary, false tries it first whatever its window, null returns to the rules. */
  async setOverride(enabled: boolean | null): Promise<FallbackStatus> {
    await this.state.setOverride(enabled);
    this.logger.warn(`Image model fallback override set to ${enabled === null ? 'automatic' : enabled ? 'fallback' : 'primary'}`);
    return this.status();
  }

  /** Admin (001): every model's failure count 0 and skip window closed (the override stays as set). */
  async reset(): Promise<FallbackStatus> {
    await this.state.reset(this.models.configured);
    this.logger.warn('Image model chain reset');
    return this.status();
  }

  /** Admin (001 §7): a test generation against the model that serves now, recorded like any call. */
  async runTest(): Promise<ModelTestResult> {
    const [first] = await this.plan();
    return this.testModel(first ?? this.models.configured[0]);
  }

  /** Admin (D41): a test generation against one model of the chain, recorded like any call. */
  async testModel(model: string): Promise<ModelTestResult> {
    this.configuredModel(model);
    const call = await this.probe(model, 'test');
    await this.record(call);
    return { model, success: call.error === null, error: call.error === null ? null : (call.error as Error).message, latencyMs: Math.round(call.latencyMs) };
  }

  /** Admin (D41): the chain's new order, every configured model once. */
  async reorder(order: readonly string[]): Promise<ModelChainView> {
    const configured = this.models.configured;
    if (order.length !== configured.length || new Set(order).size !== order.length || !order.every((m) => configured.includes(m))) {
      throw new DomainError('invalid', 'MODEL.INVALID_ORDER', 'The new order must name every model of the chain exactly once.', {
        details: { models: [...configured] },
      });
    }
    await this.state.setOrder(order);
    this.logger.warn(`Image model chain reordered: ${order.join(' → ')}`);
    return this.view();
  }

  /** Admin (D41): a disabled model is never tried; the last enabled model cannot be disabled. */
  async setEnabled(model: string, enabled: boolean): Promise<ModelChainView> {
    this.configuredModel(model);
    if (!enabled) {
      const chain = this.chainOf(await this.state.read());
      if (!chain.some((h) => h.model !== model && !h.disabled)) {
        throw new DomainError('conflict', 'MODEL.LAST_ENABLED', 'At least one model of the chain must stay enabled.');
      }
    }
    await this.state.setDisabled(model, !enabled);
    this.logger.warn(`Image model ${model} ${enabled ? 'enabled' : 'disabled'}`);
    return this.view();
  }

  /** Admin (D41): the chain with each model's state, price and reliability over 24 hours and 7 days. */
  async view(): Promise<ModelChainView> {
    const stored = await this.state.read();
    const chain = this.chainOf(stored);
    const ids = chain.map((h) => h.model);
    const [day, week] = await Promise.all([this.state.reliability(ids, 24), this.state.reliability(ids, 24 * 7)]);
    const plan = attemptOrder(chain, stored.adminOverride, stored.now);
    const models = chain.map((health, i): ChainModelView => {
      const price = this.priceOf(health.model);
      const label = isSupportedModel(health.model) ? MODEL_LABELS[health.model] : { label: health.model, vendor: '' };
      return {
        model: health.model,
        label: label.label,
        vendor: label.vendor,
        position: i + 1,
        status: modelStatus(health, plan[0], stored.now),
        failureCount: health.failureCount,
        skippedUntil: health.skipped && health.skippedUntil ? health.skippedUntil.getTime() : null,
        lastFailureTime: health.lastFailureTime ? health.lastFailureTime.getTime() : null,
        price: { perImage: price.perImageMicros / 1_000_000, perMegapixel: price.perMegapixelMicros / 1_000_000, description: describePrice(price) },
        last24Hours: reliabilityOf(day.get(health.model)),
        last7Days: reliabilityOf(week.get(health.model)),
      };
    });
    return {
      engine: this.models.engine,
      currentModel: plan[0] ?? '',
      adminOverride: stored.adminOverride,
      failureThreshold: this.policy.failureThreshold,
      skipMinutes: this.policy.durationMinutes,
      recoveryIntervalMinutes: this.policy.recoveryIntervalMinutes,
      models,
    };
  }

  /** D41: spend and generations per UTC day and model (Sales Analytics). */
  spend(days: number): Promise<SpendRow[]> {
    return this.state.spend(days);
  }

  /**
   * D11 per model: the recovery test tries each skipped model (enabled, no admin override
   * deciding for the primary) once per interval; success ends its window, failure pushes it out.
   * Runs on one instance at a time (pg_try_advisory_lock) and at most once per interval across
   * instances (last_recovery_check), unless `force` (tests, an operator) skips the interval check.
   */
  async runRecoveryCheck(options: { force?: boolean } = {}): Promise<RecoveryCheckResult> {
    const outcome = await this.state.withRecoveryLock(async (): Promise<RecoveryCheckResult> => {
      const stored = await this.state.read();
      const chain = this.chainOf(stored);
      const due = chain.filter((h, i) => {
        if (i === 0 && stored.adminOverride !== null) return false; // the admin decides for the primary
        return options.force ? h.skipped && !h.disabled : isRecoveryDue(h, stored.now, this.policy);
      });
      if (due.length === 0) return 'not-due';
      let allUp = true;
      for (const health of due) {
        const call = await this.probe(health.model, 'recovery');
        await this.record(call);
        // A refusal is the model answering: it is up.
        const up = call.error === null || call.error instanceof ModelRefusedError;
        await this.state.recordRecoveryResult(health.model, up, this.policy.durationMinutes);
        if (up) this.logger.warn(`Image model recovery test passed: ${health.model} is back in the chain`);
        else this.logger.warn(`Image model recovery test failed for ${health.model} (${(call.error as Error).message}); it stays skipped`);
        allUp &&= up;
      }
      return allUp ? 'recovered' : 'still-failing';
    });
    return outcome.ran ? outcome.value : 'locked';
  }

  priceOf(model: string): ModelPrice {
    return isSupportedModel(model) ? this.prices[model] : { perImageMicros: 0, perMegapixelMicros: 0 };
  }

  private configuredModel(model: string): void {
    if (!this.models.configured.includes(model)) {
      throw new DomainError('not_found', 'MODEL.NOT_FOUND', 'This model is not in the chain.', { details: { models: [...this.models.configured] } });
    }
  }

  private chainOf(stored: StoredChain): ModelHealth[] {
    return chainOrder(this.models.configured, stored.chainOrder).map((model) => stored.health.get(model) ?? healthyModel(model));
  }

  private async probe(model: string, purpose: 'test' | 'recovery'): Promise<CallOutcome> {
    const started = performance.now();
    try {
      const result = await this.models.byId.get(model)!.edit({ image: PROBE_IMAGE, mimeType: 'image/png', prompt: PROBE_PROMPT, style: 'realistic' });
      return { model, purpose, imageId: null, latencyMs: performance.now() - started, error: null, result };
    } catch (error) {
      return { model, purpose, imageId: null, latencyMs: performance.now() - started, error };
    }
  }
}

function outcomeOf(call: CallOutcome): AttemptOutcome {
  if (call.error === null) return 'succeeded';
  if (call.callerAborted) return 'aborted';
  if (call.error instanceof ModelRefusedError) return 'refused';
  if (call.error instanceof UnsupportedEditError) return 'unsupported';
  return 'failed';
}

function reliabilityOf(figures: { attempts: number; answered: number; p50Ms: number | null; p95Ms: number | null } | undefined): ModelReliability {
  if (!figures || figures.attempts === 0) return { attempts: 0, successRate: null, p50Ms: null, p95Ms: null };
  return {
    attempts: figures.attempts,
    successRate: Math.round((figures.answered * 1000) / figures.attempts) / 10,
    p50Ms: figures.p50Ms,
    p95Ms: figures.p95Ms,
  };
}
