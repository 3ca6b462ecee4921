import { ApiProperty } from '@nestjs/swagger';
import { RenditionResponse } from '../../../../shared/http/openapi/common-responses';
import { sameJsonShape } from '../../../../shared/http/openapi/same-shape';
import type { FavoriteState } from '../../application/favorite-image.use-case';
import type { ImageHistory, ImageVersion } from '../../application/image-history.use-case';
import type { SavedImageView } from '../../application/list-my-edits.use-case';
import type { SavedState } from '../../application/save-image.use-case';
import type { SharedEdit } from '../../domain/shared-edit';

/** POST /api/images/{id}/save (001 §7). */
export class SavedStateResponse {
  @ApiProperty({ type: Boolean, enum: [true] })
  isSaved: true;

  @ApiProperty({ type: String, format: 'date-time' })
  savedAt: string;

  @ApiProperty({ type: String, format: 'date-time', description: 'D23: 60 days after saving.' })
  expiresAt: string;
}
sameJsonShape<SavedStateResponse, SavedState>();

/** DELETE /api/images/{id}/save. */
export class UnsavedStateResponse {
  @ApiProperty({ type: Boolean, enum: [false] })
  isSaved: false;
}

/** POST /api/images/{id}/favorite (001 §4, D23). */
export class FavoriteStateResponse {
  @ApiProperty({ type: String, format: 'uuid' })
  id: string;

  @ApiProperty({ type: Boolean })
  isFavorite: boolean;

  @ApiProperty({ type: String, format: 'date-time', description: 'D23: 365 days after favouriting, or 60 after saving when not a favourite.' })
  expiresAt: string;
}
sameJsonShape<FavoriteStateResponse, FavoriteState>();

/** POST /api/images/{id}/visibility (D14). */
export class VisibilityStateResponse {
  @ApiProperty({ type: String, format: 'uuid' })
  id: string;

  @ApiProperty({ type: Boolean })
  isPublic: boolean;
}

/** A saved image as GET /api/my-edits lists it (001 §3, plus what a card needs). */
export class SavedImageResponse {
  @ApiProperty({ type: String, format: 'uuid' })
  id: string;

  @ApiProperty({ type: String })
  prompt: string;

  @ApiProperty({ type: String })
  style: string;

  @ApiProperty({ type: String, format: 'date-time' })
  timestamp: string;

  @ApiProperty({ type: String, format: 'date-time' })
  savedAt: string;

  @ApiProperty({ type: String, format: 'date-time' })
  expiresAt: string;

  @ApiProperty({ type: Boolean })
  isFavorite: boolean;

  @ApiProperty({ type: Number })
  laughCount: number;

  @ApiProperty({ type: Boolean, description: "The owner's D14 choice." })
  isPublic: boolean;

  @ApiProperty({ type: Boolean, description: 'Hidden by a moderator (D14): Share says so instead of offering to make it public.' })
  isHiddenByAdmin: boolean;

  @ApiProperty({ type: Number, minimum: 1, description: 'D38: the versions of its edit chain from the first down to this one, as its history shows them (1 for a single edit).' })
  versions: number;

  @ApiProperty({ type: String })
  imageUrl: string;

  @ApiProperty({ type: String })
  originalUrl: string;

  @ApiProperty({ type: String })
  downloadUrl: string;

  @ApiProperty({ type: [RenditionResponse] })
  originalRenditions: RenditionResponse[];

  @ApiProperty({ type: [RenditionResponse] })
  generatedRenditions: RenditionResponse[];
}
sameJsonShape<SavedImageResponse, SavedImageView>();

/** GET /api/images/{id}/share (issue 15). */
export class SharedEditResponse {
  @ApiProperty({ type: String, format: 'uuid' })
  id: string;

  @ApiProperty({ type: String })
  prompt: string;

  @ApiProperty({ type: String })
  style: string;

  @ApiProperty({ type: String, format: 'date-time' })
  timestamp: string;

  @ApiProperty({ type: Number })
  laughCount: number;

  @ApiProperty({ type: String })
  imageUrl: string;

  @ApiProperty({ type: String })
  originalUrl: string;

  @ApiProperty({ type: [RenditionResponse] })
  originalRenditions: RenditionResponse[];

  @ApiProperty({ type: [RenditionResponse] })
  generatedRenditions: RenditionResponse[];

  @ApiProperty({
    enum: ['public', 'private', 'hidden'],
    enumName: 'ShareVisibility',
    description: 'Who can open it: everyone, only the owner (D14 switch off), or only the owner because an admin hid it.',
  })
  visibility: 'public' | 'private' | 'hidden';

  @ApiProperty({ type: Boolean, description: 'The viewer made it.' })
  isOwner: boolean;

  @ApiProperty({ type: String, nullable: true, example: 'black-forest-labs/flux-kontext-max', description: "D42: the model that made the edit, as the file's content credentials name it." })
  model: string | null;
}
sameJsonShape<SharedEditResponse, SharedEdit>();

/** One version of an edit chain (D38). */
export class ImageVersionResponse {
  @ApiProperty({ type: String, format: 'uuid' })
  id: string;

  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'The version it was edited from; null for an upload (or once that version is gone).' })
  parentImageId: string | null;

  @ApiProperty({ type: String, format: 'uuid', description: "The chain's first image." })
  rootImageId: string;

  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'D39: shared by the variants one request made; null for a single result.' })
  variantGroupId: string | null;

  @ApiProperty({ type: String })
  prompt: string;

  @ApiProperty({ type: String, enum: ['realistic', 'cartoon'] })
  style: string;

  @ApiProperty({ type: Number, nullable: true })
  seed: number | null;

  @ApiProperty({ type: String, nullable: true })
  model: string | null;

  @ApiProperty({ type: Boolean, description: 'D2: a watermarked credit paid for this step.' })
  watermarked: boolean;

  @ApiProperty({ type: Boolean, description: "D14: the owner's share choice." })
  isPublic: boolean;

  @ApiProperty({ type: String, format: 'date-time' })
  createdAt: string;

  @ApiProperty({ type: String })
  imageUrl: string;

  @ApiProperty({ type: String, description: 'What this step was made from, as its owner saw it.' })
  originalUrl: string;

  @ApiProperty({ type: String })
  downloadUrl: string;

  @ApiProperty({ type: [RenditionResponse] })
  originalRenditions: RenditionResponse[];

  @ApiProperty({ type: [RenditionResponse] })
  generatedRenditions: RenditionResponse[];
}
sameJsonShape<ImageVersionResponse, ImageVersion>();

/** GET /api/images/{id}/history (D38, owner only). */
export class ImageHistoryResponse {
  @ApiProperty({ type: [ImageVersionResponse], description: 'From the root (first) down to this image (last).' })
  chain: ImageVersionResponse[];

  @ApiProperty({ type: [ImageVersionResponse], description: "This image's direct children (edits and variants made from it), oldest first." })
  children: ImageVersionResponse[];
}
sameJsonShape<ImageHistoryResponse, ImageHistory>();
