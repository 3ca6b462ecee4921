/**
 * D10/D41: the image model port. Adapters: one per Replicate model (replicate-model-schemas.ts)
 * and the local sharp engine (no network, a documented set of edit intents); the chain
 * (ChainImageModel) is itself an ImageModel that tries them in order.
 */
export type ImageStyle = 'realistic' | 'cartoon';

export interface ImageEditRequest {
  /** The checked upload: orientation applied, metadata stripped (D12). */
  image: Buffer;
  mimeType: 'image/jpeg' | 'image/png';
  prompt: string;
  style: ImageStyle;
  /**
   * Issue 15: the generation's seed, drawn on the server for each generation (0..2^31-1, never
   * taken from the client) and stored with the image. The local engine's random elements follow
   * it (same seed, same bytes); Replicate gets it as its `seed` input. Left out (scripts, the
   * fallback probe): the local engine uses 0 and Replicate picks its own.
   */
  seed?: number;
  /** Aborted when the per-call timeout passes or the request goes away. */
  signal?: AbortSignal;
  /** The image this call makes (D41: its attempts are recorded against it); left out by probes. */
  imageId?: string;
  /**
   * Issue 29 (ADR 0038): the caller can take the output as decoded pixels. A model that has them
   * in memory anyway (the local engine) may then answer a PixelEditResult and skip its encode; the
   * output step encodes them once and draws the renditions from them. Others answer a file.
   */
  acceptPixels?: boolean;
}

interface EditResultCommon {
  /** The format to store the output in (an encoded file's own). */
  mimeType: 'image/jpeg' | 'image/png' | 'image/webp';
  /** Which model made it (e.g. black-forest-labs/flux-kontext-max, or local-engine). */
  model: string;
  /** D41: what this call cost, in micro-dollars (its model's price; 0 for the local engine). */
  costMicros: number;
}

export interface FileEditResult extends EditResultCommon {
  /** The model's output, already fetched (Replicate deletes it after an hour, D12). */
  image: Buffer;
}

/** The output as 8-bit sRGB pixels, full size and upright (only to a request that accepts pixels). */
export interface DecodedPixels {
  data: Buffer;
  width: number;
  height: number;
  channels: 3 | 4;
}

export interface PixelEditResult extends EditResultCommon {
  mimeType: 'image/jpeg' | 'image/png';
  pixels: DecodedPixels;
}

export type ImageEditResult = FileEditResult | PixelEditResult;

export interface ImageModel {
  /**
   * Throws (domain/model-errors.ts): ModelRefusedError (the vendor's moderation refusal →
   * `nsfw_detected`), TransientModelError (E003/E004, 5xx, network, timeout: counts toward D11/D41),
   * UnsupportedEditError (the local engine found no intent it can do → 422, its list in details).
   * A file, unless the request accepts pixels.
   */
  edit(request: ImageEditRequest): Promise<ImageEditResult>;
}

export const IMAGE_MODEL = Symbol('IMAGE_MODEL');
