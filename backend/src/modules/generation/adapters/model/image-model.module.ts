import { Logger, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG, type AppConfig } from '../../../../config/app-config';
import { FallbackImageModel } from '../../application/fallback-image-model';
import { FALLBACK_MODELS, type FallbackModels } from '../../application/fallback-models';
import { FallbackService } from '../../application/fallback.service';
import { ENGINE_CAPABILITIES, type EngineCapabilities } from '../../application/engine-capabilities.port';
import { IMAGE_MODEL, type ImageModel } from '../../application/image-model.port';
import { RunFallbackRecoveryJob } from '../../application/run-fallback-recovery.job';
import { AI_MODEL_CAPABILITIES, LOCAL_ENGINE_CAPABILITIES_SET } from './engine-capabilities';
import { LocalEnginePool } from './local-engine/local-engine-pool';
import { LocalImageModel } from './local-image-model.adapter';
import { ReplicateImageModel } from './replicate-image-model.adapter';
import { ModelFallbackStateOrmEntity } from './typeorm/model-fallback-state.orm-entity';
import { TypeormModelFallbackStateRepository } from './typeorm/typeorm-model-fallback-state.repository';

/**
 * D10/D11: provides IMAGE_MODEL. No REPLICATE_API_TOKEN → the local sharp engine; otherwise the
 * Replicate primary (Flux Kontext Max) and fallback (Flux Kontext Pro) behind the shared fallback
 * state. FallbackService is exported for the admin dashboard (status, override, reset, test).
 * ENGINE_CAPABILITIES (issue 15) says, by the same choice, which engine that is and what it can do.
 */
@Module({
  imports: [TypeOrmModule.forFeature([ModelFallbackStateOrmEntity])],
  providers: [
    {
      // ADR 0022: the local engine's worker threads (started on the first edit, closed with the app).
      provide: LocalEnginePool,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => new LocalEnginePool({ threads: config.generation.localEngineThreads }),
    },
    LocalImageModel,
    TypeormModelFallbackStateRepository,
    {
      provide: FALLBACK_MODELS,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): FallbackModels | null => {
        const replicate = config.generation.replicate;
        if (!replicate) return null;
        const logger = new Logger(ReplicateImageModel.name);
        const make = (model: string) =>
          new ReplicateImageModel({ apiToken: replicate.apiToken, baseUrl: replicate.baseUrl, model, timeoutMs: config.generation.modelTimeoutMs, logger });
        return { primary: make(replicate.primaryModel), fallback: make(replicate.fallbackModel) };
      },
    },
    FallbackService,
    RunFallbackRecoveryJob,
    {
      provide: IMAGE_MODEL,
      inject: [LocalImageModel, FallbackService, FALLBACK_MODELS],
      useFactory: (local: LocalImageModel, fallback: FallbackService, models: FallbackModels | null): ImageModel =>
        models ? new FallbackImageModel(fallback, models) : local,
    },
    {
      provide: ENGINE_CAPABILITIES,
      inject: [FALLBACK_MODELS],
      useFactory: (models: FallbackModels | null): EngineCapabilities => (models ? AI_MODEL_CAPABILITIES : LOCAL_ENGINE_CAPABILITIES_SET),
    },
  ],
  exports: [IMAGE_MODEL, ENGINE_CAPABILITIES, FallbackService],
})
export class ImageModelModule {}
