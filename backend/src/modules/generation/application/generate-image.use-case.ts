import { Inject, Injectable, Logger } from '@nestjs/common';
import { createHash, randomInt, randomUUID } from 'node:crypto';
import { ContentCredentialsService, type EditProvenance } from '../../../shared/provenance/content-credentials.service';
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
import { fingerprintOfFile, fingerprintOfPixels, type ImageFingerprint } from '../../../shared/fingerprint/image-fingerprint';
import { ImageBlockedError, REPORTS_API, type ReportsApi } from '../../reports';
import { ImageNotFoundError, IMAGES_API, type ChainSource, type GeneratedRenditions, type ImagesApi, type RenditionView, type StoredMimeType } from '../../images';
import { sanitizeFilename } from '../domain/filename';
import { SEED_MAX, SEED_MIN } from '../domain/generation-seed';
import { MODEL_BUSY_MESSAGE, PromptBlockedError, SourceImageNotReadyError, TooManyGenerationsInFlightError, UnusableModelOutputError } from '../domain/generation-errors';
import { parseGenerationRequest, type GenerationRequest } from '../domain/generation-request';
import { IMAGE_GENERATED, type ImageGenerated } from '../domain/image-generated.event';
import { TransientModelError, UnsupportedEditError } from '../domain/model-errors';
import { checkPromptOnServer } from '../domain/shared-with-client/prompt-filter';
import { shouldWatermark } from '../domain/watermark';
import { IMAGE_MODEL, type ImageEditResult, type ImageModel } from './image-model.port';
import { InstanceGenerationSlots } from './instance-generation-slots';
import { InstanceImageWork } from './instance-image-work';
import { OutputImageService, type OutputImage } from '../adapters/codecs/output-image.service';
import { RegionMaskService, type PreparedMask } from '../adapters/codecs/region-mask.service';
import { UploadCheckService, type CheckedImage } from '../adapters/codecs/upload-check.service';
import { ChainSourceCodec } from '../adapters/codecs/chain-source.codec';

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
  /** D38: edit one of the caller's own completed images instead of an upload. */
  sourceImageId?: unknown;
  /** D39: "1", "2" or "4". */
  variants?: unknown;
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
  /**
   * D39: only when more than one variant was asked for: each of them in the order they were
   * asked, the first completed one being the one answered at the top level.
   */
  variants?: GenerationVariant[];
}

/** D39: one variant of a request; a failed one carries its error and no image. */
export interface GenerationVariant {
  id: string;
  status: 'completed' | 'failed';
  imageUrl: string | null;
  originalUrl: string | null;
  downloadUrl: string | null;
  watermarked: boolean | null;
  model: string | null;
  seed: number;
  originalRenditions: RenditionView[];
  generatedRenditions: RenditionView[];
  /** Why it failed (its credit was released); null when completed. */
  error: { code: string; message: string } | null;
}

/** What a generation is made from: the model's input and what the new image stores as its original. */
interface PhotoSource {
  /** The model's input (D12-checked upload, or a chain's watermark-free master). */
  input: CheckedImage;
  /** Stored as the new image's original (what its owner saw): the upload, or a copy of the parent's served file made in the store. */
  stored: { bytes: Buffer; mimeType: StoredMimeType; filename: string | undefined; copiedFrom?: string };
  makeOriginalRenditions?: () => Promise<GeneratedRenditions | null>;
  parentImageId: string | null;
  rootImageId: string | null;
  /** D43: an upload's fingerprint (checked against the block list); a chain step's original takes its parent's. */
  fingerprint: ImageFingerprint | null;
}


