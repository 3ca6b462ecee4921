import { ReportsModule } from '../reports';
import { Module } from '@nestjs/common';
import { ProvenanceModule } from '../../shared/provenance/provenance.module';
import { RateLimitModule } from '../../shared/rate-limit/rate-limit.module';
import { CreditsModule } from '../credits';
import { ImagesModule } from '../images';
import { GenerationController } from './adapters/http/generation.controller';
import { ImageModelModule } from './adapters/model/image-model.module';
import { CheckPromptUseCase } from './application/check-prompt.use-case';
import { DescribeEngineUseCase } from './application/describe-engine.use-case';
import { FailStuckGenerationsJob } from './application/fail-stuck-generations.job';
import { GenerateImageUseCase } from './application/generate-image.use-case';
import { InstanceGenerationSlots } from './application/instance-generation-slots';
import { OutputImageService } from './adapters/codecs/output-image.service';
import { RegionMaskService } from './adapters/codecs/region-mask.service';
import { ChainSourceCodec } from './adapters/codecs/chain-source.codec';
import { UploadCheckService } from './adapters/codecs/upload-check.service';
import { GenerationApiService } from './application/generation-api.service';
import { GENERATION_API } from './generation.api';

/**
 * Generation (issue 4): uploads (D12), the image model (IMAGE_MODEL from ImageModelModule: the
 * local sharp engine without a Replicate token, else Replicate behind the D11 fallback state),
 * watermarking (D2), the Magic Editor API. The image rows it creates and completes belong to the
 * images context, reached only through IMAGES_API.
 */
@Module({
  imports: [CreditsModule, ImagesModule, ImageModelModule, RateLimitModule, ProvenanceModule, ReportsModule],
  controllers: [GenerationController],
  providers: [
    UploadCheckService,
    OutputImageService,
    RegionMaskService,
    ChainSourceCodec,
    GenerateImageUseCase,
    FailStuckGenerationsJob,
    InstanceGenerationSlots,
    CheckPromptUseCase,
    DescribeEngineUseCase,
    GenerationApiService,
    { provide: GENERATION_API, useExisting: GenerationApiService },
  ],
  exports: [GENERATION_API],
})
export class GenerationModule {}
