// Public surface of the images context (ARCHITECTURE rule 2): other contexts import only from here.
// No adapter: what others need of its technology (WebP renditions from their pixels, the
// maintenance commands) goes through IMAGES_API and openImageCommands.
export { ImagesModule, openImageCommands } from './images.module';
export { IMAGES_API } from './images.api';
export type {
  BackfillSummary,
  ChainSource,
  CompletedImage,
  GeneratedImage,
  GeneratedRenditions,
  HiddenImage,
  ImageBytes,
  ImageCommands,
  ImageCounts,
  ImagesApi,
  MoveSummary,
  NewProcessingImage,
  OwnedImage,
  ProvenanceSummary,
  RawPixels,
  ReportableImage,
  SharePreview,
  TakenDownImage,
} from './images.api';
export { describeImageStore } from './images.config';
export { largestRenditionWidth, renditionViews } from './domain/rendition';
export type { RenditionView, RenditionViews } from './domain/rendition';
export type { ImageRecord, ImageStatus } from './domain/image';
export type { OriginalMimeType, StoredMimeType } from './domain/image-format';
export { extensionFor } from './domain/image-format';
export { ImageNotFoundError } from './domain/images-errors';