/**
 * POST /api/generate (issue 4). Order matters:
 *   1. preconditions and the prompt filter (D13), a slot of this instance (issue 9: 429 when
 *      GENERATION_MAX_IN_FLIGHT_PER_INSTANCE are running), the balance (issue 15: 402 at once for
 *      too few, the upload left undecoded), then the photo: the upload check (D12), or the
 *      caller's own completed image for a chain step (D38: 404 / 409), and the region mask
 *      (D40: 400): no row, no credit;
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
 * D39: with 2 or 4 variants, step 2 makes a row each and holds their credits together (all or
 * none), steps 3-5 run side by side per variant, and each failed variant releases its own credit;
 * the request fails only when every variant did. ADR 0029 has the chain and mask design.
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
    private readonly masks: RegionMaskService,
    private readonly chainCodec: ChainSourceCodec,
    private readonly credentials: ContentCredentialsService,
    @Inject(REPORTS_API) private readonly reports: ReportsApi,
    private readonly imageWork: InstanceImageWork,
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
      sourceImageId: command.sourceImageId,
      variants: command.variants,
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
    // is what really decides (D4: under concurrency too). D39: N variants need N credits.
    const count = request.variants;
    if ((await this.credits.balance(command.userId)).balance < count) throw new InsufficientCreditsError();
    const [source, mask] = request.sourceImageId
      ? await this.chainSource(command, request.sourceImageId)
      : await this.imageWork.run(() => this.uploadSource(command));

    const ids = Array.from({ length: count }, () => randomUUID());
    const seeds = distinctSeeds(count);
    const variantGroupId = count > 1 ? randomUUID() : null;
    const created: string[] = [];
    try {
      for (const [i, id] of ids.entries()) {
        await this.images.createProcessing({
          id,
          userId: command.userId,
          originalFilename: sanitizeFilename(source.stored.filename),
          originalBytes: source.stored.bytes,
          originalMimeType: source.stored.mimeType,
          originalCopiedFrom: source.stored.copiedFrom,
          prompt: request.prompt,
          style: request.style,
          // D39: variants stay private until their owner picks one.
          isPublic: count > 1 ? false : request.isPublic,
          seed: seeds[i],
          makeOriginalRenditions: source.makeOriginalRenditions,
          parentImageId: source.parentImageId,
          rootImageId: source.rootImageId,
          variantGroupId,
          originalFingerprint: source.fingerprint,
        });
        created.push(id);
      }
    } catch (error) {
      await this.deleteUnpaid(created);
      throw error;
    }

    let reservations: Reservation[];
    const maxPerUser = this.config.generation.maxInFlight.perUser;
    try {
      // The active reservations are the user's generations in flight (on every instance), counted
      // under the ledger's per-user lock together with the holds themselves (all N or none, D39).
      reservations = await this.credits.reserveMany({
        userId: command.userId,
        holds: ids.map((id) => ({ idempotencyKey: `generate:${id}`, imageId: id })),
        maxActive: maxPerUser,
      });
    } catch (error) {
      await this.deleteUnpaid(ids);
      if (error instanceof TooManyActiveReservationsError) throw new TooManyGenerationsInFlightError('user', maxPerUser);
      throw error;
    }

    // The model calls run side by side; what follows each (decode, composite, watermark, encode:
    // a 12-megapixel output is ~150 MB while it is worked on) takes an image-work turn of this
    // instance (issue 29, default one at a time), so 4 variants hold no more memory than one.
    // D42: the photo every variant is edited from, the parent ingredient of each one's credentials (hashed once).
    const parent = { sha256: source.fingerprint?.sha256 ?? createHash('sha256').update(source.input.bytes).digest('hex'), mimeType: source.input.mimeType };
    const outcomes = await Promise.allSettled(
      ids.map((id, i) => this.generateOne(id, seeds[i], request, source, parent, mask, reservations[i], command.signal)),
    );
    const completed: GenerationResult[] = [];
    let firstError: unknown;
    for (const [i, outcome] of outcomes.entries()) {
      if (outcome.status === 'fulfilled') {
        completed.push(outcome.value);
        continue;
      }
      // D4: a failed generation never costs a credit (each variant its own, D39).
      const id = ids[i];
      await this.credits.release(reservations[i].id).catch((e: unknown) => this.logFailure('releasing the credit of', id, e));
      if (outcome.reason instanceof UnsupportedEditError || outcome.reason instanceof ImageBlockedError) {
        // Issue 9: a refused edit leaves nothing behind (no failed row to list or clean up); D43:
        // nor does an output that matches a taken-down image.
        await this.images.deleteUnpaid(id).catch((e: unknown) => this.logFailure('deleting a refused', id, e));
      } else {
        await this.images.markFailed(id).catch((e: unknown) => this.logFailure('marking failed', id, e));
      }
      firstError ??= this.clientError(outcome.reason, id);
    }
    if (completed.length === 0) throw firstError;

    for (const result of completed) {
      const event: ImageGenerated = {
        type: IMAGE_GENERATED,
        imageId: result.id,
        userId: command.userId,
        isPublic: count > 1 ? false : request.isPublic,
        prompt: request.prompt,
        style: request.style,
        timestamp: new Date().toISOString(),
      };
      await this.events.publish(event);
    }
    if (count === 1) return completed[0];
    const variants = outcomes.map((outcome, i): GenerationVariant => {
      if (outcome.status === 'fulfilled') return { ...outcome.value, status: 'completed', error: null };
      const error = this.clientError(outcome.reason, ids[i]);
      return {
        id: ids[i],
        status: 'failed',
        imageUrl: null,
        originalUrl: null,
        downloadUrl: null,
        watermarked: null,
        model: null,
        seed: seeds[i],
        originalRenditions: [],
        generatedRenditions: [],
        error: error instanceof DomainError ? { code: error.code, message: error.message } : { code: 'INTERNAL', message: 'Something went wrong.' },
      };
    });
    return { ...completed[0], variants };
  }

  private async deleteUnpaid(ids: readonly string[]): Promise<void> {
    for (const id of ids) await this.images.deleteUnpaid(id).catch((e: unknown) => this.logFailure('deleting an unpaid image', id, e));
  }

  /** An upload (D12) and its mask (D40), checked side by side. */
  private async uploadSource(command: GenerateImageCommand): Promise<[PhotoSource, PreparedMask | undefined]> {
    const [original, checkedMask] = await this.checkUploads(command);
    // D43: a photo that was taken down (its exact bytes, or its pixels within 6 bits) is refused
    // before anything is stored or reserved: no credit is spent. Hashed from the check's own decode.
    const sha256 = createHash('sha256').update(original.bytes).digest('hex');
    const fingerprint = original.renditionPixels ? await fingerprintOfPixels(original.renditionPixels, sha256) : await fingerprintOfFile(original.bytes);
    if (await this.reports.isBlocked(fingerprint)) throw new ImageBlockedError();
    // D31: the original's renditions encoded from the upload check's own decode (fast path), not
    // from a second decode of the upload (issue 14); started by the images context once the row is
    // written (encoding during the insert only slowed the insert down). Made once for all variants.
    const pixels = original.renditionPixels;
    // Issue 29: in a turn of their own (six encodes of a 9 MB decode), which generateOne waits for
    // before its output step's turn: that step needs them, and a turn held while waiting for
    // another turn would never be given back.
    const makeOriginalRenditions = pixels ? once(() => this.imageWork.run(() => this.images.renditionsFromPixels(pixels, original.width))) : undefined;
    const mask = checkedMask ? await this.masks.prepare(checkedMask.bytes, original) : undefined;
    return [
      {
        input: original,
        stored: { bytes: original.bytes, mimeType: original.mimeType, filename: command.image!.originalname },
        makeOriginalRenditions,
        parentImageId: null,
        rootImageId: null,
        fingerprint,
      },
      mask,
    ];
  }

  /**
   * D38: one of the caller's own completed images. The model gets its watermark-free master; the
   * new image's original is the file its owner saw. Another user's, a deleted, unknown or
   * malformed id: 404 before anything is reserved; processing or failed: 409.
   */
  private async chainSource(command: GenerateImageCommand, sourceImageId: string): Promise<[PhotoSource, PreparedMask | undefined]> {
    const found: ChainSource | null = await this.images.chainSource(command.userId, sourceImageId);
    if (!found) throw new ImageNotFoundError();
    if (found.status !== 'completed') throw new SourceImageNotReadyError(found.status);
    const input = await this.chainCodec.asModelInput(found.master.bytes, found.master.mimeType);
    if (command.mask?.buffer?.length) {
      // The mask's own D12 check (type by content, size, pixels), as for an upload's.
      await this.uploads.check(command.mask.buffer, 'mask');
    }
    const mask = command.mask?.buffer?.length ? await this.masks.prepare(command.mask.buffer, input) : undefined;
    // The parent's served file's renditions are this original's (the same file): read, not made
    // again; when the parent has none (the backfill had not run yet), made from the stored copy.
    const makeOriginalRenditions = once(() => this.images.generatedRenditionsOf(found.id));
    return [
      {
        input,
        stored: { bytes: Buffer.alloc(0), mimeType: found.servedMimeType, filename: found.originalFilename ?? undefined, copiedFrom: found.id },
        makeOriginalRenditions,
        parentImageId: found.id,
        rootImageId: found.rootImageId,
        fingerprint: null,
      },
      mask,
    ];
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

  /**
   * One image: the model on the whole photo, its pixels kept only inside the mask (D40), the
   * watermark when this image's own credit says so (D2), the watermark-free master kept for the
   * chain (D38), the credit captured.
   */
  private async generateOne(
    imageId: string,
    seed: number,
    request: GenerationRequest,
    source: PhotoSource,
    parent: EditProvenance['parent'],
    mask: PreparedMask | undefined,
    reservation: Reservation,
    clientSignal: AbortSignal | undefined,
  ): Promise<GenerationResult> {
    const original = source.input;
    // Issue 29: a model that has the output's pixels may hand them over (ADR 0038), unless a
    // region mask is to be composited with the file (D40).
    const edited = await this.callModel(imageId, request, seed, original, clientSignal, !mask);
    const watermarked = shouldWatermark(reservation.kind);
    // The original's renditions, which the output step's completion stores, made before its turn
    // is taken (they take a turn of their own; a failure is the images context's to handle).
    await source.makeOriginalRenditions?.().catch(() => undefined);
    // Issue 29: the output step in one of this instance's image-work turns, ahead of waiting checks
    // and edits (it frees the model's output, ADR 0038).
    const completed = await this.imageWork.finish(async () => {
      let made: Buffer;
      let output: OutputImage;
      if ('pixels' in edited) {
        output = await this.outputs.fromPixels(edited.pixels, edited.mimeType, { watermark: watermarked });
        made = output.master?.bytes ?? output.bytes; // the edit as a file, before any watermark
      } else {
        made = mask ? await this.masks.composite(original.bytes, edited.image, mask) : edited.image;
        // The output is checked (and turned upright, watermarked) first: what is not an image is the model's failure.
        output = await this.outputs.prepare(made, { watermark: watermarked });
      }
      // D42: the served file and its renditions carry content credentials, signed after the last
      // transform (the watermark); started at once, beside the block-list check below (issue 29).
      const provenance: EditProvenance = {
        model: edited.model,
        editedAt: new Date(),
        parent,
      };
      const signing = Promise.all([
        this.credentials.sign(output.bytes, output.mimeType, provenance),
        output.renditions.then((made) => made && this.signRenditions(made, provenance)),
      ]);
      signing.catch(() => undefined); // awaited below, or dropped with a refused output
      // D43: an output that matches a taken-down image is refused like a refused edit (no credit).
      // From the pixels the renditions are drawn from (no second decode); a file too small for
      // renditions is hashed from its bytes.
      const madeSha256 = createHash('sha256').update(made).digest('hex');
      const madeFingerprint = await output.pixels
        .then((pixels) => (pixels ? fingerprintOfPixels(pixels, madeSha256) : fingerprintOfFile(made)))
        .catch((cause: unknown) => {
          throw new UnusableModelOutputError({ cause });
        });
      if (await this.reports.isBlocked(madeFingerprint)) throw new ImageBlockedError();
      const [signed, renditions] = await signing;
      return this.images.completeWith(imageId, {
        bytes: signed,
        mimeType: output.mimeType,
        model: edited.model,
        isWatermarked: watermarked,
        renditions: Promise.resolve(renditions),
        master: output.master,
        // The served file's exact hash; its pixels' perceptual hash (the watermark moves a few bits at most).
        fingerprint: { sha256: createHash('sha256').update(signed).digest('hex'), phash: madeFingerprint.phash },
        hasContentCredentials: true,
      });
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

  /** D42: each WebP rendition signed like the file it shows (the images context versions it by its new bytes). */
  private async signRenditions(made: GeneratedRenditions, provenance: EditProvenance): Promise<GeneratedRenditions> {
    const signed = await Promise.all(
      made.made.map(async (r) => {
        const bytes = await this.credentials.sign(r.bytes, 'image/webp', provenance);
        return { ...r, bytes };
      }),
    );
    return { ...made, made: signed };
  }

  /** The model chain's call under MODEL_TIMEOUT_MS (all its models together); a model that ignores the abort is left behind all the same. */
  private async callModel(
    imageId: string,
    request: GenerationRequest,
    seed: number,
    original: CheckedImage,
    clientSignal: AbortSignal | undefined,
    acceptPixels: boolean,
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
        seed,
        signal: controller.signal,
        imageId,
        acceptPixels,
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

/** D39: `count` different seeds. */
function distinctSeeds(count: number): number[] {
  const seeds = new Set<number>();
  while (seeds.size < count) seeds.add(randomInt(SEED_MIN, SEED_MAX + 1));
  return [...seeds];
}

/** Calls `make` once, however often the result is asked for (the variants share one original). */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
}
