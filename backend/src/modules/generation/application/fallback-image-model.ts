import type { ImageEditRequest, ImageEditResult, ImageModel } from './image-model.port';
import { isCallerAbort } from './fallback-abort';
import type { FallbackModels } from './fallback-models';
import type { FallbackService } from './fallback.service';

/**
 * D11: the IMAGE_MODEL when Replicate is configured. Each call asks the shared state which model
 * serves (primary, or the fallback while it is active / forced by the admin), runs it, and records
 * the outcome: a success or a transient failure of the primary moves the state; a moderation
 * refusal (E005) and an abort by the caller (the user went away) do not count.
 */
export class FallbackImageModel implements ImageModel {
  constructor(
    private readonly fallback: FallbackService,
    private readonly models: FallbackModels,
  ) {}

  async edit(request: ImageEditRequest): Promise<ImageEditResult> {
    const role = await this.fallback.chooseRole();
    try {
      const result = await this.models[role].edit(request);
      await this.fallback.recordOutcome(role, null);
      return result;
    } catch (error) {
      // A timeout counts; the user going away does not.
      if (!isCallerAbort(request.signal)) await this.fallback.recordOutcome(role, error);
      throw error;
    }
  }
}
