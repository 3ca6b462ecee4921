import { Injectable } from '@nestjs/common';
import { TypeormImageRepository, type HistoryRow } from '../adapters/typeorm/typeorm-image.repository';
import { isImageId } from '../domain/image';
import { ImageNotFoundError } from '../domain/images-errors';
import { renditionViews, type RenditionView } from '../domain/rendition';

/** One version of a chain (D38) as GET /api/images/{id}/history answers it. */
export interface ImageVersion {
  id: string;
  parentImageId: string | null;
  rootImageId: string;
  /** D39: the variants one request made share it; null for a single result. */
  variantGroupId: string | null;
  prompt: string;
  style: string;
  seed: number | null;
  model: string | null;
  watermarked: boolean;
  isPublic: boolean;
  createdAt: string;
  imageUrl: string;
  originalUrl: string;
  downloadUrl: string;
  originalRenditions: RenditionView[];
  generatedRenditions: RenditionView[];
}

export interface ImageHistory {
  /** The chain from its root (first) down to the image asked about (last). */
  chain: ImageVersion[];
  /** The image's direct children (edits made from it, variants included), oldest first. */
  children: ImageVersion[];
}

function version(row: HistoryRow): ImageVersion {
  return {
    id: row.id,
    parentImageId: row.parentImageId,
    rootImageId: row.rootImageId,
    variantGroupId: row.variantGroupId,
    prompt: row.prompt,
    style: row.style,
    seed: row.seed,
    model: row.model,
    watermarked: row.isWatermarked,
    isPublic: row.isPublic,
    createdAt: row.timestamp.toISOString(),
    imageUrl: `/api/images/${row.id}`,
    originalUrl: `/api/images/${row.id}/original`,
    downloadUrl: `/api/images/${row.id}/download`,
    ...renditionViews(row.id, row.renditions),
  };
}

/**
 * D38: an image's history for its owner only: everyone else (another user, an admin, a visitor)
 * is told it does not exist, like any image that is not theirs, public or not (a chain is
 * private; its public images are reachable one by one through their own pages).
 */
@Injectable()
export class ImageHistoryUseCase {
  constructor(private readonly images: TypeormImageRepository) {}

  async execute(userId: string | null, imageId: string): Promise<ImageHistory> {
    if (!userId || !isImageId(imageId) || !isImageId(userId)) throw new ImageNotFoundError();
    const found = await this.images.findHistory(imageId, userId);
    if (!found) throw new ImageNotFoundError();
    return { chain: found.chain.map(version), children: found.children.map(version) };
  }
}
