import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { RenditionResponse } from '../../../../shared/http/openapi/common-responses';
import { sameJsonShape } from '../../../../shared/http/openapi/same-shape';
import type { EngineDescription } from '../../application/describe-engine.use-case';
import type { GenerationResult, GenerationVariant } from '../../application/generate-image.use-case';
import type { PromptFilterResult } from '../../domain/shared-with-client/prompt-filter';

/** One of the editor's 12 chips (000 §2) and whether the active engine does what it says. */
export class SuggestionSupportResponse {
  @ApiProperty({ type: String })
  prompt: string;

  @ApiProperty({ type: Boolean })
  supported: boolean;
}

/** One thing the local engine can do, in people's words, with a prompt that shows it. */
export class EngineCapabilityResponse {
  @ApiProperty({ type: String })
  name: string;

  @ApiProperty({ type: String })
  example: string;
}

/** GET /api/generation/capabilities (issue 15). */
export class EngineDescriptionResponse {
  @ApiProperty({ enum: ['replicate', 'local'], description: "D10: Replicate's model, or the local engine without a token." })
  engine: 'replicate' | 'local';

  @ApiProperty({ type: [SuggestionSupportResponse], description: "The 12 chips in the spec's order." })
  suggestions: SuggestionSupportResponse[];

  @ApiProperty({ type: [EngineCapabilityResponse], nullable: true, description: 'What the local engine understands; null with the AI model.' })
  capabilities: EngineCapabilityResponse[] | null;
}
sameJsonShape<EngineDescriptionResponse, EngineDescription>();

/** POST /api/content-filter (000 §3 "Prompt filter result", D13). */
export class PromptFilterResponse {
  @ApiProperty({ type: Boolean })
  isBlocked: boolean;

  @ApiProperty({ type: String, nullable: true, description: 'Why, for people; null when not blocked.' })
  reason: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'The topic (sexual_content, violence, hate); null when not blocked.' })
  category: string | null;
}
sameJsonShape<PromptFilterResponse, PromptFilterResult>();

/** Why a variant failed (D39); its credit was released. */
export class VariantErrorResponse {
  @ApiProperty({ type: String, description: 'The error code the whole request would have answered (e.g. GENERATION.MODEL_UNAVAILABLE).' })
  code: string;

  @ApiProperty({ type: String })
  message: string;
}

/** One variant of POST /api/generate with `variants` 2 or 4 (D39). */
export class GenerationVariantResponse {
  @ApiProperty({ type: String, format: 'uuid' })
  id: string;

  @ApiProperty({ enum: ['completed', 'failed'] })
  status: 'completed' | 'failed';

  @ApiProperty({ type: String, nullable: true, description: 'null when it failed.' })
  imageUrl: string | null;

  @ApiProperty({ type: String, nullable: true })
  originalUrl: string | null;

  @ApiProperty({ type: String, nullable: true })
  downloadUrl: string | null;

  @ApiProperty({ type: Boolean, nullable: true })
  watermarked: boolean | null;

  @ApiProperty({ type: String, nullable: true })
  model: string | null;

  @ApiProperty({ type: Number })
  seed: number;

  @ApiProperty({ type: [RenditionResponse] })
  originalRenditions: RenditionResponse[];

  @ApiProperty({ type: [RenditionResponse] })
  generatedRenditions: RenditionResponse[];

  @ApiProperty({ type: VariantErrorResponse, nullable: true, description: 'Why it failed; null when completed.' })
  error: VariantErrorResponse | null;
}
sameJsonShape<GenerationVariantResponse, GenerationVariant>();

/** POST /api/generate (000 §3 "Generation response", issue 4, D31). */
export class GenerationResponse {
  @ApiProperty({ type: String, format: 'uuid' })
  id: string;

  @ApiProperty({ type: String, description: 'The generated image: /api/images/{id}.' })
  imageUrl: string;

  @ApiProperty({ type: String, description: 'The original: /api/images/{id}/original.' })
  originalUrl: string;

  @ApiProperty({ type: String, description: 'The generated image as an attachment: /api/images/{id}/download.' })
  downloadUrl: string;

  @ApiProperty({ type: Boolean, description: 'D2: a watermarked credit paid for it.' })
  watermarked: boolean;

  @ApiProperty({ type: String, description: 'The model that made it (e.g. black-forest-labs/flux-kontext-max, or local-engine).' })
  model: string;

  @ApiProperty({ type: Number, description: 'Issue 15: the seed it was made with, drawn on the server.' })
  seed: number;

  @ApiProperty({ type: [RenditionResponse], description: 'By width ascending; empty when not made yet.' })
  originalRenditions: RenditionResponse[];

  @ApiProperty({ type: [RenditionResponse], description: 'By width ascending; empty when not made yet.' })
  generatedRenditions: RenditionResponse[];

  @ApiPropertyOptional({
    type: [GenerationVariantResponse],
    description: 'D39: only when `variants` was 2 or 4: every variant in order (the fields above are the first completed one\'s); absent for one.',
  })
  variants?: GenerationVariantResponse[];
}
sameJsonShape<GenerationResponse, GenerationResult>();
