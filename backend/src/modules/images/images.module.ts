import { ProvenanceModule } from '../../shared/provenance/provenance.module';
import { ContentCredentialsService } from '../../shared/provenance/content-credentials.service';
import { ImageProvenanceService } from './application/image-provenance.service';
import { runProvenanceBackfill } from './adapters/cli/provenance-backfill';
import { Logger, Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { databaseOptions } from '../../database/database-options';
import { runMoveToObjectStore } from './adapters/cli/move-to-object-store';
import { RENDITION_BACKFILL_ENTITIES, runRenditionBackfill } from './adapters/cli/rendition-backfill';
import { createImageStore } from './adapters/image-store.factory';
import { TypeormImageObjectMovesRepository } from './adapters/typeorm/typeorm-image-object-moves.repository';
import { TypeormImageObjectsRepository } from './adapters/typeorm/typeorm-image-objects.repository';
import { DeleteImageObjectsJob } from './application/delete-image-objects.job';
import { ImageObjectMovesService } from './application/image-object-moves.service';
import { MoveImageObjectsJob } from './application/move-image-objects.job';
import { IMAGE_STORE, type ImageStore } from './application/image-store.port';
import { ImageStorageService } from './application/image-storage.service';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BillingModule } from '../billing';
import { ImagesController } from './adapters/http/images.controller';
import { MyEditsController } from './adapters/http/my-edits.controller';
import { SharedEditController } from './adapters/http/shared-edit.controller';
import { ImageOrmEntity } from './adapters/typeorm/image.orm-entity';
import { TypeormImageRepository } from './adapters/typeorm/typeorm-image.repository';
import { ChangeVisibilityUseCase } from './application/change-visibility.use-case';
import { EmptyMyEditsOnPlanEnd } from './application/empty-my-edits-on-plan-end.handler';
import { FavoriteImageUseCase } from './application/favorite-image.use-case';
import { ImageHistoryUseCase } from './application/image-history.use-case';
import { ImageFilesService } from './application/image-files.service';
import { ImageRenditionsService } from './application/image-renditions.service';
import { ImagesApiService } from './application/images-api.service';
import { ListMyEditsUseCase } from './application/list-my-edits.use-case';
import { MakeMissingRenditionsJob } from './application/make-missing-renditions.job';
import { PurgeMyEditsJob } from './application/purge-my-edits.job';
import { SaveImageUseCase } from './application/save-image.use-case';
import { SharedEditService } from './application/shared-edit.service';
import { UnsaveImageUseCase } from './application/unsave-image.use-case';
import { IMAGES_API, type ImageCommands } from './images.api';
import { describeImageStore } from './images.config';

/**
 * Images (issues 9, 11): completed images as a library of their own. Owns the `image` and
 * `image_rendition` tables; their bytes go through IMAGE_STORE (PostgreSQL bytea by default, rule 8,
 * or an S3-compatible object store, ADR 0023): serving the files with
 * ETags (GET /api/images/{id}, /original, /download, /renditions/…), WebP renditions (D31),
 * visibility (D14), My Edits with favourites and retention (D7, D9, D23). Generation drives a row's lifecycle and
 * administration hides images, both only through IMAGES_API. Community reads the table through its
 * own read entity (ADR 0010).
 */
@Module({
  imports: [TypeOrmModule.forFeature([ImageOrmEntity]), BillingModule, ProvenanceModule],
  controllers: [ImagesController, MyEditsController, SharedEditController],
  providers: [
    TypeormImageRepository,
    TypeormImageObjectsRepository,
    TypeormImageObjectMovesRepository,
    {
      provide: IMAGE_STORE,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): ImageStore => {
        new Logger('Images').log(describeImageStore(config.images.s3));
        return createImageStore(config.images.s3);
      },
    },
    ImageStorageService,
    DeleteImageObjectsJob,
    ImageObjectMovesService,
    MoveImageObjectsJob,
    ImageRenditionsService,
    ImageProvenanceService,
    ImagesApiService,
    ImageFilesService,
    SaveImageUseCase,
    UnsaveImageUseCase,
    FavoriteImageUseCase,
    ImageHistoryUseCase,
    ListMyEditsUseCase,
    ChangeVisibilityUseCase,
    SharedEditService,
    EmptyMyEditsOnPlanEnd,
    PurgeMyEditsJob,
    MakeMissingRenditionsJob,
    { provide: IMAGES_API, useExisting: ImagesApiService },
  ],
  exports: [IMAGES_API],
})
export class ImagesModule {}

/**
 * The maintenance commands (backend/src/cli), wired as the module wires the app: the configured
 * image store (ADR 0023) and a small DataSource of their own that knows only this context's entity,
 * on the database at `databaseUrl` (prepared and migrated by the caller).
 */
export function openImageCommands(config: AppConfig, databaseUrl: string): ImageCommands {
  const dataSource = new DataSource(databaseOptions(databaseUrl, { entities: RENDITION_BACKFILL_ENTITIES }, { ...config.database.pool, size: 2 }));
  const store = createImageStore(config.images.s3);
  const credentials = new ContentCredentialsService(config);
  return {
    open: async () => {
      await dataSource.initialize();
    },
    backfillRenditions: (log) => runRenditionBackfill(dataSource, log, store, credentials),
    backfillProvenance: (log) => runProvenanceBackfill(dataSource, store, credentials, log),
    moveToObjectStore: (log, batch) => runMoveToObjectStore(dataSource, store, log, batch),
    close: async () => {
      await credentials.onModuleDestroy();
      store.onModuleDestroy?.();
      await dataSource.destroy().catch(() => undefined);
    },
  };
}
