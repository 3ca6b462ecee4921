import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CreditsModule } from '../credits';
import { GenerationController } from './adapters/http/generation.controller';
import { ImagesController } from './adapters/http/images.controller';
import { ImageModelModule } from './adapters/model/image-model.module';
import { ImageOrmEntity } from './adapters/typeorm/image.orm-entity';
import { TypeormImageRepository } from './adapters/typeorm/typeorm-image.repository';
import { ChangeVisibilityUseCase } from './application/change-visibility.use-case';
import { FailStuckGenerationsJob } from './application/fail-stuck-generations.job';
import { GenerateImageUseCase } from './application/generate-image.use-case';
import { ImageFilesService } from './application/image-files.service';
import { OutputImageService } from './application/output-image.service';
import { SaveImageUseCase } from './application/save-image.use-case';
import { UnsaveImageUseCase } from './application/unsave-image.use-case';
import { UploadCheckService } from './application/upload-check.service';

/**
 * Generation (issue 4): uploads (D12), the image model (IMAGE_MODEL from ImageModelModule: the
 * local sharp engine without a Replicate token, else Replicate behind the D11 fallback state),
 * watermarking (D2), the image store (PostgreSQL bytea, rule 8), the Magic Editor API.
 */
@Module({
  imports: [TypeOrmModule.forFeature([ImageOrmEntity]), CreditsModule, ImageModelModule],
  controllers: [GenerationController, ImagesController],
  providers: [
    TypeormImageRepository,
    UploadCheckService,
    OutputImageService,
    GenerateImageUseCase,
    ImageFilesService,
    SaveImageUseCase,
    UnsaveImageUseCase,
    ChangeVisibilityUseCase,
    FailStuckGenerationsJob,
  ],
})
export class GenerationModule {}
