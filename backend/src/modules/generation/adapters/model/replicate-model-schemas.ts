import type { ImageEditRequest } from '../../application/image-model.port';
import { FLUX_2_PRO, KONTEXT_MAX, KONTEXT_PRO, NANO_BANANA } from '../../domain/model-catalogue';

/**
 * D41: each Replicate model's own input, as its published schema names it (ADR 0030), and the
 * words its vendor refuses with. The output is read the same way for all: a URL, or an array of
 * URLs whose first is the image.
 */
export interface ReplicateModelSchema {
  model: string;
  input(request: ImageEditRequest): Record<string, unknown>;
  /** A failed prediction whose error matches is a moderation refusal (D11: `nsfw_detected`, never a failure). */
  refusal: RegExp;
}

/** Flux allows at most 2 when an input image is given (0/1 strictest; Kontext 0-6, FLUX.2 1-5). */
export const SAFETY_TOLERANCE = 2;

/** Black Forest Labs on Replicate: E005 "flagged as sensitive"; its own API says "Content Moderated" / "Request Moderated". */
const BFL_REFUSAL = /\bE005\b|flagged as sensitive|content moderated|request moderated/i;
/** Google (Gemini image models): E005 on Replicate, or the finish reasons and block messages of its safety filters. */
const GOOGLE_REFUSAL = /\bE005\b|flagged as sensitive|IMAGE_SAFETY|PROHIBITED_CONTENT|IMAGE_PROHIBITED_CONTENT|blocked by (?:google'?s? )?safety|safety filter/i;

function dataUri(request: ImageEditRequest): string {
  return `data:${request.mimeType};base64,${request.image.toString('base64')}`;
}

/** Our output follows the upload's format (D12): JPEG in, JPEG out; PNG in, PNG out. */
function outputFormat(request: ImageEditRequest): 'jpg' | 'png' {
  return request.mimeType === 'image/png' ? 'png' : 'jpg';
}

/** Issue 15: a new seed per generation where the model takes one (Regenerate gives another image). */
function seedOf(request: ImageEditRequest): { seed?: number } {
  return request.seed === undefined ? {} : { seed: request.seed };
}

/** The Flux models read the style as part of the instruction. */
function fluxPrompt(request: ImageEditRequest): string {
  return request.style === 'cartoon' ? `${request.prompt} (in a cartoon style)` : request.prompt;
}

const kontext = (model: string): ReplicateModelSchema => ({
  model,
  input: (request) => ({
    prompt: fluxPrompt(request),
    input_image: dataUri(request),
    aspect_ratio: 'match_input_image',
    output_format: outputFormat(request),
    safety_tolerance: SAFETY_TOLERANCE,
    ...seedOf(request),
  }),
  refusal: BFL_REFUSAL,
});

export const REPLICATE_SCHEMAS: Readonly<Record<string, ReplicateModelSchema>> = {
  [KONTEXT_MAX]: kontext(KONTEXT_MAX),
  [KONTEXT_PRO]: kontext(KONTEXT_PRO),
  // FLUX.2 [pro]: `input_images` is an array; without `aspect_ratio` it makes a 1:1 square and
  // without `output_format` a WebP.
  [FLUX_2_PRO]: {
    model: FLUX_2_PRO,
    input: (request) => ({
      prompt: fluxPrompt(request),
      input_images: [dataUri(request)],
      aspect_ratio: 'match_input_image',
      output_format: outputFormat(request),
      output_quality: 95,
      safety_tolerance: SAFETY_TOLERANCE,
      ...seedOf(request),
    }),
    refusal: BFL_REFUSAL,
  },
  // Nano Banana: `image_input` is an array; it has no seed and no safety setting (Google's own
  // filters decide), and it takes the style as a sentence of the instruction.
  [NANO_BANANA]: {
    model: NANO_BANANA,
    input: (request) => ({
      prompt: request.style === 'cartoon' ? `${request.prompt}. Draw the result as a cartoon illustration.` : request.prompt,
      image_input: [dataUri(request)],
      aspect_ratio: 'match_input_image',
      output_format: outputFormat(request),
    }),
    refusal: GOOGLE_REFUSAL,
  },
};
