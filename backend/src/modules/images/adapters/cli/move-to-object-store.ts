import type { DataSource } from 'typeorm';
import type { ImageStore } from '../../application/image-store.port';
import type { ImageFile } from '../../domain/image';
import { fileKey, objectScopeOf, renditionKey } from '../../domain/object-keys';
import type { MoveSummary } from '../../images.api';
import { ImageOrmEntity } from '../typeorm/image.orm-entity';
import { TypeormImageObjectsRepository } from '../typeorm/typeorm-image-objects.repository';
import { TypeormImageRepository } from '../typeorm/typeorm-image.repository';
import { forEachImageBatch } from './image-batches';

/** Images looked up per query; their objects are put a few at a time. */
const DEFAULT_BATCH = 20;

/**
 * ADR 0023: moves image bytes from PostgreSQL rows to the object store (`npm run images:move-to-s3
 * -w backend`). Each file is put first, then its row forgets the bytes and records the key in one
 * conditional statement (only while the bytes are still there; the image is marked as holding
 * objects first, so deleting it meanwhile queues their deletion), so the command is idempotent,
 * resumable after a crash (a file put but not recorded is put again under the same key) and safe
 * beside running app instances, which read both places. Run it once the app itself has S3_BUCKET,
 * so that no new bytes land in rows meanwhile. A rerun finds nothing to do.
 */
export async function runMoveToObjectStore(
  dataSource: DataSource,
  store: ImageStore,
  log: (line: string) => void = () => undefined,
  batch = DEFAULT_BATCH,
): Promise<MoveSummary> {
  if (!store.holdsObjects) throw new Error('No object store configured: set S3_BUCKET (and S3_ENDPOINT, S3_REGION, credentials)');
  const repository = dataSource.getRepository(ImageOrmEntity);
  const images = new TypeormImageRepository(repository);
  const objects = new TypeormImageObjectsRepository(repository);
  const summary: MoveSummary = { images: 0, files: 0, renditions: 0, skipped: 0, seconds: 0 };
  const total = await objects.countWithBytesInRows();
  log(`images:move-to-s3: ${total} images hold bytes in PostgreSQL`);

  /** Puts the object, then records it; when the row changed meanwhile, the object stays only if a row records it. */
  const move = async (id: string, key: string, bytes: Buffer, type: string, record: () => Promise<boolean>, kind: 'files' | 'renditions') => {
    await store.place(key, bytes, type);
    if (await record()) {
      summary[kind]++;
      return;
    }
    summary.skipped++;
    if (!(await objects.keyRecorded(id, key))) await store.delete([key]);
  };

  summary.seconds = await forEachImageBatch(
    (after) => objects.withBytesInRows(after, batch),
    async (id) => {
      summary.images++;
      // Issue 24: under the prefix its visibility says now; should it change meanwhile, the app's
      // move job puts the objects right (recording a key under another prefix flags the image).
      const visibility = await objects.visibilityOf(id);
      if (!visibility) return;
      const scope = objectScopeOf(visibility);
      await objects.markInObjectStore(id);
      for (const file of ['original', 'generated'] as ImageFile[]) {
        const stored = await images.findFile(id, file);
        if (!stored?.bytes) continue;
        const key = fileKey(id, scope, file, stored.mimeType);
        await move(id, key, stored.bytes, stored.mimeType, () => objects.fileMoved(id, file, key, scope), 'files');
      }
      const renditions = await objects.renditionsInRows(id);
      await Promise.all(
        renditions.map((r) => {
          const key = renditionKey(id, scope, r.file, r.width, r.version);
          return move(id, key, r.bytes, 'image/webp', () => objects.renditionMoved(id, r, key, scope), 'renditions');
        }),
      );
    },
    () => log(`images:move-to-s3: ${summary.images}/${total} images, ${summary.files} files and ${summary.renditions} renditions moved`),
  );
  return summary;
}
