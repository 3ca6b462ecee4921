import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomInt, randomUUID } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { DomainError } from '../../../shared/errors/domain-error';
import { EventBus } from '../../../shared/events/event-bus';
import {
  CREDITS_API,
  InsufficientCreditsError,
  ReservationReleasedError,
  TooManyActiveReservationsError,
  type CreditsApi,
  type Reservation,
} from '../../credits';
import { IMAGES_API, type ImagesApi, type RenditionView } from '../../images';
import { sanitizeFilename } from '../domain/filename';
import { SEED_MAX, SEED_MIN } from '../domain/generation-seed';
import { MODEL_BUSY_MESSAGE, PromptBlockedError, TooManyGenerationsInFlightError } from '../domain/generation-errors';
import { parseGenerationRequest, type GenerationRequest } from '../domain/generation-request';
import { IMAGE_GENERATED, type ImageGenerated } from '../domain/image-generated.event';
import { TransientModelError, UnsupportedEditError } from '../domain/model-errors';
import { checkPromptOnServer } from '../domain/shared-with-client/prompt-filter';
import { shouldWatermark } from '../domain/watermark';
import { IMAGE_MODEL, type ImageEditResult, type ImageModel } from './image-model.port';
import { InstanceGenerationSlots } from './instance-generation-slots';
import { OutputImageService } from '../adapters/codecs/output-image.service';
import { UploadCheckService, type CheckedImage } from '../adapters/codecs/upload-check.service';

export interface UploadedFile {
  buffer: Buffer;
  originalname?: string;
}

export interface GenerateImageCommand {
  userId: string;
  image?: UploadedFile;
  mask?: UploadedFile;
  prompt?: unknown;
  style?: unknown;
  share?: unknown;
  /** Aborted when the client goes away; the model call is abandoned and nothing is charged. */
  signal?: AbortSignal;
}

/** The generation HTTP contract's success body. */
export interface GenerationResult {
  id: string;
  imageUrl: string;
  originalUrl: string;
  downloadUrl: string;
  watermarked: boolean;
  model: string;
  /** Issue 15: the seed this image was made with (drawn on the server, stored on its row). */
  seed: number;
  /** D31: the WebP renditions the result step draws (none when not made yet). */
  originalRenditions: RenditionView[];
  generatedRenditions: RenditionView[];
}

/**
 * POST /api/generate (issue 4). Order matters:
 *   1. preconditions and the prompt filter (D13), a slot of this instance (issue 9: 429 when
 *      GENERATION_MAX_IN_FLIGHT_PER_INSTANCE are running), the balance (issue 15: 402 at once for
 *      none, the upload left undecoded), then the upload check (D12): no row, no credit;
 *   2. the image row in `processing` with the checked original and a fresh seed (issue 15: drawn
 *      here for every generation, never taken from the client, so Regenerate gives another
 *      picture), then one credit reserved (D4),
 *      refused (429, row deleted) when the user already has GENERATION_MAX_IN_FLIGHT_PER_USER
 *      reservations active on any instance;
 *   3. the model call with a timeout, outside any transaction (rule 6);
 *   4. the output watermarked when a watermarked credit paid (D2), stored, row `completed`;
 *   5. the credit captured, ImageGenerated published.
 * Any failure after step 2 releases the credit and leaves the row `failed` without bytes, except
 * an edit the model refuses to do (422): that row is deleted, as if nothing had been asked.
 */
