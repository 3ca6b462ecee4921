import { Injectable } from '@nestjs/common';
import type { FallbackStatus } from '../domain/fallback-state';
import type { GenerationApi, ModelTestResult } from '../generation.api';
import { FallbackService } from './fallback.service';

/** GENERATION_API: the admin's model controls, served by the D11 fallback service. */
@Injectable()
export class GenerationApiService implements GenerationApi {
  constructor(private readonly fallback: FallbackService) {}

  fallbackStatus(): Promise<FallbackStatus> {
    return this.fallback.status();
  }

  overrideFallback(enabled: boolean | null): Promise<FallbackStatus> {
    return this.fallback.setOverride(enabled);
  }

  resetFallback(): Promise<FallbackStatus> {
    return this.fallback.reset();
  }

  testModel(): Promise<ModelTestResult> {
    return this.fallback.runTest();
  }
}
