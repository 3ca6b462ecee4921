import { ModelRefusedError, TransientModelError, UnsupportedEditError } from '../domain/model-errors';
import type { ChainModels } from './chain-models';
import { isCallerAbort } from './fallback-abort';
import type { ImageEditRequest, ImageEditResult, ImageModel } from './image-model.port';
import type { ModelChainService } from './model-chain.service';

/**
 * D41: the IMAGE_MODEL. Each generation asks the shared state which models to try, in order
 * (skipped and disabled ones passed over), and tries them one after another within the request's
 * time budget (its signal): a transient failure counts against that model and the next one is
 * tried; the first image wins. A moderation refusal, an edit the local engine cannot do, the
 * budget running out and the user going away end the chain at once. Every call is recorded (model,
 * outcome, latency, cost). Nothing here charges: the pipeline captures the credit only after an
 * image is made, so a model that failed is never paid for by the user.
 */
export class ChainImageModel implements ImageModel {
  constructor(
    private readonly chain: ModelChainService,
    private readonly models: ChainModels,
  ) {}

  async edit(request: ImageEditRequest): Promise<ImageEditResult> {
    const plan = await this.chain.plan();
    let lastError: unknown = new TransientModelError('No image model of the chain is enabled');
    for (const model of plan) {
      request.signal?.throwIfAborted();
      const started = performance.now();
      try {
        const result = await this.models.byId.get(model)!.edit(request);
        await this.chain.record({ model, purpose: 'generation', imageId: request.imageId ?? null, latencyMs: performance.now() - started, error: null, result });
        return result;
      } catch (error) {
        const callerAborted = isCallerAbort(request.signal);
        await this.chain.record({ model, purpose: 'generation', imageId: request.imageId ?? null, latencyMs: performance.now() - started, error, callerAborted });
        // The model answered (a refusal, an edit it cannot do), the budget is spent, or the user went away.
        if (error instanceof ModelRefusedError || error instanceof UnsupportedEditError || request.signal?.aborted) throw error;
        if (!(error instanceof TransientModelError)) throw error;
        lastError = error;
      }
    }
    throw lastError;
  }
}
