import { Injectable, Optional } from '@nestjs/common';
import { availableParallelism } from 'node:os';
import type { ImageEditRequest, ImageEditResult, ImageModel } from '../../application/image-model.port';
import { describeCapabilities, parseEditIntents } from './local-engine/edit-intents';
import { LocalEnginePool } from './local-engine/local-engine-pool';
import { UnsupportedEditError } from '../../domain/model-errors';

export const LOCAL_ENGINE_MODEL = 'local-engine';

let sharedPool: LocalEnginePool | undefined;

/**
 * D10: the zero-config image model. Edits on this machine with sharp (no network) for the intents
 * of local-engine/edit-intents.ts; a prompt with none of them gets UnsupportedEditError
 * (422 naming what it can do; the pipeline releases the credit). Output in the input's format.
 * The pixels are worked on in LocalEnginePool's worker threads (ADR 0022), never on the event loop.
 */
@Injectable()
export class LocalImageModel implements ImageModel {
  private readonly pool: LocalEnginePool;

  /** Without a pool (scripts, tests): one shared pool of max(1, cores - 1) threads for the process. */
  constructor(@Optional() pool?: LocalEnginePool) {
    this.pool = pool ?? (sharedPool ??= new LocalEnginePool({ threads: Math.max(1, availableParallelism() - 1) }));
  }

  async edit(request: ImageEditRequest): Promise<ImageEditResult> {
    const intents = parseEditIntents(request.prompt, request.style);
    if (intents.length === 0) {
      const { message, supported } = describeCapabilities();
      throw new UnsupportedEditError(message, supported);
    }
    const mimeType = request.mimeType === 'image/png' ? 'image/png' : 'image/jpeg';
    const image = await this.pool.render({ image: request.image, mimeType, intents }, request.signal);
    request.signal?.throwIfAborted();
    return { image, mimeType, model: LOCAL_ENGINE_MODEL };
  }
}
