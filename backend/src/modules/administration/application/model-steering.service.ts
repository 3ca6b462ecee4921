import { Inject, Injectable } from '@nestjs/common';
import { GENERATION_API, type FallbackStatus, type GenerationApi, type ModelTestResult } from '../../generation';
import type { AdminActor } from '../domain/audit';
import { AuditTrailService } from './audit-trail.service';

/**
 * 001 §4 model fallback, admin actions (D11): force the override on or off (or back to automatic),
 * reset the failure count, run a test generation. The state is generation's shared row, so every
 * instance sees the change at once.
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
}
