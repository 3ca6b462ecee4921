import { Injectable } from '@nestjs/common';
import type { ImageEditRequest, ImageEditResult, ImageModel } from '../../application/image-model.port';
import { describeCapabilities, parseEditIntents } from './local-engine/edit-intents';
import { UnsupportedEditError } from '../../domain/model-errors';
import { applyIntents, decode, encode } from './local-engine-renderer';

export const LOCAL_ENGINE_MODEL = 'local-engine';

/**
 * D10: the zero-config image model. Edits on this machine with sharp (no network) for the intents
 * of local-engine/edit-intents.ts; a prompt with none of them gets UnsupportedEditError
 * (422 naming what it can do; the pipeline releases the credit). Output in the input's format.
 */
@Injectable()
export class LocalImageModel implements ImageModel {
  async edit(request: ImageEditRequest): Promise<ImageEditResult> {
    const intents = parseEditIntents(request.prompt, request.style);
    if (intents.length === 0) {
      const { message, supported } = describeCapabilities();
      throw new UnsupportedEditError(message, supported);
    }
    request.signal?.throwIfAborted();
    const edited = await applyIntents(await decode(request.image), intents);
    request.signal?.throwIfAborted();
    const mimeType = request.mimeType === 'image/png' ? 'image/png' : 'image/jpeg';
    return { image: await encode(edited, mimeType), mimeType, model: LOCAL_ENGINE_MODEL };
  }
}
