import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BillingModule } from '../billing';
import { ImagesController } from './adapters/http/images.controller';
import { ImageOrmEntity } from './adapters/typeorm/image.orm-entity';
import { TypeormImageRepository } from './adapters/typeorm/typeorm-image.repository';
import { ChangeVisibilityUseCase } from './application/change-visibility.use-case';
import { EmptyMyEditsOnPlanEnd } from './application/empty-my-edits-on-plan-end.handler';
import { ImageFilesService } from './application/image-files.service';
import { SaveImageUseCase } from './application/save-image.use-case';
import { UnsaveImageUseCase } from './application/unsave-image.use-case';
import { IMAGES_API } from './images.api';

/**
 * Images (issue 9): completed images as a library of their own. Owns the `image` table (the image
 * store, PostgreSQL bytea, rule 8): serving the files with ETags (GET /api/images/{id}, /original,
 * /download), visibility (D14), My Edits (D7, D23). Generation drives a row's lifecycle and
 * administration hides images, both only through IMAGES_API. Community reads the table through its
 * own read entity (ADR 0010).
 */
@Module({
  imports: [TypeOrmModule.forFeature([ImageOrmEntity]), BillingModule],
  controllers: [ImagesController],
  providers: [
    TypeormImageRepository,
    ImageFilesService,
    SaveImageUseCase,
    UnsaveImageUseCase,
    ChangeVisibilityUseCase,
    EmptyMyEditsOnPlanEnd,
    { provide: IMAGES_API, useExisting: TypeormImageRepository },
  ],
  exports: [IMAGES_API],
})
export class ImagesModule {}
