import { Logger, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG, type AppConfig } from '../../../../config/app-config';
import { ChainImageModel } from '../../application/chain-image-model';
import { CHAIN_MODELS, type ChainModels, type NamedImageModel } from '../../application/chain-models';
import { type ActiveEngine, ENGINE_CAPABILITIES } from '../../application/engine-capabilities.port';
import { IMAGE_MODEL, type ImageModel } from '../../application/image-model.port';
import { InstanceImageWork } from '../../application/instance-image-work';
import { ModelChainService } from '../../application/model-chain.service';
import { RunModelRecoveryJob } from '../../application/run-model-recovery.job';
import { LOCAL_ENGINE_MODEL } from '../../domain/model-catalogue';
import { AI_MODEL_CAPABILITIES, LOCAL_ENGINE_CAPABILITIES_SET } from './engine-capabilities';
import { LocalEnginePool } from './local-engine/local-engine-pool';
import { LocalImageModel } from './local-image-model.adapter';
import { ReplicateImageModel } from './replicate-image-model.adapter';
import { REPLICATE_SCHEMAS } from './replicate-model-schemas';
import { ModelFallbackStateOrmEntity } from './typeorm/model-fallback-state.orm-entity';
import { TypeormModelChainRepository } from './typeorm/typeorm-model-chain.repository';

/**
 * D10/D41: provides IMAGE_MODEL, the model chain over MODEL_CHAIN's models (with zero
 * configuration the local sharp engine alone; with a Replicate token Kontext Max → Kontext Pro
 * unless MODEL_CHAIN says otherwise), each model behind its own adapter. ModelChainService is
 * exported for the admin dashboard. ENGINE_CAPABILITIES (issue 15) says which engine the chain
 * starts with and what it can do.
 */
@Module({
  imports: [TypeOrmModule.forFeature([ModelFallbackStateOrmEntity])],
  providers: [
    {
      // ADR 0022: the local engine's worker threads (started on the first edit, closed with the app).
      provide: LocalEnginePool,
      inject: [APP_CONFIG, InstanceImageWork],
      useFactory: (config: AppConfig, turns: InstanceImageWork) => new LocalEnginePool({ threads: config.generation.localEngineThreads, turns }),
    },
    InstanceImageWork,
    LocalImageModel,
    TypeormModelChainRepository,
    {
      provide: CHAIN_MODELS,
      inject: [APP_CONFIG, LocalImageModel],
      useFactory: (config: AppConfig, local: LocalImageModel): ChainModels => {
        const { replicate, modelChain, modelPrices, modelAttemptTimeoutMs } = config.generation;
        const logger = new Logger(ReplicateImageModel.name);
        const byId = new Map<string, NamedImageModel>();
        for (const model of modelChain) {
          if (model === LOCAL_ENGINE_MODEL) byId.set(model, local);
          else if (replicate) {
            byId.set(
              model,
              new ReplicateImageModel({
                apiToken: replicate.apiToken,
                baseUrl: replicate.baseUrl,
                schema: REPLICATE_SCHEMAS[model],
                price: modelPrices[model],
                timeoutMs: modelAttemptTimeoutMs,
                logger,
              }),
            );
          }
        }
        return { engine: modelChain.some((m) => m !== LOCAL_ENGINE_MODEL) ? 'replicate' : 'local', configured: [...byId.keys()], byId };
      },
    },
    ModelChainService,
    RunModelRecoveryJob,
    {
      provide: IMAGE_MODEL,
      inject: [ModelChainService, CHAIN_MODELS],
      useFactory: (chain: ModelChainService, models: ChainModels): ImageModel => new ChainImageModel(chain, models),
    },
    {
      // Issue 15, D41: what the engine serving now can do (the AI models: any prompt). The local
      // engine standing last in a chain of AI models is a degraded mode: its capabilities hold
      // while it is the model the next generation tries first.
      provide: ENGINE_CAPABILITIES,
      inject: [CHAIN_MODELS, ModelChainService],
      useFactory: (models: ChainModels, chain: ModelChainService): ActiveEngine => {
        const local = models.configured.includes(LOCAL_ENGINE_MODEL);
        const ai = models.configured.some((m) => m !== LOCAL_ENGINE_MODEL);
        if (!local || !ai) return { current: async () => (ai ? AI_MODEL_CAPABILITIES : LOCAL_ENGINE_CAPABILITIES_SET) };
        return { current: async () => ((await chain.plan())[0] === LOCAL_ENGINE_MODEL ? LOCAL_ENGINE_CAPABILITIES_SET : AI_MODEL_CAPABILITIES) };
      },
    },
  ],
  exports: [IMAGE_MODEL, ENGINE_CAPABILITIES, ModelChainService, InstanceImageWork],
})
export class ImageModelModule {}
