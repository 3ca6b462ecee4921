import { Injectable } from '@nestjs/common';
import { TypeormImageRepository } from '../adapters/typeorm/typeorm-image.repository';
import { canView, isImageId, type Viewer } from '../domain/image';
import { ImageNotFoundError } from '../domain/images-errors';
import { sharedEditFor, sharePicture, type SharedEdit } from '../domain/shared-edit';
import type { SharePreview } from '../images.api';

/**
 * Issue 15: reads for an edit's share page (/share/{id}): the page's data for whoever asks
 * (GET /api/images/{id}/share), and the preview the server writes into the page's HTML for link
 * previews, which come without a session and so only ever see a public edit.
 */
@Injectable()
export class SharedEditService {
  constructor(private readonly images: TypeormImageRepository) {}

  /** The share page's data; 404 (as for an unknown id) when the viewer may not see the edit. */
  async find(id: unknown, viewer: Viewer | null): Promise<SharedEdit> {
    if (!isImageId(id)) throw new ImageNotFoundError();
    const image = await this.images.findShareable(id);
    const edit = image ? sharedEditFor(image, viewer) : null;
    if (!edit) throw new ImageNotFoundError();
    return edit;
  }

  /**
   * A public, completed, visible edit's prompt and preview picture; null for anything else. Link
   * previews come without a session: what a signed-out viewer may see (`canView`, as for the files).
   */
  async preview(id: string): Promise<SharePreview | null> {
    if (!isImageId(id)) return null;
    const image = await this.images.findShareable(id);
    if (!image || !canView(image, null)) return null;
    const picture = sharePicture(image);
    return picture ? { prompt: image.prompt, image: picture } : null;
  }
}
