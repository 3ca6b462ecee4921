import type { DataSource } from 'typeorm';
import type { ContentCredentialsService } from '../../../../shared/provenance/content-credentials.service';
import { ImageProvenanceService } from '../../application/image-provenance.service';
import { ImageRenditionsService } from '../../application/image-renditions.service';
import type { ImageStore } from '../../application/image-store.port';
import { ImageStorageService } from '../../application/image-storage.service';
import type { BackfillSummary } from '../../images.api';
import { PostgresImageStore } from '../postgres/postgres-image-store.adapter';
import { ImageOrmEntity } from '../typeorm/image.orm-entity';
import { TypeormImageObjectsRepository } from '../typeorm/typeorm-image-objects.repository';
import { TypeormImageRepository } from '../typeorm/typeorm-image.repository';
import { forEachImageBatch } from './image-batches';

/** Images looked up per query; each is made and stored before the next. */
const BATCH = 25;

/**
 * D31 backfill as a command (`npm run renditions:backfill -w backend`): every completed image
 * without renditions gets them, newest first, until none is left. Re-runnable: an image that
 * has them is never touched again, and storing is conditional, so it is safe next to running
 * app instances (whose MakeMissingRenditionsJob does the same a few at a time).
 */
export async function runRenditionBackfill(
  dataSource: DataSource,
  log: (line: string) => void = () => undefined,
  store: ImageStore = new PostgresImageStore(),
  credentials?: ContentCredentialsService,
): Promise<BackfillSummary> {
  const repository = dataSource.getRepository(ImageOrmEntity);
  const images = new TypeormImageRepository(repository);
  const storage = new ImageStorageService(store, new TypeormImageObjectsRepository(repository));
  // D42: the generated renditions of a signed file are signed like it.
  const renditions = new ImageRenditionsService(images, storage, credentials ? new ImageProvenanceService(images, storage, credentials) : undefined);
  const summary: BackfillSummary = { made: 0, skipped: 0, seconds: 0 };
  summary.seconds = await forEachImageBatch(
    () => images.missingRenditions(BATCH),
    async (id) => {
      summary[await renditions.backfill(id)]++;
    },
    () => log(`renditions: ${summary.made} images done`),
  );
  return summary;
}

/** What the command's DataSource must know. */
export const RENDITION_BACKFILL_ENTITIES = [ImageOrmEntity];
