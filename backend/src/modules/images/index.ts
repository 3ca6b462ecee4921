// Public surface of the images context (ARCHITECTURE rule 2): other contexts import only from here.
export { ImagesModule } from './images.module';
export { IMAGES_API } from './images.api';
export type { CompletedImage, GeneratedImage, GeneratedRenditions, HiddenImage, ImageBytes, ImageCounts, ImagesApi, NewProcessingImage, OwnedImage, SharePreview } from './images.api';
export { renditionViews } from './domain/rendition';
export { makeGeneratedRenditions, generatedRenditionWidth } from './adapters/sharp/generated-renditions';
export type { RawPixels } from './adapters/sharp/webp-renditions';
export type { RenditionView, RenditionViews } from './domain/rendition';
export type { ImageRecord, ImageStatus } from './domain/image';
export type { OriginalMimeType, StoredMimeType } from './domain/image-format';
export { extensionFor } from './domain/image-format';
export { ImageNotFoundError } from './domain/images-errors';
export { runRenditionBackfill, RENDITION_BACKFILL_ENTITIES } from './adapters/cli/rendition-backfill';
export type { BackfillSummary } from './adapters/cli/rendition-backfill';
export { runMoveToObjectStore } from './adapters/cli/move-to-object-store';
export type { MoveSummary } from './adapters/cli/move-to-object-store';
export { createImageStore, describeImageStore } from './adapters/image-store.factory';
