import type { DataSource } from 'typeorm';
import type { ContentCredentialsService } from '../../../../shared/provenance/content-credentials.service';
import { ImageProvenanceService, type ProvenanceBackfillOutcome } from '../../application/image-provenance.service';
import type { ImageStore } from '../../application/image-store.port';
import { ImageStorageService } from '../../application/image-storage.service';
import type { ProvenanceSummary } from '../../images.api';
import { ImageOrmEntity } from '../typeorm/image.orm-entity';
import { TypeormImageObjectsRepository } from '../typeorm/typeorm-image-objects.repository';
import { TypeormImageRepository } from '../typeorm/typeorm-image.repository';
import { forEachImageBatch } from './image-batches';

const BATCH = 25;

/**
 * D42 backfill as a command (`npm run provenance:backfill -w backend`): every completed image whose
 * generated file is not known to carry content credentials gets them (its renditions made again
 * and signed), or is marked when it already does; in id order, a batch at a time. Re-runnable: a
 * row is written only while it has none, so a second run finds nothing to do.
 */
export async function runProvenanceBackfill(
  dataSource: DataSource,
  store: ImageStore,
  credentials: ContentCredentialsService,
  log: (line: string) => void = () => undefined,
): Promise<ProvenanceSummary> {
  const repository = dataSource.getRepository(ImageOrmEntity);
  const images = new TypeormImageRepository(repository);
  const storage = new ImageStorageService(store, new TypeormImageObjectsRepository(repository));
  const provenance = new ImageProvenanceService(images, storage, credentials);
  const counts: Record<ProvenanceBackfillOutcome, number> = { signed: 0, marked: 0, skipped: 0 };
  const seconds = await forEachImageBatch(
    (lastId) => images.withoutContentCredentials(lastId, BATCH),
    async (id) => {
      counts[await provenance.backfill(id)]++;
    },
    () => log(`content credentials: ${counts.signed} signed, ${counts.marked} already signed, ${counts.skipped} skipped`),
  );
  return { ...counts, seconds };
}
