import { Injectable } from '@nestjs/common';
import type { FallbackStatus } from '../domain/model-chain';
import type { GenerationApi, ModelChainView, ModelSpendRow, ModelTestResult } from '../generation.api';
import { ModelChainService } from './model-chain.service';

/** GENERATION_API: the admin's model controls and spend, served by the D41 model chain. */
@Injectable()
export class GenerationApiService implements GenerationApi {
  constructor(private readonly chain: ModelChainService) {}

  fallbackStatus(): Promise<FallbackStatus> {
    return this.chain.status();
  }

  overrideFallback(enabled: boolean | null): Promise<FallbackStatus> {
    return this.chain.setOverride(enabled);
  }

  resetFallback(): Promise<FallbackStatus> {
    return this.chain.reset();
  }

  testModel(): Promise<ModelTestResult> {
    return this.chain.runTest();
  }

  modelChain(): Promise<ModelChainView> {
    return this.chain.view();
  }

  reorderModels(order: readonly string[]): Promise<ModelChainView> {
    return this.chain.reorder(order);
  }

  setModelEnabled(model: string, enabled: boolean): Promise<ModelChainView> {
    return this.chain.setEnabled(model, enabled);
  }

  testChainModel(model: string): Promise<ModelTestResult> {
    return this.chain.testModel(model);
  }

  modelSpend(days: number): Promise<ModelSpendRow[]> {
    return this.chain.spend(days);
  }
}
