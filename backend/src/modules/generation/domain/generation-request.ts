import { ValidationError } from '../../../shared/errors/domain-error';
import { MISSING_IMAGE, MISSING_IMAGE_AND_PROMPT, MissingInformationError } from './generation-errors';

/**
 * The fields of POST /api/generate (multipart, so every field is a string or absent), checked
 * against 000 §5's preconditions before anything else happens.
 */
export type GenerationStyle = 'realistic' | 'cartoon';

export const MAX_PROMPT_LENGTH = 1000;
/** What a cartoon request without a prompt asks the model for (the prompt column is required). */
export const CARTOON_DEFAULT_PROMPT = 'Turn this photo into a cartoon';

/** D39: how many variants a request may ask for. */
export const VARIANT_COUNTS = [1, 2, 4] as const;
export type VariantCount = (typeof VARIANT_COUNTS)[number];

export interface GenerationFields {
  hasImage: boolean;
  /** D38: the multipart `sourceImageId` (edit one of the caller's own images instead of an upload). */
  sourceImageId?: unknown;
  /** D39: the multipart `variants` ("1", "2" or "4"; absent: 1). */
  variants?: unknown;
  prompt?: unknown;
  style?: unknown;
  share?: unknown;
}

export interface GenerationRequest {
  /** Trimmed; for a cartoon without a prompt, CARTOON_DEFAULT_PROMPT. */
  prompt: string;
  /** Whether the user typed a prompt (only then does the prompt filter have anything to check). */
  promptGiven: boolean;
  style: GenerationStyle;
  /** D14: shared to the community feed unless `share` is "false". */
  isPublic: boolean;
  /** D38: the image to edit instead of an upload; null for an upload. */
  sourceImageId: string | null;
  /** D39: 1, 2 or 4. */
  variants: VariantCount;
}

function optionalText(value: unknown, field: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new ValidationError(`${field} must be a single text field`);
  return value;
}

// C0 control characters other than tab, line feed and carriage return (NUL among them: PostgreSQL
// cannot store it in text), and DEL.
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/**
 * The checks every prompt passes, in generation and in POST /api/content-filter (issue 9):
 * no control characters (a NUL would otherwise reach the database), at most MAX_PROMPT_LENGTH
 * characters (code points, after trimming).
 */
export function checkPromptText(prompt: string): void {
  if (CONTROL_CHARACTERS.test(prompt)) {
    throw new ValidationError('The prompt contains a control character (such as NUL) that is not allowed. Please remove it and try again.');
  }
  if (Array.from(prompt.trim()).length > MAX_PROMPT_LENGTH) {
    throw new ValidationError(`The prompt must be at most ${MAX_PROMPT_LENGTH} characters.`);
  }
}

export function parseGenerationRequest(fields: GenerationFields): GenerationRequest {
  const styleText = optionalText(fields.style, 'style')?.trim().toLowerCase() || 'realistic';
  if (styleText !== 'realistic' && styleText !== 'cartoon') {
    throw new ValidationError('style must be realistic or cartoon');
  }
  const style: GenerationStyle = styleText;
  const prompt = (optionalText(fields.prompt, 'prompt') ?? '').trim();
  const sourceImageId = optionalText(fields.sourceImageId, 'sourceImageId')?.trim() || null;
  if (sourceImageId && fields.hasImage) {
    throw new ValidationError('Send either a photo (image) or the version to edit (sourceImageId), not both.');
  }
  const hasPhoto = fields.hasImage || sourceImageId !== null;

  if (style === 'realistic' && (!hasPhoto || prompt.length === 0)) {
    throw new MissingInformationError(MISSING_IMAGE_AND_PROMPT);
  }
  if (!hasPhoto) throw new MissingInformationError(MISSING_IMAGE);
  checkPromptText(prompt);

  const shareText = optionalText(fields.share, 'share')?.trim().toLowerCase();
  if (shareText !== undefined && shareText !== '' && shareText !== 'true' && shareText !== 'false') {
    throw new ValidationError('share must be true or false');
  }

  const variantsText = optionalText(fields.variants, 'variants')?.trim();
  const variants = variantsText === undefined ? 1 : VARIANT_COUNTS.find((n) => String(n) === variantsText);
  if (variants === undefined) throw new ValidationError('variants must be 1, 2 or 4');

  return {
    prompt: prompt || CARTOON_DEFAULT_PROMPT,
    promptGiven: prompt.length > 0,
    style,
    isPublic: shareText !== 'false',
    sourceImageId,
    variants,
  };
}
