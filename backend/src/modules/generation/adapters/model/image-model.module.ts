import { Logger, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG, type AppConfig } from '../../../../config/app-config';
import { FallbackImageModel } from '../../application/fallback-image-model';
import { FALLBACK_MODELS, type FallbackModels } from '../../application/fallback-models';
import { FallbackService } from '../../application/fallback.service';
import { IMAGE_MODEL, type ImageModel } from '../../application/image-model.port';
import { RunFallbackRecoveryJob } from '../../application/run-fallback-recovery.job';
import { LocalEnginePool } from './local-engine/local-engine-pool';
import { LocalImageModel } from './local-image-model.adapter';
import { ReplicateImageModel } from './replicate-image-model.adapter';
import { ModelFallbackStateOrmEntity } from './typeorm/model-fallback-state.orm-entity';
import { TypeormModelFallbackStateRepository } from './typeorm/typeorm-model-fallback-state.repository';

/**
 * D10/D11: provides IMAGE_MODEL. No REPLICATE_API_TOKEN → the local sharp engine; otherwise the
 * Replicate primary (Flux Kontext Max) and fallback (Flux Kontext Pro) behind the shared fallback
 * state. FallbackService is exported for the admin dashboard (status, override, reset, test).
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
  ],
  exports: [IMAGE_MODEL, FallbackService],
})
export class ImageModelModule {}
