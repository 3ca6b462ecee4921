import { Injectable, Optional } from '@nestjs/common';
import { availableParallelism } from 'node:os';
import type { FileEditResult, ImageEditRequest, ImageEditResult, ImageModel } from '../../application/image-model.port';
import { NO_SUBJECT_MESSAGE, readPrompt, supportedEdits, UNKNOWN_BACKGROUND_MESSAGE, UNSUPPORTED_EDIT_MESSAGE } from './local-engine/edit-intents';
import { LocalEnginePool } from './local-engine/local-engine-pool';
import { UnsupportedEditError } from '../../domain/model-errors';

import { LOCAL_ENGINE_MODEL } from '../../domain/model-catalogue';

export { LOCAL_ENGINE_MODEL };

let sharedPool: LocalEnginePool | undefined;

/**
 * D10: the zero-config image model. Edits on this machine with sharp (no network) for the intents
 * of local-engine/edit-intents.ts; a prompt with none of them gets UnsupportedEditError
 * (422 with a short message and its list in details; the pipeline releases the credit). Output in the input's format
 * (a transparent background: PNG).
 * The pixels are worked on in LocalEnginePool's worker threads (ADR 0022), never on the event loop.
 * The request's seed decides the random elements and the grain (issue 15): the same seed gives the
 * same bytes, another seed other bytes.
 * ADR 0024: the background edits run a segmentation model in those threads; a background it cannot
 * draw, or a photo with no person in it, is refused the same way (422, free).
 */
@Injectable()
export class LocalImageModel implements ImageModel {
  readonly model = LOCAL_ENGINE_MODEL;
  private readonly pool: LocalEnginePool;

  /** Without a pool (scripts, tests): one shared pool of max(1, cores - 1) threads for the process. */
  constructor(@Optional() pool?: LocalEnginePool) {
    this.pool = pool ?? (sharedPool ??= new LocalEnginePool({ threads: Math.max(1, availableParallelism() - 1) }));
  }

  /** A file; with `acceptPixels`, the finished pixels instead (issue 29: no encode here, ADR 0038). */
  edit(request: ImageEditRequest & { acceptPixels?: false }): Promise<FileEditResult>;
  edit(request: ImageEditRequest): Promise<ImageEditResult>;
  async edit(request: ImageEditRequest): Promise<ImageEditResult> {
    const { intents, unknownBackground } = readPrompt(request.prompt, request.style);
    if (unknownBackground) throw new UnsupportedEditError(UNKNOWN_BACKGROUND_MESSAGE, supportedEdits());
    if (intents.length === 0) throw new UnsupportedEditError(UNSUPPORTED_EDIT_MESSAGE, supportedEdits());
    const transparent = intents.some((intent) => intent.kind === 'remove-background');
    const mimeType = transparent || request.mimeType === 'image/png' ? 'image/png' : 'image/jpeg';
    const output = request.acceptPixels ? 'pixels' : 'file';
    const outcome = await this.pool.render({ image: request.image, mimeType, intents, seed: request.seed, output }, request.signal);
    request.signal?.throwIfAborted();
    if (Buffer.isBuffer(outcome)) return { image: outcome, mimeType, model: LOCAL_ENGINE_MODEL, costMicros: 0 };
    if ('data' in outcome) return { pixels: outcome, mimeType, model: LOCAL_ENGINE_MODEL, costMicros: 0 };
    throw new UnsupportedEditError(NO_SUBJECT_MESSAGE, supportedEdits());
  }
}
