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
}

export interface ImageEditResult {
  /** The model's output, already fetched (Replicate deletes it after an hour, D12). */
  image: Buffer;
  mimeType: 'image/jpeg' | 'image/png' | 'image/webp';
  /** Which model made it (e.g. black-forest-labs/flux-kontext-max, or local-engine). */
  model: string;
  /** D41: what this call cost, in micro-dollars (its model's price; 0 for the local engine). */
  costMicros: number;
}

export interface ImageModel {
  /**
   * Throws (domain/model-errors.ts): ModelRefusedError (the vendor's moderation refusal →
   * `nsfw_detected`), TransientModelError (E003/E004, 5xx, network, timeout: counts toward D11/D41),
   * UnsupportedEditError (the local engine found no intent it can do → 422, its list in details).
   */
  edit(request: ImageEditRequest): Promise<ImageEditResult>;
}

export const IMAGE_MODEL = Symbol('IMAGE_MODEL');