@Injectable()
export class GenerateImageUseCase {
  private readonly logger = new Logger(GenerateImageUseCase.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CREDITS_API) private readonly credits: CreditsApi,
    @Inject(IMAGE_MODEL) private readonly model: ImageModel,
    private readonly uploads: UploadCheckService,
    private readonly outputs: OutputImageService,
    @Inject(IMAGES_API) private readonly images: ImagesApi,
    private readonly events: EventBus,
    private readonly slots: InstanceGenerationSlots,
  ) {}

  async execute(command: GenerateImageCommand): Promise<GenerationResult> {
    const request = this.parse(command);
    // Issue 9: before anything is decoded (a 40-megapixel upload costs ~300 MB while it is worked on).
    const releaseSlot = this.slots.acquire();
    try {
      return await this.run(command, request);
    } finally {
      releaseSlot();
    }
  }

  private parse(command: GenerateImageCommand): GenerationRequest {
    const request = parseGenerationRequest({
      hasImage: Boolean(command.image?.buffer?.length),
      prompt: command.prompt,
      style: command.style,
      share: command.share,
    });
    if (request.promptGiven) {
      const verdict = checkPromptOnServer(request.prompt);
      if (verdict.isBlocked) throw new PromptBlockedError(verdict.reason ?? 'This prompt is not allowed.', verdict.category);
    }
    return request;
  }

  private async run(command: GenerateImageCommand, request: GenerationRequest): Promise<GenerationResult> {
    // Issue 15: the balance first. Someone with nothing left is answered 402 as soon as it is known
    // (ADR 0021's cache, or one query), not after the upload check (over a second for a
    // 12-megapixel photo), so the Out of Credits toast follows the click at once; and their upload
    // is never decoded: a decode left running after the answer would outlive this instance's slot
    // (issue 9's memory bound) and take libuv's threads from paying users. The reservation below
    // is what really decides (D4: under concurrency too).
    if ((await this.credits.balance(command.userId)).balance < 1) throw new InsufficientCreditsError();
    const [original, mask] = await this.checkUploads(command);

    const imageId = randomUUID();
    const seed = randomInt(SEED_MIN, SEED_MAX + 1);
    // D31: the original's renditions encoded from the upload check's own decode (fast path), not
    // from a second decode of the upload (issue 14); started by the images context once the row is
    // written (encoding during the insert only slowed the insert down).
    const pixels = original.renditionPixels;
    const makeOriginalRenditions = pixels ? () => this.images.renditionsFromPixels(pixels, original.width) : undefined;
    await this.images.createProcessing({
      id: imageId,
      userId: command.userId,
      originalFilename: sanitizeFilename(command.image!.originalname),
      originalBytes: original.bytes,
      originalMimeType: original.mimeType,
      prompt: request.prompt,
      style: request.style,
      isPublic: request.isPublic,
      seed,
      makeOriginalRenditions,
    });

    let reservation: Reservation;
    const maxPerUser = this.config.generation.maxInFlight.perUser;
    try {
      // The active reservations are the user's generations in flight (on every instance), counted
      // under the ledger's per-user lock together with the hold itself.
      reservation = await this.credits.reserve({ userId: command.userId, idempotencyKey: `generate:${imageId}`, imageId, maxActive: maxPerUser });
    } catch (error) {
      await this.images.deleteUnpaid(imageId).catch((e: unknown) => this.logFailure('deleting an unpaid image', imageId, e));
      if (error instanceof TooManyActiveReservationsError) throw new TooManyGenerationsInFlightError('user', maxPerUser);
      throw error;
    }

    let result: GenerationResult;
    try {
      result = await this.generate(imageId, seed, request, original, mask, reservation, command.signal);
    } catch (error) {
      // D4: a failed generation never costs a credit.
      await this.credits.release(reservation.id).catch((e: unknown) => this.logFailure('releasing the credit of', imageId, e));
      if (error instanceof UnsupportedEditError) {
        // Issue 9: a refused edit leaves nothing behind (no failed row to list or clean up).
        await this.images.deleteUnpaid(imageId).catch((e: unknown) => this.logFailure('deleting a refused', imageId, e));
      } else {
        await this.images.markFailed(imageId).catch((e: unknown) => this.logFailure('marking failed', imageId, e));
      }
      throw this.clientError(error, imageId);
    }

    const event: ImageGenerated = {
      type: IMAGE_GENERATED,
      imageId,
      userId: command.userId,
      isPublic: request.isPublic,
      prompt: request.prompt,
      style: request.style,
      timestamp: new Date().toISOString(),
    };
    await this.events.publish(event);
    return result;
  }

  /**
   * ADR 0022: the image's and the mask's checks (libvips, on libuv's threads) side by side, both
   * settled before either verdict is given, so no decode outlives the request's slot; the image's
   * verdict comes first, then the mask's.
   */
  private async checkUploads(command: GenerateImageCommand): Promise<[CheckedImage, CheckedImage | undefined]> {
    const [image, mask] = await Promise.allSettled([
      this.uploads.check(command.image!.buffer),
      command.mask?.buffer?.length ? this.uploads.check(command.mask.buffer, 'mask') : undefined,
    ]);
    if (image.status === 'rejected') throw image.reason;
    if (mask.status === 'rejected') throw mask.reason;
    return [image.value, mask.value];
  }

  private async generate(
    imageId: string,
    seed: number,
    request: GenerationRequest,
    original: CheckedImage,
    mask: CheckedImage | undefined,
    reservation: Reservation,
    clientSignal: AbortSignal | undefined,
  ): Promise<GenerationResult> {
    const edited = await this.callModel(request, seed, original, mask, clientSignal);
    const watermarked = shouldWatermark(reservation.kind);
    const output = await this.outputs.prepare(edited.image, { watermark: watermarked });
    const completed = await this.images.completeWith(imageId, {
      bytes: output.bytes,
      mimeType: output.mimeType,
      model: edited.model,
      isWatermarked: watermarked,
      renditions: output.renditions,
    });
    // The recovery job gave up on it meanwhile (and released its credit): it stays failed.
    if (!completed) throw new TransientModelError('The generation took too long and was abandoned');
    await this.credits.capture(reservation.id, imageId);
    return {
      id: imageId,
      imageUrl: `/api/images/${imageId}`,
      originalUrl: `/api/images/${imageId}/original`,
      downloadUrl: `/api/images/${imageId}/download`,
      watermarked,
      model: edited.model,
      seed,
      ...completed,
    };
  }

  /** The model call under MODEL_TIMEOUT_MS; a model that ignores the abort is left behind all the same. */
  private async callModel(
    request: GenerationRequest,
    seed: number,
    original: CheckedImage,
    mask: CheckedImage | undefined,
    clientSignal: AbortSignal | undefined,
  ): Promise<ImageEditResult> {
    const controller = new AbortController();
    const timeoutMs = this.config.generation.modelTimeoutMs;
    const timer = setTimeout(
      () => controller.abort(new TransientModelError(`The model did not answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
    const onClientGone = () => controller.abort(new DomainError('unavailable', 'GENERATION.CANCELLED', 'The request was cancelled'));
    if (clientSignal?.aborted) onClientGone();
    clientSignal?.addEventListener('abort', onClientGone, { once: true });
    const aborted = new Promise<never>((_, reject) => {
      const fail = () => reject(controller.signal.reason);
      if (controller.signal.aborted) fail();
      else controller.signal.addEventListener('abort', fail, { once: true });
    });
    aborted.catch(() => undefined); // observed below; never an unhandled rejection
    try {
      const call = this.model.edit({
        image: original.bytes,
        mimeType: original.mimeType,
        prompt: request.prompt,
        style: request.style,
        mask: mask?.bytes,
        seed,
        signal: controller.signal,
      });
      call.catch(() => undefined); // a late failure after the abort is of no interest
      return await Promise.race([call, aborted]);
    } catch (error) {
      // Whatever the model threw because it was aborted, the reason is the abort's.
      if (controller.signal.aborted && !(error instanceof DomainError)) throw controller.signal.reason;
      throw error;
    } finally {
      clearTimeout(timer);
      clientSignal?.removeEventListener('abort', onClientGone);
    }
  }

  /** The error the client gets: the contract's text for a busy model; anything unknown stays a 500. */
  private clientError(error: unknown, imageId: string): unknown {
    // A busy model, or a generation so slow that the recovery job released its credit meanwhile.
    if (error instanceof TransientModelError || error instanceof ReservationReleasedError) {
      this.logger.warn(`Generation ${imageId} failed: ${error.message}`);
      return new TransientModelError(MODEL_BUSY_MESSAGE, { cause: error });
    }
    if (!(error instanceof DomainError)) this.logFailure('generating', imageId, error);
    return error;
  }

  private logFailure(what: string, imageId: string, error: unknown): void {
    this.logger.error(`Failed ${what} image ${imageId}: ${(error as Error)?.message ?? String(error)}`);
  }
}
