// Public surface of the generation context (ARCHITECTURE rule 2): other contexts import only from here.
export { GenerationModule } from './generation.module';
export { IMAGE_GENERATED } from './domain/image-generated.event';
export type { ImageGenerated } from './domain/image-generated.event';
export { GENERATION_API } from './generation.api';
export type { ChainModelView, GenerationApi, ModelChainView, ModelReliability, ModelSpendRow, ModelTestResult } from './generation.api';
export type { FallbackConfiguration, FallbackStatus, ModelStatus } from './domain/model-chain';
