import { Inject, Injectable } from '@nestjs/common';
import { GENERATION_API, type FallbackStatus, type GenerationApi, type ModelChainView, type ModelTestResult } from '../../generation';
import type { AdminActor } from '../domain/audit';
import { AuditTrailService } from './audit-trail.service';

/**
 * 001 §4 model fallback and D41's model chain, admin actions: 001's override on or off (or back to
 * automatic), reset, a test generation; the chain's order, a model disabled or enabled, a test of
 * one model. Every one audited (D32). The state is generation's shared rows, so every instance
 * sees the change at once.
 */
@Injectable()
export class ModelSteeringService {
  constructor(
    @Inject(GENERATION_API) private readonly generation: GenerationApi,
    private readonly audit: AuditTrailService,
  ) {}

  status(): Promise<FallbackStatus> {
    return this.generation.fallbackStatus();
  }

  override(actor: AdminActor, enabled: boolean | null): Promise<FallbackStatus> {
    return this.audit.run(actor, { action: 'fallback.override', targetType: 'fallback', targetId: null, reason: null, details: { enabled } }, async () => {
      const after = await this.generation.overrideFallback(enabled);
      return { value: after, details: { currentModel: after.currentModel } };
    });
  }

  reset(actor: AdminActor): Promise<FallbackStatus> {
    return this.audit.run(actor, { action: 'fallback.reset', targetType: 'fallback', targetId: null, reason: null, details: {} }, async () => {
      const after = await this.generation.resetFallback();
      return { value: after, details: { currentModel: after.currentModel } };
    });
  }

  /** A failed test is an answer ({success: false}), not an error: the row succeeds with the result. */
  test(actor: AdminActor): Promise<ModelTestResult> {
    return this.audit.run(actor, { action: 'fallback.test', targetType: 'fallback', targetId: null, reason: null, details: {} }, async () => {
      const result = await this.generation.testModel();
      return { value: result, details: { model: result.model, success: result.success, error: result.error } };
    });
  }

  chain(): Promise<ModelChainView> {
    return this.generation.modelChain();
  }

  reorder(actor: AdminActor, models: string[]): Promise<ModelChainView> {
    return this.audit.run(actor, { action: 'model.reorder', targetType: 'model', targetId: null, reason: null, details: { models } }, async () => {
      const after = await this.generation.reorderModels(models);
      return { value: after, details: { currentModel: after.currentModel } };
    });
  }

  setEnabled(actor: AdminActor, model: string, enabled: boolean): Promise<ModelChainView> {
    const action = enabled ? 'model.enable' : 'model.disable';
    return this.audit.run(actor, { action, targetType: 'model', targetId: model, reason: null, details: {} }, async () => {
      const after = await this.generation.setModelEnabled(model, enabled);
      return { value: after, details: { currentModel: after.currentModel } };
    });
  }

  /** Like 001's test: a failed test is an answer, the row succeeds with the result. */
  testModel(actor: AdminActor, model: string): Promise<ModelTestResult> {
    return this.audit.run(actor, { action: 'model.test', targetType: 'model', targetId: model, reason: null, details: {} }, async () => {
      const result = await this.generation.testChainModel(model);
      return { value: result, details: { success: result.success, error: result.error, latencyMs: result.latencyMs } };
    });
  }
}
